// The Colissimo relay picker of the shipping step (SPEC §2 Colissimo relay modal, §4 Relay modal, §5
// relay address form, §9 map constants), in French and English, on a desktop and a 375 px phone: a
// signed-in shopper with a cart opens it from the shipping step, searches a town, expands a cluster
// of the map, chooses a relay point on the map and another in the list, meets the phone rule, and
// validates; the relay point shows on the step. The real server answers: the embedded relay dataset,
// the gazetteer and the bundled offline map style. axe finds nothing serious or critical in the modal.
import { pagePath } from "../../common/pages.ts";
import type { Lang } from "./support/api.ts";
import { expectNoSeriousA11yViolations } from "./support/a11y.ts";
import { registerCustomer, signInBrowser } from "./support/customers.ts";
import { DESKTOP, MOBILE, expect, test, type BrowserContext, type Locator, type OpenPage } from "./support/fixtures.ts";
import { message, messagePattern } from "./support/messages.ts";
import { addAProduct } from "./support/shopping.ts";

/** A town of the embedded gazetteer with many relay points around it. */
const TOWN = { street: "1 place Bellecour", postCode: "69002", city: "Lyon" };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * How a shopper reaches the picker: signed in, a product in the cart, on the shipping step, the
 * button `relais.open` ('Choisir un point relais' / 'Choose a relay point') of the relay delivery.
 */
async function openRelayPicker(context: BrowserContext, openPage: OpenPage, lang: Lang, viewport: { width: number; height: number }) {
  const session = await registerCustomer(lang);
  await signInBrowser(context, session.token);
  const page = await openPage(`/${lang}`, { viewport });
  await addAProduct(page, lang);
  await page.goto(pagePath("checkoutShipping", lang));
  await page.getByRole("button", { name: message(lang, "relais.open"), exact: true }).click();
  const dialog = page.getByRole("dialog", { name: message(lang, "relais.title") });
  await expect(dialog).toBeVisible();
  return { page, dialog };
}

/** Fills the relay address form with a town and searches it. */
async function searchTown(dialog: Locator, lang: Lang): Promise<void> {
  await dialog.getByRole("textbox", { name: messagePattern(lang, "addressForm.street.label") }).fill(TOWN.street);
  await dialog.getByRole("textbox", { name: messagePattern(lang, "addressForm.postCode.label") }).fill(TOWN.postCode);
  await dialog.getByRole("textbox", { name: messagePattern(lang, "addressForm.city.label") }).fill(TOWN.city);
  await dialog.getByRole("combobox", { name: messagePattern(lang, "addressForm.country.label") }).selectOption("FR");
  await dialog.getByRole("button", { name: message(lang, "relais.search"), exact: true }).click();
  await expect(dialog.getByRole("radio").first()).toBeVisible();
}

/** The map has stopped moving (a flight to an address or a point, a zoom) and drawn its markers. */
async function settled(map: Locator): Promise<void> {
  await expect(map.locator(".relay-map__view")).toHaveAttribute("aria-busy", "false");
}

/** The relay point of a list entry: its name, the first line of its label. */
async function relayNameOf(radio: Locator): Promise<string> {
  const label = await radio.evaluate((input) => (input instanceof HTMLInputElement ? (input.labels?.[0]?.querySelector(".relay-list__name")?.textContent ?? "") : ""));
  if (!label) throw new Error("a relay point of the list has no name");
  return label;
}

const CASES: { lang: Lang; screen: string; viewport: { width: number; height: number } }[] = [
  { lang: "fr", screen: "desktop", viewport: DESKTOP },
  { lang: "en", screen: "desktop", viewport: DESKTOP },
  { lang: "fr", screen: "375 px", viewport: MOBILE },
  { lang: "en", screen: "375 px", viewport: MOBILE },
];

test.describe("Colissimo relay picker", () => {
  for (const { lang, screen, viewport } of CASES) {
    test(`searches a town, expands a cluster, chooses on the map and in the list, and validates (${lang}, ${screen})`, async ({ context, openPage }) => {
      const { page, dialog } = await openRelayPicker(context, openPage, lang, viewport);
      await searchTown(dialog, lang);

      // Only A2P points are listed, nearest first, with their distance (m under 1,000, else km) and opening times.
      const radios = dialog.getByRole("radio");
      await expect(radios.first()).toBeVisible();
      expect(await radios.count()).toBeGreaterThan(1);
      await expect(dialog.locator(".relay-list__distance").first()).toHaveText(/^\d+(?:[.,]\d)?\s?k?m$/u);
      const firstHours = dialog.locator(".relay-list__hours").first();
      await firstHours.getByText(message(lang, "relais.openingTimes"), { exact: true }).click();
      await expect(firstHours.getByRole("row")).toHaveCount(7);
      await expect(firstHours.locator("tr[aria-current='date']")).toHaveCount(1);

      // The map shows the points around the address; zoomed out, nearby points are grouped.
      const map = dialog.getByRole("region", { name: message(lang, "relais.map.label") });
      await expect(map.locator(".maplibregl-canvas")).toBeVisible();
      await settled(map);
      const clusters = map.locator(".relay-map__cluster");
      const zoomOut = map.getByRole("button", { name: message(lang, "relais.map.zoomOut"), exact: true });
      // Zoomed out until a group shows (the map redraws its groups as it settles: asked again until
      // one is there to be clicked). A marker may lie over a group's edge: the click goes to the group.
      let grouped = 0;
      await expect(async () => {
        if ((await clusters.count()) === 0) {
          await zoomOut.click();
          await settled(map);
        }
        const cluster = clusters.first();
        grouped = Number(await cluster.textContent({ timeout: 1_000 }));
        await cluster.dispatchEvent("click", undefined, { timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      expect(grouped).toBeGreaterThanOrEqual(2);

      // The group expands: the map zooms in until its points stand apart (or in smaller groups).
      await settled(map);
      await expect
        .poll(async () => (await clusters.allTextContents()).map(Number).filter((count) => count >= grouped).length)
        .toBe(0);

      // Chosen on the map: the list shows it chosen.
      const markers = map.locator(".relay-map__marker");
      await expect(markers.first()).toBeVisible();
      const onMap = (await markers.first().getAttribute("aria-label")) ?? "";
      await settled(map);
      await markers.first().click();
      await expect(dialog.getByRole("radio", { name: new RegExp(escapeRegExp(onMap)) })).toBeChecked();
      await expect(dialog.getByText(message(lang, "relais.chosen").replace("{name}", onMap))).toBeVisible();

      // Chosen in the list: the map flies to it and shows it chosen.
      const other = (await radios.all()).at(-1);
      if (!other) throw new Error("no relay point listed");
      const inList = await relayNameOf(other);
      expect(inList).not.toBe(onMap);
      await other.check();
      await expect(map.getByRole("button", { name: inList, exact: true })).toHaveAttribute("aria-pressed", "true");
      await expect(dialog.getByText(message(lang, "relais.chosen").replace("{name}", inList))).toBeVisible();

      // The phone rule: a number valid in France, rewritten in international format.
      const validate = dialog.getByRole("button", { name: message(lang, "relais.validate"), exact: true });
      const phone = dialog.getByRole("textbox", { name: messagePattern(lang, "addressForm.phone.label") });
      await phone.fill("0412");
      await phone.blur();
      await expect(dialog.getByText(message(lang, "addressForm.phone.error"), { exact: true })).toBeVisible();
      await expect(validate).toBeDisabled();
      await phone.fill("06 12 34 56 78");
      await phone.blur();
      await expect(phone).toHaveValue("+33 6 12 34 56 78");
      await expect(validate).toBeEnabled();

      await expectNoSeriousA11yViolations(page);

      await validate.click();
      await expect(dialog).toBeHidden();
      // The shipping step shows the relay point chosen.
      await expect(page.getByRole("main").getByText(inList)).toBeVisible();
    });
  }

  test("chooses a relay point with the keyboard alone, and refuses a country other than France", async ({ context, openPage }) => {
    const { page, dialog } = await openRelayPicker(context, openPage, "en", DESKTOP);
    await dialog.getByRole("textbox", { name: messagePattern("en", "addressForm.street.label") }).fill(TOWN.street);
    await dialog.getByRole("textbox", { name: messagePattern("en", "addressForm.postCode.label") }).fill(TOWN.postCode);
    await dialog.getByRole("textbox", { name: messagePattern("en", "addressForm.city.label") }).fill(TOWN.city);
    await dialog.getByRole("combobox", { name: messagePattern("en", "addressForm.country.label") }).selectOption("BE");
    await dialog.getByRole("button", { name: message("en", "relais.search"), exact: true }).click();
    await expect(dialog.getByText(message("en", "relais.country.error"), { exact: true })).toBeVisible();
    await expect(dialog.getByRole("radio")).toHaveCount(0);

    await searchTown(dialog, "en");
    // Into the list and down it with the arrow keys, as a radio group.
    const radios = dialog.getByRole("radio");
    await radios.first().focus();
    await page.keyboard.press("Space");
    await expect(radios.first()).toBeChecked();
    await page.keyboard.press("ArrowDown");
    await expect(radios.nth(1)).toBeChecked();
    await expect(radios.nth(1)).toBeFocused();
    const phone = dialog.getByRole("textbox", { name: messagePattern("en", "addressForm.phone.label") });
    await phone.focus();
    await page.keyboard.type("0612345678");
    await page.keyboard.press("Tab");
    await expect(phone).toHaveValue("+33 6 12 34 56 78");
    const validate = dialog.getByRole("button", { name: message("en", "relais.validate"), exact: true });
    await expect(validate).toBeEnabled();
    // Back closes the modal without choosing, and the focus returns to the button that opened it.
    await dialog.getByRole("button", { name: message("en", "relais.back"), exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: message("en", "relais.open"), exact: true })).toBeFocused();
  });
});

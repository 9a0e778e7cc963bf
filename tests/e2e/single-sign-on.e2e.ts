// Employee single sign-on in a real browser against the real server and its embedded identity
// provider (SPEC §2 login modal, /habile-sign-in, /empowerment-sign-in, guards): the provider's own
// sign-in page, the way back through the return page, the welcome modal, the empowerment programme's
// entry and checkout paid from the money pot, the refusals. Each test signs in a different demo
// employee, so that none depends on what another did to its account or pot. axe on each page.
import type { Locator, Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y.ts";
import { normaliseSpaces, shownPrice, type Lang } from "./support/api.ts";
import { findProduct, type Product } from "./support/catalogue.ts";
import { currentCustomer, registerCustomer, signInBrowser } from "./support/customers.ts";
import { expect, test, type BrowserContext } from "./support/fixtures.ts";
import { message, messagePattern } from "./support/messages.ts";
import { MOBILE } from "./support/screens.ts";
import { CUSTOMER_TOKEN_COOKIE } from "../../src/app/customer-token.ts";

/** The demo employees' password on the embedded provider. */
const EMPLOYEE_PASSWORD = "EscaleDemo2026!";

const EMPLOYEES = {
  nadia: { email: "nadia.benali@staff.demo.escale.example", firstName: "Nadia", lastName: "Benali" },
  marc: { email: "marc.lefebvre@staff.demo.escale.example", firstName: "Marc", lastName: "Lefebvre" },
  sophie: { email: "sophie.girard@staff.demo.escale.example", firstName: "Sophie", lastName: "Girard" },
  thomas: { email: "thomas.mercier@staff.demo.escale.example", firstName: "Thomas", lastName: "Mercier" },
} as const;
type Employee = (typeof EMPLOYEES)[keyof typeof EMPLOYEES];

/** The provider's page is the shop's server's, not the SPA's: its texts are its own. */
const PROVIDER_PAGE = {
  fr: { email: "Adresse e-mail", password: "Mot de passe", submit: "Se connecter" },
  en: { email: "E-mail address", password: "Password", submit: "Sign in" },
} as const;

const t = (lang: Lang, id: string, values?: Record<string, string>) => {
  let text = message(lang, id);
  for (const [name, value] of Object.entries(values ?? {})) text = text.replace(`{${name}}`, value);
  return text;
};

/** The address's path once the browser is on it (the home page is `/fr` or `/fr/`). */
const atPath = (pathname: string) => (url: URL) => url.pathname.replace(/(.)\/$/, "$1") === pathname;

/** The browser is on the provider's sign-in page (one interaction of its own). */
const onProvider = (url: URL) => url.pathname.startsWith("/oidc/interaction/");

/** The checkout, as its address is in each language. */
const PATHS = {
  fr: { checkout: "/fr/commande", empowermentCheckout: "/fr/commande-empowerment", product: "/fr/produit" },
  en: { checkout: "/en/checkout", empowermentCheckout: "/en/checkout-empowerment", product: "/en/product" },
} as const;

/** What the catalogue asks for a product, discount included, in cents. */
const priceOf = (product: Product) => (product.offer?.discountPrice ?? product.offer?.regularPrice)?.taxIncluded ?? 0;

/** A product without variants, in stock, whose price satisfies `test`. */
const simpleProductPriced = (lang: Lang, what: string, test: (cents: number) => boolean) =>
  findProduct(lang, what, (product) => !product.isConfigurable && product.offer !== null && product.offer.stockQuantity > 5 && test(priceOf(product)));

async function openLogin(page: Page, lang: Lang): Promise<Locator> {
  // The header's button on a wide screen, the bottom bar's on a phone.
  await page.getByRole("button", { name: t(lang, "layout.account"), exact: true }).filter({ visible: true }).first().click();
  const dialog = page.getByRole("dialog", { name: t(lang, "layout.login.title") });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** On the provider's sign-in page (axe on it), signs the employee in; a wrong password first when asked. */
async function signInOnProvider(page: Page, lang: Lang, employee: Employee, { wrongPasswordFirst = false } = {}): Promise<void> {
  const texts = PROVIDER_PAGE[lang];
  await page.waitForURL(onProvider);
  const email = page.getByRole("textbox", { name: texts.email, exact: true });
  await expect(email).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  await expectNoSeriousA11yViolations(page);
  const password = page.getByLabel(texts.password, { exact: true });
  if (wrongPasswordFirst) {
    await email.fill(employee.email);
    await password.fill("not-the-password");
    await page.getByRole("button", { name: texts.submit, exact: true }).click();
    // Still the provider's page, with the reason said and tied to the fields.
    await expect(page.getByRole("alert")).toBeVisible();
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await expectNoSeriousA11yViolations(page);
  }
  await email.fill(employee.email);
  await password.fill(EMPLOYEE_PASSWORD);
  await page.getByRole("button", { name: texts.submit, exact: true }).click();
}

/** The welcome modal greets the employee; it is closed to go on shopping. */
async function expectWelcome(page: Page, lang: Lang, employee: Employee): Promise<void> {
  const welcome = page.getByRole("dialog", { name: t(lang, "auth.welcome.title", { names: `${employee.firstName} ${employee.lastName}` }) });
  await expect(welcome).toBeVisible();
  await animationsDone(page);
  await expectNoSeriousA11yViolations(page);
  await welcome.getByRole("button", { name: t(lang, "auth.welcome.continue"), exact: true }).click();
  await expect(welcome).toBeHidden();
}

/** Signed in: the account button is a link to the account (a button opens the sign-in dialog). */
async function expectSignedIn(page: Page, lang: Lang): Promise<void> {
  await expect(page.getByRole("link", { name: t(lang, "layout.account"), exact: true }).filter({ visible: true }).first()).toBeVisible();
}

/** Signs a brand employee in from the login modal's employee tab. */
async function signInWithHabile(page: Page, lang: Lang, employee: Employee, options: { wrongPasswordFirst?: boolean } = {}): Promise<void> {
  const dialog = await openLogin(page, lang);
  await dialog.getByRole("tab", { name: t(lang, "layout.login.tab.employee"), exact: true }).click();
  await dialog.getByRole("button", { name: t(lang, "auth.habile.button"), exact: true }).click();
  await signInOnProvider(page, lang, employee, options);
}

/** The session token the shop keeps for the browser (its cookie), to ask the API who is signed in. */
async function tokenOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((candidate) => candidate.name === CUSTOMER_TOKEN_COOKIE);
  if (!cookie) throw new Error("the browser holds no customer token");
  return decodeURIComponent(cookie.value);
}

/** The money pot above the header (a complementary landmark): "Budget : X restants sur Y". */
function potRegion(page: Page, lang: Lang) {
  return page.getByRole("complementary", { name: t(lang, "empowerment.pot.label"), exact: true });
}
async function expectPot(page: Page, lang: Lang, remainingCents: number, budgetCents: number): Promise<void> {
  const text = t(lang, "empowerment.pot.header", { remaining: shownPrice(remainingCents, lang), budget: shownPrice(budgetCents, lang) });
  await expect(potRegion(page, lang)).toHaveText(new RegExp(escapeForPattern(normaliseSpaces(text)).replace(/ /g, "\\s*")));
}
const escapeForPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Puts a product in the cart from its page, as a shopper does, and closes the confirmation. */
async function addToCart(page: Page, lang: Lang, product: Product): Promise<void> {
  await page.goto(`${PATHS[lang].product}/${product.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
  await page.getByRole("button", { name: t(lang, "product.addToCart"), exact: true }).click();
  const modal = page.getByRole("dialog").filter({ has: page.getByRole("button", { name: t(lang, "cart.modal.continue"), exact: true }) });
  await expect(modal).toBeVisible();
  await modal.getByRole("button", { name: t(lang, "cart.modal.continue"), exact: true }).click();
  await expect(modal).toBeHidden();
}

/** A part of the checkout, a region named by its heading. */
function section(page: Page, lang: Lang, headingId: string) {
  return page.getByRole("region", { name: t(lang, headingId), exact: true });
}

/** A crew member arrives by the programme's link, signs in on the provider's page and is back as a beneficiary with the pot. */
async function arriveAsCrewMember(page: Page, lang: Lang, employee: Employee): Promise<void> {
  await page.goto(`/${lang}/empowerment-sign-in?context=vol-AF1234&client=Dupont`);
  await signInOnProvider(page, lang, employee);
  await page.waitForURL(atPath(`/${lang}`));
  await expectWelcome(page, lang, employee);
  await expectSignedIn(page, lang);
  // The tab holds the programme's flags.
  expect(await page.evaluate(() => [sessionStorage.getItem("empowerment"), sessionStorage.getItem("empowermentClient")])).toEqual(["vol-AF1234", "Dupont"]);
}

/** Adds a Belgian delivery address through the address form of the empowerment checkout. */
async function addBelgianAddress(page: Page, lang: Lang, names: { firstName: string; lastName: string }): Promise<void> {
  await page.getByRole("button", { name: t(lang, "checkout.shipping.addAddress"), exact: true }).click();
  const dialog = page.getByRole("dialog", { name: t(lang, "addressModal.addTitle"), exact: true });
  await expect(dialog).toBeVisible();
  await animationsDone(page);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("combobox", { name: t(lang, "addressForm.country.label"), exact: true }).selectOption({ label: lang === "fr" ? "Belgique" : "Belgium" });
  await dialog.getByRole("textbox", { name: t(lang, "addressForm.firstName.label"), exact: true }).fill(names.firstName);
  await dialog.getByRole("textbox", { name: t(lang, "addressForm.lastName.label"), exact: true }).fill(names.lastName);
  await dialog.getByRole("textbox", { name: t(lang, "addressForm.street.label"), exact: true }).fill("Rue Neuve 12");
  await dialog.getByRole("textbox", { name: t(lang, "addressForm.postCode.label"), exact: true }).fill("1000");
  await dialog.getByRole("textbox", { name: t(lang, "addressForm.city.label"), exact: true }).fill("Bruxelles");
  await dialog.getByRole("textbox", { name: t(lang, "addressForm.phone.label"), exact: true }).fill("+32470123456");
  await dialog.getByLabel(t(lang, "addressForm.name.label"), { exact: false }).fill("Passager Bruxelles");
  await dialog.getByRole("button", { name: t(lang, "addressForm.submit"), exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(section(page, lang, "empowerment.order.delivery").getByRole("radio", { name: /Passager Bruxelles/ })).toBeChecked();
}

/** Chooses a radio of the checkout unless the cart has it already; it is checked once the server answered. */
async function chooseOnce(radio: Locator): Promise<void> {
  await expect(radio).toBeEnabled();
  if (!(await radio.isChecked())) await radio.click();
  await expect(radio).toBeChecked();
}

/** Waits until no transition or finite animation runs (a modal fading in has not its final colours yet). */
async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.effect?.getTiming().iterations === Infinity || animation.playState !== "running"),
  );
}

/** The order's total incl. VAT as the checkout's summary shows it, in cents. */
async function shownTotal(page: Page, lang: Lang): Promise<number> {
  const total = page.locator(".cart-totals__row", { has: page.getByText(t(lang, "checkout.summary.total"), { exact: true }) }).locator("dd");
  const text = normaliseSpaces((await total.textContent()) ?? "");
  const digits = text.replace(/[^\d,.]/g, "");
  const cents = lang === "fr" ? digits.replace(/\./g, "").replace(",", ".") : digits.replace(/,/g, "");
  return Math.round(Number(cents) * 100);
}

/**
 * The whole journey of a crew member: the programme's link, the provider, browsing with the flag,
 * the checkout sent to the programme's, a gift to a Belgian address with a card message, the pot
 * going down by the order's total, then a cart above what is left refused (and kept).
 */
async function crewMemberJourney(page: Page, lang: Lang, employee: Employee, messageSaved: "onLeavingTheField" | "byPlacingTheOrder"): Promise<void> {
  const budget = 15_000;
  await arriveAsCrewMember(page, lang, employee);
  await expectPot(page, lang, budget, budget);
  await expectNoSeriousA11yViolations(page);

  // While the flag is held, the shop stays open to her: a product page, the cart.
  const gift = await simpleProductPriced(lang, "gift under 60 €", (cents) => cents > 0 && cents <= 6_000);
  await addToCart(page, lang, gift);
  await expect(page).not.toHaveURL(onProvider);
  await expectNoSeriousA11yViolations(page);

  // The usual checkout sends a beneficiary to the programme's.
  await page.goto(PATHS[lang].checkout);
  await expect(page).toHaveURL(atPath(PATHS[lang].empowermentCheckout));
  await expect(page.getByRole("heading", { level: 1, name: t(lang, "empowerment.order.title"), exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await addBelgianAddress(page, lang, { firstName: "Léa", lastName: "Dupont" });
  const methods = section(page, lang, "checkout.methods.title");
  // Each choice is the cart's, saved on the server: checked once it answered. A delivery with a
  // price, so that the total the pot pays includes it.
  await chooseOnce(methods.getByRole("radio").nth(1));
  await chooseOnce(section(page, lang, "checkout.billing.title").getByRole("radio", { name: /Passager Bruxelles/ }));
  await page.getByRole("textbox", { name: new RegExp(escapeForPattern(t(lang, "empowerment.order.card.label"))) }).fill(lang === "fr" ? "Merci d'avoir voyagé avec nous !" : "Thank you for flying with us!");
  // The message is saved when the field is left, or by 'Place the order' itself: both roads a
  // shopper takes are walked (one per language).
  if (messageSaved === "onLeavingTheField") {
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: t(lang, "empowerment.order.place"), exact: true })).toBeEnabled();
  }
  await expect(page.getByRole("button", { name: t(lang, "empowerment.order.place"), exact: true })).toBeEnabled();
  const total = await shownTotal(page, lang);
  expect(total).toBeGreaterThan(0);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: t(lang, "empowerment.order.place"), exact: true }).click();
  await expect(page).not.toHaveURL(atPath(PATHS[lang].empowermentCheckout), { timeout: 30_000 });
  // The pot went down by the order's total.
  await expectPot(page, lang, budget - total, budget);
  await expectNoSeriousA11yViolations(page);

  // A cart above what is left: refused with the budget alert, the cart kept.
  const tooDear = await simpleProductPriced(lang, "product above 150 €", (cents) => cents > budget);
  await addToCart(page, lang, tooDear);
  await page.goto(PATHS[lang].empowermentCheckout);
  await expect(page.getByRole("heading", { level: 1, name: t(lang, "empowerment.order.title"), exact: true })).toBeVisible();
  const methodsAgain = section(page, lang, "checkout.methods.title");
  await chooseOnce(section(page, lang, "empowerment.order.delivery").getByRole("radio", { name: /Passager Bruxelles/ }));
  await chooseOnce(methodsAgain.getByRole("radio").nth(1));
  await chooseOnce(section(page, lang, "checkout.billing.title").getByRole("radio", { name: /Passager Bruxelles/ }));
  const place = page.getByRole("button", { name: t(lang, "empowerment.order.place"), exact: true });
  await expect(place).toBeEnabled();
  await place.click();
  await expect(page.getByRole("alert").filter({ hasText: t(lang, "empowerment.order.budgetExceededLeft").split("{")[0] ?? "" })).toBeVisible();
  await expect(page).toHaveURL(atPath(PATHS[lang].empowermentCheckout));
  await expect(page.getByText(tooDear.name).first()).toBeVisible();
  await expectPot(page, lang, budget - total, budget);
  await expectNoSeriousA11yViolations(page);
}

test.describe("employee single sign-on", () => {
  test("a brand employee signs in from the login modal through the provider's page, and again into the same account (French)", async ({ context, openPage }) => {
    const lang = "fr";
    const nadia = EMPLOYEES.nadia;
    const page = await openPage("/fr");
    await signInWithHabile(page, lang, nadia, { wrongPasswordFirst: true });
    // Back through the return page, then on the page she left from, greeted.
    await page.waitForURL(atPath("/fr/habile-sign-in"));
    await expectWelcome(page, lang, nadia);
    await expect(page).toHaveURL(atPath("/fr"));
    await expectSignedIn(page, lang);
    const first = await currentCustomer(await tokenOf(context));
    expect(first).toMatchObject({ email: nadia.email, firstName: nadia.firstName, lastName: nadia.lastName, customerGroup: "BRAND_EMPLOYEE" });

    // The account is hers: her names on the profile.
    await page.getByRole("link", { name: t(lang, "layout.account"), exact: true }).filter({ visible: true }).first().click();
    await expect(page.getByRole("textbox", { name: t(lang, "account.profile.firstName.label"), exact: true })).toHaveValue(nadia.firstName);
    await expect(page.getByRole("textbox", { name: t(lang, "account.profile.lastName.label"), exact: true })).toHaveValue(nadia.lastName);
    await expectNoSeriousA11yViolations(page);

    // Signed out, then in again: the provider still knows her (no page of its own this time) and
    // the shop finds the same account.
    await page.getByRole("button", { name: t(lang, "layout.signOut"), exact: true }).filter({ visible: true }).first().click();
    await expect(page.getByRole("button", { name: t(lang, "layout.account"), exact: true }).filter({ visible: true }).first()).toBeVisible();
    await page.goto("/fr");
    const dialog = await openLogin(page, lang);
    await dialog.getByRole("tab", { name: t(lang, "layout.login.tab.employee"), exact: true }).click();
    await dialog.getByRole("button", { name: t(lang, "auth.habile.button"), exact: true }).click();
    await page.waitForURL(atPath("/fr/habile-sign-in"));
    await expectWelcome(page, lang, nadia);
    await expectSignedIn(page, lang);
    expect((await currentCustomer(await tokenOf(context))).id).toBe(first.id);
  });

  test("a replayed return after the sign-in neither signs out nor breaks the session (English, phone)", async ({ context, openPage }) => {
    const lang = "en";
    const nadia = EMPLOYEES.nadia;
    const page = await openPage("/en", { viewport: MOBILE });
    // The provider's answer is the return page's address: kept to come back to it afterwards.
    const returns: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame() && new URL(frame.url()).pathname === "/en/habile-sign-in") returns.push(frame.url());
    });
    await signInWithHabile(page, lang, nadia);
    await expectWelcome(page, lang, nadia);
    await expectSignedIn(page, lang);
    const signedIn = await currentCustomer(await tokenOf(context));
    const [answer] = returns;
    expect(answer).toContain("code=");

    // The same answer again (a reload, the back button): its code is spent, the session stays.
    await page.goto(answer ?? "");
    await expect(page.getByRole("heading", { name: t(lang, "sso.failed.title"), exact: true })).toBeHidden();
    await expect(page).toHaveURL(atPath("/en"));
    await expect(page.getByRole("status").filter({ hasText: t(lang, "sso.alreadySignedIn") })).toBeVisible();
    await expectSignedIn(page, lang);
    expect((await currentCustomer(await tokenOf(context))).id).toBe(signedIn.id);
    await page.reload();
    await expectSignedIn(page, lang);
    await expectNoSeriousA11yViolations(page);
  });

  test("the programme's administrator sets next month's budget with a staff-number file (English)", async ({ openPage }) => {
    const lang = "en";
    const marc = EMPLOYEES.marc;
    const page = await openPage("/en");
    await signInWithHabile(page, lang, marc);
    await expectWelcome(page, lang, marc);
    await page.goto("/en/configure-empowerment");
    await expect(page.getByRole("heading", { level: 1, name: t(lang, "empowerment.setup.title"), exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const month = page.getByRole("combobox", { name: t(lang, "empowerment.setup.month.label") });
    const now = new Date();
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const nextMonth = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(next);
    await month.selectOption({ label: nextMonth });
    await page.getByRole("textbox", { name: new RegExp(escapeForPattern(t(lang, "empowerment.setup.amount.label"))) }).fill("150");
    // A spreadsheet's export: a header line, Windows line ends.
    await page.getByLabel(new RegExp(escapeForPattern(t(lang, "empowerment.setup.file.label")))).setInputFiles({
      name: "crew.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("staffNumber\r\nPN300001\r\nPN300002\r\nPN300009\r\n"),
    });
    await page.getByRole("button", { name: t(lang, "empowerment.setup.submit"), exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: nextMonth })).toBeVisible();
    const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: nextMonth, exact: true }) });
    await expect(row).toContainText(shownPrice(15_000, lang));
    await row.getByText(messagePattern(lang, "empowerment.setups.show")).click();
    for (const staffNumber of ["PN300001", "PN300002", "PN300009"]) await expect(row.getByRole("listitem").filter({ hasText: staffNumber })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("a crew member arrives by the programme's link and offers a gift paid from her pot (French)", async ({ openPage }) => {
    test.setTimeout(180_000);
    const page = await openPage("/fr");
    await crewMemberJourney(page, "fr", EMPLOYEES.sophie, "onLeavingTheField");
  });

  test("a crew member arrives by the programme's link and offers a gift paid from his pot (English)", async ({ openPage }) => {
    test.setTimeout(180_000);
    const page = await openPage("/en");
    await crewMemberJourney(page, "en", EMPLOYEES.thomas, "byPlacingTheOrder");
  });
});

test.describe("single sign-on refusals", () => {
  test("a General public customer gets the 401 page on the budget page", async ({ context, openPage }) => {
    const session = await registerCustomer("fr");
    await signInBrowser(context, session.token);
    const page = await openPage("/fr/configure-empowerment");
    await expect(page).toHaveURL(atPath("/fr/401"));
    await expect(page.getByRole("heading", { level: 1, name: t("fr", "errorPage.unauthorized.title"), exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("a guest holding the programme's flag who goes to the checkout is sent to the provider", async ({ openPage }) => {
    const page = await openPage("/fr");
    await page.goto("/fr/empowerment-sign-in?context=vol-AF1234&client=Dupont");
    await page.waitForURL(onProvider);
    // The guest comes back to the shop without signing in; the flag is still held by the tab.
    await page.goto("/fr/commande");
    await page.waitForURL(onProvider);
    await expect(page.getByRole("textbox", { name: PROVIDER_PAGE.fr.email, exact: true })).toBeVisible();
  });

  test("a forged return shows the failure, with a way to try again and a way home", async ({ openPage }) => {
    const page = await openPage("/fr");
    await page.goto("/fr/habile-sign-in?code=x&state=forged");
    await expect(page.getByRole("heading", { level: 1, name: t("fr", "sso.failed.title"), exact: true })).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: t("fr", "sso.error.state") })).toBeVisible();
    await expect(page.getByRole("button", { name: t("fr", "sso.retry"), exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: t("fr", "sso.home"), exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("link", { name: t("fr", "sso.home"), exact: true }).click();
    await expect(page).toHaveURL(atPath("/fr"));
  });
});

// The account pages with a signed-in customer: the profile saved, an address with an overseas
// postcode (territory suggested, phone written in international format) added, made the default
// and deleted, the orders page, the Flying blue greeting, a 375 px phone and axe.
import { DEMO_CUSTOMER_PASSWORD, DEMO_CUSTOMERS } from "../../server/seed/data/customers.ts";
import { expectNoSeriousA11yViolations } from "./support/a11y.ts";
import { storefrontApi } from "./support/api.ts";
import { currentCustomer, registerCustomer, signInBrowser, signInCustomer, type SignedInCustomer } from "./support/customers.ts";
import { expect, MOBILE, test as shopTest, type OpenPageOptions, type Page } from "./support/fixtures.ts";
import { message, messagePattern } from "./support/messages.ts";
import { atPath, setChecked } from "./support/waits.ts";

const test = shopTest.extend<{
  /** Opens a page of the shop with the customer's session handed to the browser first. */
  openSignedIn: (session: SignedInCustomer, path: string, options?: OpenPageOptions) => Promise<Page>;
}>({
  openSignedIn: async ({ context, openPage }, use) => {
    await use(async (session, path, options = {}) => {
      await signInBrowser(context, session.token);
      return openPage(path, options);
    });
  },
});

/** A label's text starts with this (required fields add a star, optional ones a note). */
const startingWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);

const notification = (page: Page, id: string) => page.getByText(message("fr", id), { exact: true });

/** The page can be read without scrolling sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({ content: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(widths.content, `the page is ${widths.content} px wide on a ${widths.screen} px screen`).toBeLessThanOrEqual(widths.screen);
}

test.describe("account pages", () => {
  test("invites a signed-out visitor to sign in", async ({ openPage }) => {
    // A visitor who has answered the cookie banner: on the account page the login dialog opens by
    // itself, and as a modal it leaves the banner out of reach until it is closed.
    const page = await openPage("/fr");
    await page.goto("/fr/mon-compte/adresses");
    await expect(page.getByRole("heading", { level: 1, name: message("fr", "account.title") })).toBeVisible();
    await expect(page.getByText(message("fr", "account.signInInvitation"), { exact: true })).toBeVisible();
    // The login modal opened by itself.
    await expect(page.getByRole("dialog")).toBeVisible();
  });

  test("shows the profile at /mon-compte and the same page in English at /en/my-account/profile", async ({ openSignedIn }) => {
    const session = await registerCustomer("fr", { firstName: "Jeanne", lastName: "Testeur" });
    const page = await openSignedIn(session, "/fr/mon-compte");
    await expect(page).toHaveURL(atPath("/fr/mon-compte/profil"));
    await expect(page.getByText(messagePattern("fr", "account.hello"))).toBeVisible();
    await expect(page.getByRole("link", { name: message("fr", "account.tab.profile"), exact: true }).and(page.locator("[aria-current=page]"))).toBeVisible();
    await page.getByRole("banner").getByRole("link", { name: "English", exact: true }).click();
    await expect(page).toHaveURL(atPath("/en/my-account/profile"));
    await expect(page.getByRole("heading", { level: 2, name: message("en", "account.profile.title") })).toBeVisible();
  });

  test("saves the profile: names, birth date, newsletter and two-factor sign-in", async ({ openSignedIn }) => {
    const session = await registerCustomer();
    const page = await openSignedIn(session, "/fr/mon-compte/profil");
    const firstName = page.getByRole("textbox", { name: message("fr", "account.profile.firstName.label"), exact: true });
    await firstName.fill("J");
    await firstName.blur();
    await expect(page.getByText(message("fr", "account.profile.firstName.error"), { exact: true })).toBeVisible();
    await expect(firstName).toHaveAttribute("aria-invalid", "true");

    await firstName.fill("Joséphine");
    await page.getByRole("textbox", { name: message("fr", "account.profile.lastName.label"), exact: true }).fill("Marchal");
    await page.getByLabel(startingWith(message("fr", "account.profile.birthDate.label"))).fill("1990-05-17");
    await setChecked(page.getByRole("checkbox", { name: message("fr", "account.profile.newsletter") }), true);
    await setChecked(page.getByRole("checkbox", { name: message("fr", "account.profile.twoFactor") }), true);
    await page.getByRole("button", { name: message("fr", "account.profile.submit"), exact: true }).click();
    await expect(notification(page, "account.profile.saved")).toBeVisible();

    const saved = await currentCustomer(session.token);
    expect(saved).toMatchObject({
      firstName: "Joséphine",
      lastName: "Marchal",
      birthDate: "1990-05-17",
      newsLetterSubscribed: true,
      twoFactorAuthenticationEnabled: true,
    });
    await expect(page.getByText(message("fr", "account.hello").replace("{firstName}", "Joséphine").replace("{lastName}", "Marchal"))).toBeVisible();
  });

  test("refuses a new password that breaks the rule, and a wrong current password", async ({ openSignedIn }) => {
    const session = await registerCustomer();
    const page = await openSignedIn(session, "/fr/mon-compte/profil");
    await page.getByLabel(startingWith(message("fr", "account.password.current.label"))).fill("Wrong@Password2026");
    await page.getByLabel(startingWith(message("fr", "account.password.new.label"))).fill("short");
    // Going from the field straight to the button: the click is not lost to an error appearing.
    await page.getByRole("button", { name: message("fr", "account.password.submit"), exact: true }).click();
    await expect(page.getByText(message("fr", "account.password.new.error"), { exact: true })).toBeVisible();
    // The focus went to the first field at fault.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("autocomplete"))).toBe("new-password");

    await page.getByLabel(startingWith(message("fr", "account.password.new.label"))).fill("Nouveau@Passe2026");
    await page.getByLabel(startingWith(message("fr", "account.password.repeat.label"))).fill("Nouveau@Passe2026");
    await page.getByRole("button", { name: message("fr", "account.password.submit"), exact: true }).click();
    await expect(page.getByText(message("fr", "account.password.current.error"), { exact: true }).first()).toBeVisible();
  });

  test("changes the password and stays signed in", async ({ openSignedIn }) => {
    const session = await registerCustomer();
    const page = await openSignedIn(session, "/fr/mon-compte/profil");
    const newPassword = "Nouveau@Passe2026";
    await page.getByLabel(startingWith(message("fr", "account.password.current.label"))).fill(session.password);
    await page.getByLabel(startingWith(message("fr", "account.password.new.label"))).fill(newPassword);
    await page.getByLabel(startingWith(message("fr", "account.password.repeat.label"))).fill(newPassword);
    await page.getByRole("button", { name: message("fr", "account.password.submit"), exact: true }).click();
    await expect(notification(page, "account.password.changed")).toBeVisible();
    await expect(page.getByLabel(startingWith(message("fr", "account.password.new.label")))).toHaveValue("");

    await page.reload();
    await expect(page.getByRole("heading", { level: 2, name: message("fr", "account.password.title") })).toBeVisible();
    const again = await signInCustomer(session.email, newPassword);
    expect(again.customer.email).toBe(session.email);
  });

  test("adds an address with an overseas postcode: the territory is suggested and the phone written in international format", async ({ openSignedIn }) => {
    const session = await registerCustomer();
    const page = await openSignedIn(session, "/fr/mon-compte/adresses");
    await expect(page.getByText(message("fr", "account.addresses.empty"), { exact: true })).toBeVisible();
    await page.getByRole("button", { name: message("fr", "account.addresses.add"), exact: true }).click();
    const dialog = page.getByRole("dialog", { name: message("fr", "addressModal.addTitle") });
    await expect(dialog).toBeVisible();

    // No error before a field is left.
    const firstName = dialog.getByRole("textbox", { name: message("fr", "addressForm.firstName.label"), exact: true });
    await firstName.focus();
    await expect(dialog.getByText(message("fr", "addressForm.firstName.required"), { exact: true })).toBeHidden();

    await firstName.fill("Jeanne");
    await dialog.getByRole("textbox", { name: message("fr", "addressForm.lastName.label"), exact: true }).fill("Testeur");
    await dialog.getByRole("textbox", { name: message("fr", "addressForm.street.label"), exact: true }).fill("12 rue Frébault");
    const postCode = dialog.getByRole("textbox", { name: message("fr", "addressForm.postCode.label"), exact: true });
    await postCode.fill("97110");
    await postCode.blur();
    await dialog.getByRole("textbox", { name: message("fr", "addressForm.city.label"), exact: true }).fill("Pointe-à-Pitre");

    // France is chosen: the form names Guadeloupe and offers to choose it.
    const country = dialog.getByRole("combobox", { name: message("fr", "addressForm.country.label"), exact: true });
    await expect(country).toHaveValue("FR");
    await expect(dialog.getByText(message("fr", "addressForm.country.error").replace("{territory}", "Guadeloupe"), { exact: true })).toBeVisible();
    await expect(country).toHaveAttribute("aria-invalid", "true");
    await dialog.getByRole("button", { name: message("fr", "addressForm.country.useSuggestion").replace("{territory}", "Guadeloupe") }).click();
    await expect(country).toHaveValue("GP");
    await expect(dialog.getByText(message("fr", "addressForm.country.error").replace("{territory}", "Guadeloupe"), { exact: true })).toBeHidden();

    const phone = dialog.getByRole("textbox", { name: message("fr", "addressForm.phone.label"), exact: true });
    await phone.fill("0690 12 34 5");
    await phone.blur();
    await expect(dialog.getByText(message("fr", "addressForm.phone.error"), { exact: true })).toBeVisible();
    await phone.fill("0690123456");
    await phone.blur();
    await expect(phone).toHaveValue("+590 690 12 34 56");

    await dialog.getByLabel(message("fr", "addressForm.name.label"), { exact: false }).fill("Guadeloupe");
    // A first address is offered as the default for both; left out here, it is made the default below.
    const shippingBox = dialog.getByRole("checkbox", { name: message("fr", "addressForm.defaults.shipping") });
    await expect(shippingBox).toBeChecked();
    await setChecked(shippingBox, false);
    await setChecked(dialog.getByRole("checkbox", { name: message("fr", "addressForm.defaults.billing") }), false);
    await dialog.getByRole("button", { name: message("fr", "addressForm.submit"), exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(notification(page, "account.addresses.added")).toBeVisible();
    const card = page.getByRole("article", { name: "Guadeloupe" });
    await expect(card.getByText("+590690123456")).toBeVisible();

    const saved = await currentCustomer(session.token);
    expect(saved.addresses).toEqual([expect.objectContaining({ name: "Guadeloupe", country: "GP", postCode: "97110", phone: "+590690123456" })]);

    // Made the default shipping address, then deleted: the default is cleared.
    await card.getByRole("button", { name: message("fr", "account.addresses.makeShippingNamed").replace("{name}", "Guadeloupe") }).click();
    await expect(card.getByText(message("fr", "account.addresses.defaultShipping"), { exact: true })).toBeVisible();
    expect((await currentCustomer(session.token)).defaultShippingAddress).toBe("Guadeloupe");

    await card.getByRole("button", { name: message("fr", "account.addresses.deleteNamed").replace("{name}", "Guadeloupe") }).click();
    const confirm = page.getByRole("dialog", { name: message("fr", "account.addresses.deleteTitle") });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: message("fr", "account.addresses.deleteConfirmButton"), exact: true }).click();
    await expect(card).toBeHidden();
    await expect(page.getByText(message("fr", "account.addresses.empty"), { exact: true })).toBeVisible();
    const after = await currentCustomer(session.token);
    expect(after.addresses).toEqual([]);
    expect(after.defaultShippingAddress).toBeNull();
  });

  test("writes the phone again for the overseas territory chosen after it was typed", async ({ openSignedIn }) => {
    const session = await registerCustomer();
    const page = await openSignedIn(session, "/fr/mon-compte/adresses");
    await page.getByRole("button", { name: message("fr", "account.addresses.add"), exact: true }).click();
    const dialog = page.getByRole("dialog", { name: message("fr", "addressModal.addTitle") });
    await expect(dialog).toBeVisible();
    const field = (id: string) => dialog.getByRole("textbox", { name: message("fr", id), exact: true });
    await field("addressForm.postCode.label").fill("97200");
    await field("addressForm.postCode.label").blur();
    const phone = field("addressForm.phone.label");
    await phone.fill("0696123456");
    await phone.blur();
    await expect(phone).toHaveValue("+33 6 96 12 34 56");
    await dialog.getByRole("button", { name: message("fr", "addressForm.country.useSuggestion").replace("{territory}", "Martinique") }).click();
    await expect(dialog.getByRole("combobox", { name: message("fr", "addressForm.country.label"), exact: true })).toHaveValue("MQ");
    await expect(phone).toHaveValue("+596 696 12 34 56");
    await expect(dialog.getByText(message("fr", "addressForm.phone.error"), { exact: true })).toBeHidden();
  });

  test("refuses to add an address under a name the book already has, and keeps the saved one", async ({ openSignedIn }) => {
    const session = await registerCustomer();
    const api = await storefrontApi("fr");
    const auth = { "X-Customer-Authorization": `Bearer ${session.token}` };
    const lyon = { firstName: "Jeanne", lastName: "Testeur", street: "3 rue Mercière", city: "Lyon", postCode: "69002", country: "FR", phone: "+33612345678" };
    const { response } = await api.POST("/customers/address", { params: { header: auth, query: {} }, body: { ...lyon, name: "Maison" } });
    expect(response.status).toBe(200);

    const page = await openSignedIn(session, "/fr/mon-compte/adresses");
    await expect(page.getByRole("article", { name: "Maison" })).toBeVisible();
    await page.getByRole("button", { name: message("fr", "account.addresses.add"), exact: true }).click();
    const dialog = page.getByRole("dialog", { name: message("fr", "addressModal.addTitle") });
    await expect(dialog).toBeVisible();
    const field = (id: string) => dialog.getByRole("textbox", { name: message("fr", id), exact: true });
    await field("addressForm.firstName.label").fill("Jeanne");
    await field("addressForm.lastName.label").fill("Testeur");
    await field("addressForm.street.label").fill("8 rue de Rivoli");
    await field("addressForm.postCode.label").fill("75004");
    await field("addressForm.city.label").fill("Paris");
    await field("addressForm.phone.label").fill("0612345678");
    await dialog.getByLabel(message("fr", "addressForm.name.label"), { exact: false }).fill("Maison");
    await dialog.getByRole("button", { name: message("fr", "addressForm.submit"), exact: true }).click();

    await expect(notification(page, "errors.login.allReadyExist")).toBeVisible();
    // The form stays open with what was typed; the saved address is untouched.
    await expect(field("addressForm.city.label")).toHaveValue("Paris");
    const saved = await currentCustomer(session.token);
    expect(saved.addresses).toEqual([expect.objectContaining({ name: "Maison", city: "Lyon", street: "3 rue Mercière" })]);
  });

  test.describe("signing out (SPEC §4: the token, the cart and the employee flags go)", () => {
    /** Signed out for the shop and for the server: no token kept, and the old one refused. */
    async function expectSignedOut(page: Page, token: string) {
      await expect(page.getByRole("banner").getByRole("button", { name: message("fr", "layout.account") })).toBeVisible();
      const cookieNames = async () => (await page.context().cookies()).map((cookie) => cookie.name);
      await expect.poll(cookieNames).not.toContain("customerToken");
      await expect.poll(cookieNames).not.toContain("cart_id");
      await expect.poll(() => page.evaluate(() => [sessionStorage.getItem("empowerment"), sessionStorage.getItem("empowermentClient")])).toEqual([null, null]);
      const api = await storefrontApi("fr");
      await expect
        .poll(async () => (await api.GET("/customers/me", { params: { header: { "X-Customer-Authorization": `Bearer ${token}` } } })).response.status)
        .toBe(401);
    }

    test("from the header on a wide screen", async ({ openSignedIn }) => {
      const session = await registerCustomer();
      const page = await openSignedIn(session, "/fr");
      await page.evaluate(() => sessionStorage.setItem("empowerment", "true"));
      await page.getByRole("banner").getByRole("button", { name: message("fr", "layout.signOut"), exact: true }).click();
      await expectSignedOut(page, session.token);
    });

    test("from the account page, back on the home page", async ({ openSignedIn }) => {
      const session = await registerCustomer();
      const page = await openSignedIn(session, "/fr/mon-compte/profil");
      await page.getByRole("main").getByRole("button", { name: message("fr", "layout.signOut"), exact: true }).click();
      await expect(page).toHaveURL(atPath("/fr"));
      await expectSignedOut(page, session.token);
    });

    test("from the phone menu", async ({ openSignedIn }) => {
      const session = await registerCustomer();
      const page = await openSignedIn(session, "/fr", { viewport: MOBILE });
      await page.getByRole("navigation", { name: message("fr", "layout.bottomBar") }).getByRole("button", { name: message("fr", "navigation.menu"), exact: true }).click();
      const menu = page.getByRole("dialog", { name: message("fr", "navigation.menu") });
      await expect(menu).toBeVisible();
      await menu.getByRole("button", { name: message("fr", "layout.signOut"), exact: true }).click();
      await expect(menu).toBeHidden();
      await expect(page.getByRole("navigation", { name: message("fr", "layout.bottomBar") }).getByRole("button", { name: message("fr", "layout.account") })).toBeVisible();
      await expect.poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === "customerToken")).toBe(false);
    });
  });

  test("lists the address book by name, descending, with the default badges", async ({ openSignedIn }) => {
    const session = await registerCustomer();
    const api = await storefrontApi("fr");
    const auth = { "X-Customer-Authorization": `Bearer ${session.token}` };
    const base = { firstName: "Jeanne", lastName: "Testeur", street: "5 rue de la Paix", city: "Paris", postCode: "75002", country: "FR", phone: "+33612345678" };
    for (const [name, query] of [
      ["Atelier", { defaultBilling: true }],
      ["Maison", { defaultShipping: true }],
      ["Bureau", {}],
    ] as const) {
      const { response } = await api.POST("/customers/address", { params: { header: auth, query }, body: { ...base, name } });
      expect(response.status).toBe(200);
    }
    const page = await openSignedIn(session, "/fr/mon-compte/adresses");
    const names = page.getByRole("article").getByRole("heading", { level: 3 });
    await expect(names.first()).toBeVisible();
    await expect(names).toHaveText(["Maison", "Bureau", "Atelier"]);
    await expect(page.getByRole("article", { name: "Maison" }).getByText(message("fr", "account.addresses.defaultShipping"), { exact: true })).toBeVisible();
    await expect(page.getByRole("article", { name: "Atelier" }).getByText(message("fr", "account.addresses.defaultBilling"), { exact: true })).toBeVisible();
  });

  test("tells a new customer they have no order yet", async ({ openSignedIn }) => {
    const session = await registerCustomer();
    const page = await openSignedIn(session, "/fr/mon-compte/commandes");
    await expect(page.getByRole("heading", { level: 2, name: message("fr", "account.orders.title") })).toBeVisible();
    await expect(page.getByText(message("fr", "account.orders.empty"), { exact: true })).toBeVisible();
  });

  test("greets a Flying blue member with their name and miles above the header", async ({ openSignedIn }) => {
    const member = DEMO_CUSTOMERS.find((customer) => customer.group === "FLYING_BLUE" && !customer.twoFactor);
    if (!member?.miles) throw new Error("the seed has no Flying blue member without two-factor sign-in");
    const session = await signInCustomer(member.email, DEMO_CUSTOMER_PASSWORD, "en");
    const page = await openSignedIn(session, "/en");
    const bar = page.getByRole("complementary", { name: message("en", "layout.flyingBlue.label") });
    await expect(bar).toBeVisible();
    const miles = new Intl.NumberFormat("en-GB").format(member.miles);
    await expect(bar).toHaveText(
      message("en", "layout.flyingBlue.greeting")
        .replace("{firstName}", member.firstName)
        .replace("{lastName}", member.lastName)
        .replace("{miles}", miles),
    );
    // Above the header.
    const [barBox, headerBox] = await Promise.all([bar.boundingBox(), page.getByRole("banner").boundingBox()]);
    expect(barBox && headerBox && barBox.y + barBox.height <= headerBox.y + 1).toBe(true);
  });

  test("shows no greeting bar to other customers", async ({ openSignedIn }) => {
    const session = await registerCustomer();
    const page = await openSignedIn(session, "/fr/mon-compte/profil");
    await expect(page.getByRole("heading", { level: 2, name: message("fr", "account.profile.title") })).toBeVisible();
    await expect(page.getByRole("complementary", { name: message("fr", "layout.flyingBlue.label") })).toHaveCount(0);
  });

  test("fits a 375 px phone and has no serious accessibility violation, address form open included", async ({ openSignedIn }) => {
    const session = await registerCustomer();
    const page = await openSignedIn(session, "/fr/mon-compte/profil", { viewport: MOBILE });
    await expect(page.getByRole("heading", { level: 2, name: message("fr", "account.profile.title") })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole("link", { name: message("fr", "account.tab.addresses"), exact: true }).click();
    await expect(page).toHaveURL(atPath("/fr/mon-compte/adresses"));
    await page.getByRole("button", { name: message("fr", "account.addresses.add"), exact: true }).click();
    const dialog = page.getByRole("dialog", { name: message("fr", "addressModal.addTitle") });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: message("fr", "addressForm.submit"), exact: true }).click();
    // A submit with errors moves the focus to the first field at fault, its error tied to it.
    await expect(dialog.getByText(message("fr", "addressForm.firstName.required"), { exact: true })).toBeVisible();
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement;
        const describedBy = element?.getAttribute("aria-describedby") ?? "";
        return { autocomplete: element?.getAttribute("autocomplete"), described: describedBy.split(" ").map((id) => document.getElementById(id)?.textContent) };
      });
    await expect.poll(focused).toEqual({ autocomplete: "given-name", described: expect.arrayContaining([message("fr", "addressForm.firstName.required")]) });
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);

    await page.goto("/fr/mon-compte/commandes");
    await expect(page.getByRole("heading", { level: 2, name: message("fr", "account.orders.title") })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page);
  });
});

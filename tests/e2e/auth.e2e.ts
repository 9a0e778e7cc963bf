// The sign-in dialog through the real pages and server: registering, a two-factor sign-in with the
// code read at /dev/mailbox, wrong codes until too many attempts, a forgotten password reset through
// the e-mailed link, GPNet accounts, and accessibility (the session refused at start is the session
// flow's: tests/e2e/flows/session.e2e.ts).
import { data, storefrontApi } from "./support/api.ts";
import { expectNoSeriousA11yViolations } from "./support/a11y.ts";
import { captchaAnswer, freshCustomerEmail, TEST_PASSWORD } from "./support/customers.ts";
import { expect, MOBILE, outsideNotifications, test, type Locator, type Page } from "./support/fixtures.ts";
import { lastMailId, waitForResetLink, waitForSignInCode } from "./support/mailbox.ts";
import { message, messagePattern } from "./support/messages.ts";

/** The demo accounts' password (server/seed/data/customers.ts; listed in the README). */
const DEMO_PASSWORD = "EscaleDemo2026!";
/** A demo GPNet account with two-factor sign-in. */
const DEMO_GPNET = { email: "paul.garnier@demo.escale.example", gpnetId: "GP100001" };
/** Solving the captcha's proof of work in the browser may take a few seconds on a slow machine. */
const CAPTCHA_TIMEOUT_MS = 45_000;

const t = (id: string, values?: Record<string, string | number>) => {
  let text = message("fr", id);
  for (const [name, value] of Object.entries(values ?? {})) text = text.replace(`{${name}}`, String(value));
  return text;
};

function loginDialog(page: Page): Locator {
  return page.getByRole("dialog", { name: t("layout.login.title") });
}

async function openLogin(page: Page): Promise<Locator> {
  await page.getByRole("banner").getByRole("button", { name: t("layout.account") }).click();
  const dialog = loginDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

async function fill(scope: Locator, labelId: string, value: string) {
  await scope.getByLabel(t(labelId), { exact: true }).fill(value);
}

async function signIn(dialog: Locator, email: string, password: string, gpnetId?: string) {
  if (gpnetId) await fill(dialog, "auth.field.gpnetId", gpnetId);
  await fill(dialog, "auth.field.email", email);
  await fill(dialog, "auth.field.password", password);
  await dialog.getByRole("button", { name: t("auth.login.submit"), exact: true }).click();
}

async function typeCode(dialog: Locator, code: string) {
  const boxes = dialog.getByRole("group", { name: t("auth.code.label") }).getByRole("textbox");
  await boxes.first().focus();
  for (const digit of code) await dialog.page().keyboard.type(digit);
  await dialog.getByRole("button", { name: t("auth.code.submit"), exact: true }).click();
}

async function expectWelcome(page: Page, firstName: string, lastName: string) {
  const welcome = page.getByRole("dialog", { name: t("auth.welcome.title", { names: `${firstName} ${lastName}` }) });
  await expect(welcome).toBeVisible({ timeout: CAPTCHA_TIMEOUT_MS });
  await welcome.getByRole("button", { name: t("auth.welcome.continue") }).click();
  await expect(welcome).toBeHidden();
}

/** A General public account with two-factor sign-in, created through the API. */
async function twoFactorAccount(): Promise<{ email: string; firstName: string; lastName: string }> {
  const api = await storefrontApi("fr");
  const account = { email: freshCustomerEmail("code"), firstName: "Aline", lastName: "Codeuse" };
  await data(
    api.POST("/customers/register", {
      body: { ...account, password: TEST_PASSWORD, twoFactorAuthenticationEnabled: true, newsLetterSubscribed: false, recaptchaData: await captchaAnswer() },
    }),
  );
  return account;
}

test.describe("sign-in dialog", () => {
  test("registers an account with two-factor sign-in, welcomes it, then signs it in with the e-mailed code", async ({ context, openPage }) => {
    const page = await openPage("/fr");
    let dialog = await openLogin(page);
    await dialog.getByRole("button", { name: t("auth.login.create") }).click();
    const email = freshCustomerEmail("signup");
    await fill(dialog, "auth.field.firstName", "Zoé");
    await fill(dialog, "auth.field.lastName", "Inscrite");
    await fill(dialog, "auth.field.email", email);
    await fill(dialog, "auth.field.repeatEmail", email);
    await fill(dialog, "auth.field.newPassword", TEST_PASSWORD);
    await fill(dialog, "auth.field.repeatPassword", TEST_PASSWORD);
    await expect(dialog.getByLabel(t("auth.field.twoFactor"))).toBeChecked();
    await dialog.getByRole("button", { name: t("auth.register.submit"), exact: true }).click();
    await expectWelcome(page, "Zoé", "Inscrite");

    // A new visit without the session: two-factor now applies.
    await context.clearCookies({ name: "customerToken" });
    const again = await openPage("/fr");
    const before = await lastMailId();
    dialog = await openLogin(again);
    await signIn(dialog, email, TEST_PASSWORD);
    await expect(dialog.getByRole("heading", { name: t("auth.code.title") })).toBeVisible({ timeout: CAPTCHA_TIMEOUT_MS });
    await typeCode(dialog, await waitForSignInCode(email, before));
    await expectWelcome(again, "Zoé", "Inscrite");
    // Signed in: the account button leads to the profile.
    await expect(again.getByRole("banner").getByRole("link", { name: t("layout.account") })).toBeVisible();
  });

  test("counts the attempts left after wrong codes, then sends back to login after too many", async ({ openPage }) => {
    const account = await twoFactorAccount();
    const page = await openPage("/fr");
    const before = await lastMailId();
    const dialog = await openLogin(page);
    await signIn(dialog, account.email, TEST_PASSWORD);
    await expect(dialog.getByRole("heading", { name: t("auth.code.title") })).toBeVisible({ timeout: CAPTCHA_TIMEOUT_MS });
    const code = await waitForSignInCode(account.email, before);
    const wrong = code === "000000" ? "111111" : "000000";

    // The dialog's own words (the notifications it takes in while open may say the same).
    const inDialog = outsideNotifications(page);
    await typeCode(dialog, wrong);
    await expect(dialog.getByText(messagePattern("fr", "errors.auth.unauthorized")).and(inDialog)).toBeVisible();
    await expect(dialog.getByText(/2 tentatives/u).and(inDialog)).toBeVisible();
    await typeCode(dialog, wrong);
    await expect(dialog.getByText(/1 tentative\b/u).and(inDialog)).toBeVisible();
    await typeCode(dialog, wrong);
    await expect(dialog.getByRole("alert").getByText(t("errors.auth.tooMuch"), { exact: true }).and(inDialog)).toBeVisible();
    await expect(dialog.getByRole("heading", { name: t("auth.login.title") })).toBeVisible();
  });

  test("takes a pasted code only when it is six digits, and moves between the boxes with the keyboard", async ({ openPage }) => {
    const account = await twoFactorAccount();
    const page = await openPage("/fr", { viewport: MOBILE });
    const before = await lastMailId();
    await page.getByRole("navigation", { name: t("layout.bottomBar") }).getByRole("button", { name: t("layout.account") }).click();
    const dialog = loginDialog(page);
    await expect(dialog).toBeVisible();
    await signIn(dialog, account.email, TEST_PASSWORD);
    await expect(dialog.getByRole("heading", { name: t("auth.code.title") })).toBeVisible({ timeout: CAPTCHA_TIMEOUT_MS });
    const code = await waitForSignInCode(account.email, before);
    const boxes = dialog.getByRole("group", { name: t("auth.code.label") }).getByRole("textbox");
    const submit = dialog.getByRole("button", { name: t("auth.code.submit"), exact: true });
    const paste = (text: string) =>
      boxes.first().evaluate((box, pasted) => {
        const data = new DataTransfer();
        data.setData("text", pasted);
        box.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
      }, text);

    await paste("12345");
    await paste("12a456");
    await expect(boxes.first()).toHaveValue("");
    await expect(submit).toBeDisabled();
    await boxes.first().focus();
    await page.keyboard.type("98");
    await page.keyboard.press("Backspace");
    await page.keyboard.press("Backspace");
    await expect(boxes.nth(1)).toHaveValue("");
    await page.keyboard.press("ArrowLeft");
    await expect(boxes.first()).toBeFocused();

    await paste(code);
    await expect.poll(() => boxes.evaluateAll((all) => all.map((box) => (box as HTMLInputElement).value).join(""))).toBe(code);
    await submit.click();
    await expectWelcome(page, account.firstName, account.lastName);
  });

  test("resets a forgotten password through the e-mailed link, then signs in with the new one", async ({ openPage }) => {
    const api = await storefrontApi("fr");
    const email = freshCustomerEmail("reset");
    await data(
      api.POST("/customers/register", {
        body: { email, firstName: "Rémi", lastName: "Oublieux", password: TEST_PASSWORD, twoFactorAuthenticationEnabled: false, newsLetterSubscribed: false, recaptchaData: await captchaAnswer() },
      }),
    );
    const page = await openPage("/fr");
    const before = await lastMailId();
    const dialog = await openLogin(page);
    await dialog.getByRole("button", { name: t("auth.login.forgot") }).click();
    await fill(dialog, "auth.field.email", email);
    await dialog.getByRole("button", { name: t("auth.forgot.submit"), exact: true }).click();
    const resetModal = page.getByRole("dialog", { name: t("auth.resetSent.title") });
    await expect(resetModal).toBeVisible({ timeout: CAPTCHA_TIMEOUT_MS });
    await expect(resetModal.getByText(email, { exact: false })).toBeVisible();

    const link = await waitForResetLink(email, before);
    const resetPage = await openPage(link);
    const newPassword = "Nouveau@Passe2026";
    await fill(resetPage.getByRole("main"), "auth.field.newPassword", newPassword);
    await fill(resetPage.getByRole("main"), "auth.field.repeatPassword", newPassword);
    await resetPage.getByRole("button", { name: t("auth.reset.submit") }).click();
    await expect(resetPage.getByText(t("auth.reset.done"))).toBeVisible({ timeout: CAPTCHA_TIMEOUT_MS });
    await resetPage.getByRole("main").getByRole("button", { name: t("auth.reset.signIn") }).click();
    const signInDialog = loginDialog(resetPage);
    await expect(signInDialog).toBeVisible();
    await signIn(signInDialog, email, newPassword);
    await expectWelcome(resetPage, "Rémi", "Oublieux");

    // The link served once.
    const used = await openPage(link);
    await fill(used.getByRole("main"), "auth.field.newPassword", newPassword);
    await fill(used.getByRole("main"), "auth.field.repeatPassword", newPassword);
    await used.getByRole("button", { name: t("auth.reset.submit") }).click();
    await expect(used.getByRole("alert").getByText(t("auth.reset.invalidLink"))).toBeVisible({ timeout: CAPTCHA_TIMEOUT_MS });
  });

  test("signs a GPNet employee in with staff number, e-mail, password and the e-mailed code", async ({ openPage }) => {
    const page = await openPage("/fr");
    const before = await lastMailId();
    const dialog = await openLogin(page);
    await dialog.getByRole("tab", { name: t("layout.login.tab.employee") }).click();
    await dialog.getByRole("button", { name: t("auth.gpnet.register.haveAccount") }).click();
    await expect(dialog.getByRole("heading", { name: t("auth.gpnet.login.title") })).toBeVisible();
    await signIn(dialog, DEMO_GPNET.email, DEMO_PASSWORD, DEMO_GPNET.gpnetId);
    await expect(dialog.getByRole("heading", { name: t("auth.code.title") })).toBeVisible({ timeout: CAPTCHA_TIMEOUT_MS });
    await typeCode(dialog, await waitForSignInCode(DEMO_GPNET.email, before));
    await expectWelcome(page, "Paul", "Garnier");
  });

  test("keeps a field's error hidden until the field is left", async ({ openPage }) => {
    const page = await openPage("/fr");
    const dialog = await openLogin(page);
    await dialog.getByRole("button", { name: t("auth.login.create") }).click();
    const firstName = dialog.getByLabel(t("auth.field.firstName"), { exact: true });
    await firstName.fill("Z");
    await expect(dialog.getByText(t("accountForm.firstName.error"))).toHaveCount(0);
    await firstName.blur();
    await expect(dialog.getByText(t("accountForm.firstName.error"))).toBeVisible();
    await expect(firstName).toHaveAttribute("aria-invalid", "true");
  });

  test("has no serious accessibility violation in its views", async ({ openPage }) => {
    const page = await openPage("/fr");
    const dialog = await openLogin(page);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: t("auth.login.create") }).click();
    await expect(dialog.getByRole("heading", { name: t("auth.register.title") })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("tab", { name: t("layout.login.tab.employee") }).click();
    await expect(dialog.getByRole("heading", { name: t("auth.gpnet.register.title") })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

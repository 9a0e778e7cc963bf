// Card payment through the embedded payment sandbox (SPEC §2 payment, return, result, retry and
// thank-you pages): a purchase from the cart to the thank-you page delivered to an address, one
// delivered to a relay point with a 3-D Secure challenge passed, a refused payment retried and paid,
// a failed challenge, an abandoned payment, and a reload of the return page that hands nothing over
// twice. The sandbox's issuer pages stand in for the bank: Adyen's test cards, typed there. French on
// a desktop, English on a phone; axe on every page of the flow.
import { expectNoSeriousA11yViolations } from "./support/a11y.ts";
import { storefrontApi } from "./support/api.ts";
import { signInBrowser, signInCustomer, TEST_PASSWORD } from "./support/customers.ts";
import { expect, test } from "./support/fixtures.ts";
import { message } from "./support/messages.ts";
import {
  answerChallenge,
  CARDS,
  CHALLENGE_PASSWORD,
  DECLINED_HOLDER,
  expectRetryPage,
  expectThankYou,
  HOME,
  PATHS,
  paymentRegion,
  payOnIssuerPage,
  readyToPay,
  shopperWithACart,
  startPaying,
} from "./support/payment.ts";
import { DESKTOP, MOBILE } from "./support/screens.ts";
import { atPath } from "./support/waits.ts";

for (const [lang, viewport] of [["fr", DESKTOP], ["en", MOBILE]] as const) {
  test.describe(`card payment (${lang}, ${viewport.width} px)`, () => {
    test("pays a cart delivered to an address, from the cart page to the thank-you page", async ({ context, openPage }) => {
      const shopper = await shopperWithACart(lang);
      await signInBrowser(context, shopper.session.token);
      const page = await openPage(PATHS[lang].cart, { viewport });
      await page.getByRole("main").getByRole("link", { name: message(lang, "cart.passOrder"), exact: true }).click();
      await expect(page).toHaveURL(atPath(PATHS[lang].shipping));
      const methods = page.getByRole("region", { name: message(lang, "checkout.methods.title"), exact: true });
      await methods.getByRole("radio").first().click();
      await expect(methods.getByRole("radio").first()).toBeChecked();
      await page.getByRole("button", { name: message(lang, "checkout.shipping.continue"), exact: true }).click();
      await expect(page).toHaveURL(atPath(PATHS[lang].payment));

      // The order summed up beside the payment: its delivery address and total.
      const summary = page.getByRole("complementary", { name: message(lang, "checkout.summary.title"), exact: true });
      await expect(summary.getByText(HOME.street)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await startPaying(page, lang);
      await payOnIssuerPage(page, CARDS.plain);
      const reference = await expectThankYou(page, lang, shopper);

      // The header's cart is empty again.
      await page.goto(PATHS[lang].cart);
      await expect(page.getByRole("main").getByRole("link", { name: message(lang, "cart.passOrder"), exact: true })).toHaveCount(0);
      expect(reference).not.toBe("");
    });

    test("pays a cart delivered to a relay point, through a 3-D Secure challenge passed", async ({ context, openPage }) => {
      const shopper = await shopperWithACart(lang);
      await readyToPay(lang, shopper, "relay");
      await signInBrowser(context, shopper.session.token);
      const page = await openPage(PATHS[lang].payment, { viewport });
      await startPaying(page, lang);
      await payOnIssuerPage(page, CARDS.threeDSecure);
      await answerChallenge(page, CHALLENGE_PASSWORD);
      await expectThankYou(page, lang, shopper);
    });

    test("a refused payment is retried and paid", async ({ context, openPage }) => {
      const shopper = await shopperWithACart(lang);
      await readyToPay(lang, shopper, "address");
      await signInBrowser(context, shopper.session.token);
      const page = await openPage(PATHS[lang].payment, { viewport });
      await startPaying(page, lang);
      await payOnIssuerPage(page, CARDS.plain, DECLINED_HOLDER);
      await expectRetryPage(page, lang, "payment.refused");

      await page.getByRole("button", { name: message(lang, "payment.retry.payAgain"), exact: true }).click();
      await expect(page).toHaveURL(atPath(PATHS[lang].payment));
      // The consent was given the first time: the method is there straight away.
      await startPaying(page, lang, { giveConsent: false });
      await payOnIssuerPage(page, CARDS.plain);
      await expectThankYou(page, lang, shopper);
    });

    test("a failed 3-D Secure challenge leads to the retry page", async ({ context, openPage }) => {
      const shopper = await shopperWithACart(lang);
      await readyToPay(lang, shopper, "address");
      await signInBrowser(context, shopper.session.token);
      const page = await openPage(PATHS[lang].payment, { viewport });
      await startPaying(page, lang);
      await payOnIssuerPage(page, CARDS.threeDSecure);
      await answerChallenge(page, "not-the-password");
      await expectRetryPage(page, lang, "payment.refused");
    });
  });
}

test.describe("card payment, the session ended meanwhile", () => {
  test("the payment refused as unauthorized (401) shows the checkout's sign-in in the step's place, and signing in again comes back to the payment", async ({ context, openPage }) => {
    test.setTimeout(120_000);
    const lang = "fr";
    const shopper = await shopperWithACart(lang);
    await readyToPay(lang, shopper, "address");
    await signInBrowser(context, shopper.session.token);
    const page = await openPage(PATHS[lang].payment, { viewport: DESKTOP });
    await expect(page.getByRole("heading", { level: 1, name: message(lang, "payment.title"), exact: true })).toBeVisible();

    // Signed out in another tab: the server ends the session the page still holds.
    const api = await storefrontApi(lang);
    const { response } = await api.POST("/customers/sign-out", { params: { header: shopper.header } });
    expect(response.status).toBe(204);
    // Consent given: the step asks the server for the payment methods, which refuses (401).
    const region = paymentRegion(page, lang);
    await region.getByRole("button", { name: message(lang, "payment.consent.allow"), exact: true }).click();

    // A guest now: the checkout's sign-in where the step was (not a step left loading), at the same address.
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: message(lang, "checkout.signIn.title"), exact: true })).toBeVisible();
    await expect(page).toHaveURL(atPath(PATHS[lang].payment));
    await expect(main.getByText(message(lang, "checkout.loading"), { exact: true })).toHaveCount(0);
    await expect(paymentRegion(page, lang)).toHaveCount(0);
    // SPEC §4 Session expiry: the unauthorized notification says why.
    await expect(page.getByRole("region", { name: message(lang, "notifications.label") }).getByRole("alert").getByText(message(lang, "errors.unauthorized"), { exact: true }).first()).toBeVisible();

    await main.getByLabel(message(lang, "auth.field.email"), { exact: true }).fill(shopper.session.email);
    await main.getByLabel(message(lang, "auth.field.password"), { exact: true }).fill(TEST_PASSWORD);
    await main.getByRole("button", { name: message(lang, "auth.login.submit"), exact: true }).click();
    // Back to the payment (the cart as the server kept it, ready to pay), the consent given before kept.
    await expect(main.getByRole("heading", { level: 1, name: message(lang, "payment.title"), exact: true })).toBeVisible({ timeout: 45_000 });
    await expect(page).toHaveURL(atPath(PATHS[lang].payment));
    await startPaying(page, lang, { giveConsent: false });
    await payOnIssuerPage(page, CARDS.plain);
    // Paid once, with the new session (the thank-you page reads the order with it).
    await expectThankYou(page, lang, { ...shopper, header: { "X-Customer-Authorization": `Bearer ${(await signInCustomer(shopper.session.email, TEST_PASSWORD, lang)).token}` } });
  });
});

test.describe("card payment, the ways back", () => {
  test("a payment abandoned on the bank's page can be paid again", async ({ context, openPage }) => {
    const shopper = await shopperWithACart("fr");
    await readyToPay("fr", shopper, "address");
    await signInBrowser(context, shopper.session.token);
    const page = await openPage(PATHS.fr.payment, { viewport: DESKTOP });
    await startPaying(page, "fr");
    await expect(page).toHaveURL(atPath(/^\/payment-sandbox\/pay\//));
    await page.getByRole("button", { name: /^(Annuler|Cancel)/ }).click();
    await expect(page).toHaveURL(atPath(PATHS.fr.retry));
    await expect(page.getByRole("button", { name: message("fr", "payment.retry.payAgain"), exact: true })).toBeFocused();
  });

  test("Back from the bank's page leaves that payment behind and a new one goes through", async ({ context, openPage }) => {
    const shopper = await shopperWithACart("en");
    await readyToPay("en", shopper, "address");
    await signInBrowser(context, shopper.session.token);
    const page = await openPage(PATHS.en.payment, { viewport: MOBILE });
    await startPaying(page, "en");
    await expect(page).toHaveURL(atPath(/^\/payment-sandbox\/pay\//));
    await page.goBack();
    // The step loaded afresh offers the method again; a page the browser kept in memory goes to the retry page.
    const payAgain = page.getByRole("button", { name: message("en", "payment.retry.payAgain"), exact: true });
    const method = paymentRegion(page, "en").getByRole("button", { name: new RegExp(`^${message("en", "payment.dropin.continueTo")}`) });
    await expect(payAgain.or(method)).toBeVisible();
    if (await payAgain.isVisible()) await payAgain.click();
    await startPaying(page, "en", { giveConsent: false });
    await payOnIssuerPage(page, CARDS.plain);
    await expectThankYou(page, "en", shopper);
  });

  test("a reload of the return page hands the bank's answer over once and still shows the order", async ({ context, openPage }) => {
    const shopper = await shopperWithACart("fr");
    await readyToPay("fr", shopper, "address");
    await signInBrowser(context, shopper.session.token);
    const page = await openPage(PATHS.fr.payment, { viewport: DESKTOP });
    await startPaying(page, "fr");
    const returned = page.waitForURL((url) => url.pathname === "/fr/commande/paiement/retour" && url.searchParams.has("redirectResult"));
    const handedOver: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/adyen/submit-additional-details")) handedOver.push(request.url());
    });
    await payOnIssuerPage(page, CARDS.plain);
    await returned;
    const returnUrl = page.url();
    const reference = await expectThankYou(page, "fr", shopper);
    expect(handedOver).toHaveLength(1);

    // Back on the return address (a reload, the history): the result page finds the order.
    await page.goto(returnUrl);
    await expect(page).toHaveURL(atPath(`/fr/commande/merci/${reference}`));
    expect(handedOver).toHaveLength(1);
  });
});

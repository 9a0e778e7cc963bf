// Customers for the tests that need one signed in: a fresh account registered through the API (a
// captcha answer solved the way the widget does), or a demo customer of the seed signed in through
// the API; `signInBrowser` then hands the token to the browser as the shop stores it.
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import type { components } from "../../../common/api/schema.gen.ts";
import { CUSTOMER_TOKEN_COOKIE } from "../../../src/app/customer-token.ts";
import type { BrowserContext } from "@playwright/test";
import { data, storefrontApi, type Lang } from "./api.ts";
import { baseUrl } from "./environment.ts";

export type Customer = components["schemas"]["Customer"];

/** A password that follows the shop's rule. */
export const TEST_PASSWORD = "Escale@Test2026";

/** An address no other test uses. */
export const freshCustomerEmail = (prefix = "account") => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** A captcha answer, solved like the widget solves it (ALTCHA proof of work). */
export async function captchaAnswer(): Promise<string> {
  const api = await storefrontApi("fr");
  const challenge: Challenge = await data(api.GET("/captcha/challenge"));
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("the captcha challenge could not be solved");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

export interface SignedInCustomer {
  token: string;
  customer: Customer;
  email: string;
  password: string;
}

/** Registers a new General public account (no two-factor) and returns its session. */
export async function registerCustomer(lang: Lang = "fr", names = { firstName: "Jeanne", lastName: "Testeur" }): Promise<SignedInCustomer> {
  const api = await storefrontApi(lang);
  const email = freshCustomerEmail();
  const answer = await data(
    api.POST("/customers/register", {
      body: {
        email,
        password: TEST_PASSWORD,
        ...names,
        twoFactorAuthenticationEnabled: false,
        newsLetterSubscribed: false,
        recaptchaData: await captchaAnswer(),
      },
    }),
  );
  if (!answer.token || !answer.customer) throw new Error("registration gave no session");
  return { token: answer.token, customer: answer.customer, email, password: TEST_PASSWORD };
}

/** Signs an existing account without two-factor in through the API. */
export async function signInCustomer(email: string, password: string, lang: Lang = "fr"): Promise<SignedInCustomer> {
  const api = await storefrontApi(lang);
  const answer = await data(api.POST("/customers/sign-in", { body: { email, password, recaptchaData: await captchaAnswer() } }));
  if (!answer.token || !answer.customer) throw new Error(`${email} has two-factor sign-in: no token came back`);
  return { token: answer.token, customer: answer.customer, email, password };
}

/** The signed-in customer as the API has it now. */
export async function currentCustomer(token: string): Promise<Customer> {
  const api = await storefrontApi("fr");
  return data(api.GET("/customers/me", { params: { header: { "X-Customer-Authorization": `Bearer ${token}` } } }));
}

/** Hands the session to the test's browser context as the shop stores it: the token cookie. */
export async function signInBrowser(context: BrowserContext, token: string): Promise<void> {
  await context.addCookies([{ name: CUSTOMER_TOKEN_COOKIE, value: encodeURIComponent(token), url: baseUrl(), sameSite: "Strict" }]);
}

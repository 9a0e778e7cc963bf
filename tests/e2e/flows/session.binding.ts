// The customer's session in the browser, for a customer registered through the API. Each start is a
// page load: a token cookie that the shop checks by loading the customer (that call held a moment so
// that the checking can be seen), no token, or one that cannot be read. Every answer comes from the
// real server: the session refused (401 CUSTOMER_TOKEN_INVALID) is the session revoked meanwhile from
// elsewhere (signed out through the API with the same token), which is also what a 30-minute expiry
// gives and what makes the page's next call end the session; page.clock cannot cause the expiry, the
// server's clock decides it. Only "no response" is made here (route.abort() of that one call): the
// real server cannot be made silent. Signing in while signed in has one road in the shop: coming back
// from the employees' single sign-on, whose return page reloads the app; such a path starts there.
import type { Route } from "@playwright/test";
import { sessionModel } from "../../../machines/auth/session.model.ts";
import { CUSTOMER_TOKEN_COOKIE } from "../../../src/app/customer-token.ts";
import type { Lang } from "../support/api.ts";
import { currentCustomer, registerCustomer, signInBrowser, type SignedInCustomer } from "../support/customers.ts";
import { expect, outsideNotifications, type BrowserContext, type Locator, type Page } from "../support/fixtures.ts";
import { message } from "../support/messages.ts";
import { defineFlowBinding } from "./binding.ts";
import { apiCallFrom, holdRequests, ownClientAddress } from "./world.ts";

const CUSTOMER = /\/api\/v1\/customers\/me(\?|$)/;
const SIGN_OUT = /\/api\/v1\/customers\/sign-out(\?|$)/;
/** The single sign-on's code exchanged for a session (the return page's call). */
const CODE_EXCHANGE = /\/api\/v1\/habile(\?|$)/;
/** A value of the token cookie that is not a token the shop wrote (not three base64url parts). */
const UNREADABLE_TOKEN = "not-a-token";
/** Solving the captcha's proof of work in the browser may take a few seconds on a slow machine. */
const CAPTCHA_TIMEOUT_MS = 45_000;
/** A crew member of the demo identity provider, and its password (server/seed/data/employees.ts). */
const CREW_MEMBER = { email: "sophie.girard@staff.demo.escale.example", firstName: "Sophie", lastName: "Girard" };
const EMPLOYEE_PASSWORD = "EscaleDemo2026!";
/** The provider's page is the shop's server's, not the SPA's: its texts are its own. */
const PROVIDER_PAGE = {
  fr: { email: "Adresse e-mail", password: "Mot de passe", submit: "Se connecter" },
  en: { email: "E-mail address", password: "Password", submit: "Sign in" },
} as const;
const RETURN_PAGE = "/habile-sign-in";

/** The customer loaded at start, the sign-out, the single sign-on's code exchanged. */
const HELD_CALLS = { loading: CUSTOMER, signingOut: SIGN_OUT, exchange: CODE_EXCHANGE } as const;
type HeldCall = keyof typeof HELD_CALLS;

interface Person {
  email: string;
  firstName: string;
  lastName: string;
}

interface PathData {
  lang: Lang;
  customer: SignedInCustomer;
  client: string;
  /** Who the page's session must be. */
  signedIn: Person;
  /** What the page must tell once nobody is signed in: the sign-in dialog's notice, or a notification. */
  told: "auth.disconnected" | "errors.unauthorized" | "errors.server.access" | null;
  /** The token the page held when it signed out (the server must refuse it afterwards). */
  signedOutToken?: string;
  /** The page's calls held until the path's event answers them, each made once per path. */
  calls: Partial<Record<HeldCall, Awaited<ReturnType<typeof holdRequests>>>>;
  /** A held call the page has sent, for the event that answers it. */
  held: Map<HeldCall, Route>;
}

function path(world: { memory: Map<string, unknown> }): PathData {
  const found = world.memory.get("session") as PathData | undefined;
  if (found === undefined) throw new Error("the session path was not started");
  return found;
}

const onReturnPage = (page: Page) => new URL(page.url()).pathname.endsWith(RETURN_PAGE);

async function hold(page: Page, data: PathData, which: HeldCall): Promise<void> {
  data.calls[which] = await holdRequests(page, HELD_CALLS[which]);
}

/** The held call of `which` once the page has sent it (kept for the event that answers it). */
async function heldCall(data: PathData, which: HeldCall): Promise<Route> {
  const kept = data.held.get(which);
  if (kept !== undefined) return kept;
  const requests = data.calls[which];
  if (requests === undefined) throw new Error(`no ${which} call is held on this path`);
  const route = await requests.next();
  data.held.set(which, route);
  return route;
}

/** Lets the held call go (or answers it) and holds no more of its kind; waits for the page to have the answer. */
async function release(page: Page, data: PathData, which: HeldCall, answer: (route: Route) => Promise<void>): Promise<void> {
  const route = await heldCall(data, which);
  data.held.delete(which);
  await answer(route);
  await page.unroute(HELD_CALLS[which]);
  await route.request().response();
}

async function storedToken(context: BrowserContext): Promise<string | undefined> {
  const cookie = (await context.cookies()).find((candidate) => candidate.name === CUSTOMER_TOKEN_COOKIE);
  return cookie === undefined ? undefined : decodeURIComponent(cookie.value);
}

/** Ends the page's session from elsewhere: signed out through the API with the page's own token. */
async function revokeFromElsewhere(data: PathData, context: BrowserContext): Promise<void> {
  const token = await storedToken(context);
  if (token === undefined) throw new Error("the page holds no token to revoke");
  expect(await apiCallFrom(data.client, "POST", "/customers/sign-out", {}, token)).toBe(204);
}

const banner = (page: Page) => page.getByRole("banner");
const accountButton = (page: Page, lang: Lang) => banner(page).getByRole("button", { name: message(lang, "layout.account"), exact: true });
const accountLink = (page: Page, lang: Lang) => banner(page).getByRole("link", { name: message(lang, "layout.account"), exact: true });
const signOutButton = (page: Page, lang: Lang) => banner(page).getByRole("button", { name: message(lang, "layout.signOut"), exact: true });
const loginDialog = (page: Page, lang: Lang) => page.getByRole("dialog", { name: message(lang, "layout.login.title") });

function notification(page: Page, lang: Lang, id: string): Locator {
  return page.getByRole("region", { name: message(lang, "notifications.label") }).getByText(message(lang, id), { exact: true });
}

/** The header as a visitor who is not signed in sees it: the account button opens the sign-in dialog. */
async function expectNobodyInHeader(page: Page, lang: Lang): Promise<void> {
  await expect(accountButton(page, lang)).toBeVisible();
  await expect(accountLink(page, lang)).toHaveCount(0);
  await expect(signOutButton(page, lang)).toHaveCount(0);
}

/** The welcome modal greets who signed in; it is closed to go on shopping. */
async function closeWelcome(page: Page, lang: Lang, person: Person): Promise<void> {
  const title = message(lang, "auth.welcome.title").replace("{names}", `${person.firstName} ${person.lastName}`);
  const welcome = page.getByRole("dialog", { name: title });
  await expect(welcome).toBeVisible({ timeout: CAPTCHA_TIMEOUT_MS });
  await welcome.getByRole("button", { name: message(lang, "auth.welcome.continue") }).click();
  await expect(welcome).toBeHidden();
}

/** From the shop's page, through the programme's entry and the provider's page, to its return page with the crew member's code. */
async function comeBackFromSingleSignOn(page: Page, data: PathData): Promise<void> {
  const { lang } = data;
  await page.goto(`/${lang}/empowerment-sign-in?context=vol-AF1234&client=Dupont`);
  await page.waitForURL((url) => url.pathname.startsWith("/oidc/interaction/"));
  // From here on, the return page's calls are held: it is where the path starts.
  await hold(page, data, "loading");
  await hold(page, data, "exchange");
  const texts = PROVIDER_PAGE[lang];
  await page.getByRole("textbox", { name: texts.email, exact: true }).fill(CREW_MEMBER.email);
  await page.getByLabel(texts.password, { exact: true }).fill(EMPLOYEE_PASSWORD);
  await page.getByRole("button", { name: texts.submit, exact: true }).click();
  await page.waitForURL((url) => url.pathname === `/${lang}${RETURN_PAGE}`);
}

export const sessionBinding = defineFlowBinding(sessionModel, {
  inEnglish: true,
  start: async ({ lang, context, openPage, memory, snapshot, next, upcoming }) => {
    const customer = await registerCustomer(lang);
    const client = await ownClientAddress(context);
    // A first visit answers the cookie banner; the path's own page load follows, with the cookie it starts from.
    const page = await openPage(`/${lang}`);
    const data: PathData = {
      lang,
      customer,
      client,
      signedIn: customer.customer,
      told: null,
      calls: {},
      held: new Map(),
    };
    memory.set("session", data);
    await hold(page, data, "signingOut");
    const { stored } = snapshot.context;
    if (stored === "none") return page;
    if (stored === "unreadable") {
      await context.addCookies([{ name: CUSTOMER_TOKEN_COOKIE, value: UNREADABLE_TOKEN, url: page.url(), sameSite: "Strict" }]);
      data.told = "auth.disconnected";
      await page.reload();
      return page;
    }
    await signInBrowser(context, customer.token);
    // Restored, then signed in again: the one road is the single sign-on's return page.
    if (next?.matches("signedIn") === true && upcoming[0]?.type === "session.signedIn") {
      await comeBackFromSingleSignOn(page, data);
      return page;
    }
    await hold(page, data, "loading");
    await page.reload();
    return page;
  },
  states: {
    restoring: async (page, world) => {
      const data = path(world);
      await heldCall(data, "loading");
      if (onReturnPage(page)) {
        // The waiting layout has no header: the return page says it is signing in, and waits for the session.
        await expect(page.getByRole("status").filter({ hasText: message(data.lang, "sso.signingIn") })).toBeVisible();
        return;
      }
      await expect(page.getByRole("main")).toBeVisible();
      await expectNobodyInHeader(page, data.lang);
      await expect(loginDialog(page, data.lang)).toHaveCount(0);
    },
    anonymous: async (page, world) => {
      const data = path(world);
      const { lang, told } = data;
      await expectNobodyInHeader(page, lang);
      if (told === "auth.disconnected") {
        // The dialog opened by itself, with its own words, and the persistent notification; the token went.
        const dialog = loginDialog(page, lang);
        await expect(dialog).toBeVisible();
        await expect(dialog.getByText(message(lang, "auth.disconnected")).and(outsideNotifications(page))).toBeVisible();
        await expect(notification(page, lang, "auth.disconnected")).toBeVisible();
        await expect.poll(() => storedToken(world.context)).toBeUndefined();
      } else if (told !== null) {
        await expect(notification(page, lang, told)).toBeVisible();
      }
      if (told === "errors.unauthorized") await expect.poll(() => storedToken(world.context)).toBeUndefined();
      if (data.signedOutToken !== undefined) {
        // Signed out for the shop and for the server: no token kept, and the old one refused.
        await expect.poll(() => storedToken(world.context)).toBeUndefined();
        await expect(currentCustomer(data.signedOutToken)).rejects.toThrow();
      }
      data.told = null;
      data.signedOutToken = undefined;
    },
    signedIn: async (page, world) => {
      const data = path(world);
      if (onReturnPage(page)) {
        // The return page sends the provider's code only once the session is settled.
        await heldCall(data, "exchange");
      } else {
        await expect(accountLink(page, data.lang)).toBeVisible();
        await expect(signOutButton(page, data.lang)).toBeVisible();
        await expect(accountButton(page, data.lang)).toHaveCount(0);
      }
      // The session the page keeps is the expected customer's.
      const token = await storedToken(world.context);
      expect(token).toBeDefined();
      expect((await currentCustomer(token ?? "")).email).toBe(data.signedIn.email);
    },
    signingOut: async (page, world) => {
      const data = path(world);
      // Asked of the server, not yet answered: the header still shows the account.
      await heldCall(data, "signingOut");
      await expect(accountLink(page, data.lang)).toBeVisible();
    },
  },
  events: {
    "(loadCustomer succeeds)": async (page, _event, world) => {
      await release(page, path(world), "loading", (route) => route.continue());
    },
    "(loadCustomer answers 401)": async (page, _event, world) => {
      const data = path(world);
      await revokeFromElsewhere(data, world.context);
      data.told = "auth.disconnected";
      await release(page, data, "loading", (route) => route.continue());
    },
    "(loadCustomer answers -1)": async (page, _event, world) => {
      const data = path(world);
      data.told = "errors.server.access";
      await release(page, data, "loading", (route) => route.abort("internetdisconnected"));
    },
    "session.signedIn": async (page, _event, world) => {
      const data = path(world);
      const { lang } = data;
      if (world.snapshot.matches("signedIn")) {
        // The provider's code exchanged for the crew member's session: back where she left, greeted.
        await release(page, data, "exchange", (route) => route.continue());
        data.signedIn = CREW_MEMBER;
        await closeWelcome(page, lang, CREW_MEMBER);
        return;
      }
      const dialog = loginDialog(page, lang);
      if (!(await dialog.isVisible())) await accountButton(page, lang).click();
      await expect(dialog).toBeVisible();
      await dialog.getByLabel(message(lang, "auth.field.email"), { exact: true }).fill(data.customer.email);
      await dialog.getByLabel(message(lang, "auth.field.password"), { exact: true }).fill(data.customer.password);
      await dialog.getByRole("button", { name: message(lang, "auth.login.submit"), exact: true }).click();
      data.signedIn = data.customer.customer;
      await closeWelcome(page, lang, data.customer.customer);
      // The 'disconnected' notice stays until closed (over the header's sign-out on a wide screen): read, it is closed.
      const notice = notification(page, lang, "auth.disconnected");
      if (await notice.isVisible()) {
        await notice.locator("..").getByRole("button", { name: message(lang, "notifications.dismiss"), exact: true }).click();
        await expect(notice).toHaveCount(0);
      }
    },
    "session.signOut": async (page, _event, world) => {
      const data = path(world);
      data.signedOutToken = await storedToken(world.context);
      await signOutButton(page, data.lang).click();
    },
    "(revokeSession succeeds)": async (page, _event, world) => {
      await release(page, path(world), "signingOut", (route) => route.continue());
    },
    "(revokeSession answers 401)": async (page, _event, world) => {
      const data = path(world);
      await revokeFromElsewhere(data, world.context);
      await release(page, data, "signingOut", (route) => route.continue());
    },
    "session.expired": async (page, _event, world) => {
      const data = path(world);
      const { lang } = data;
      await revokeFromElsewhere(data, world.context);
      data.told = "errors.unauthorized";
      // The page's next call that needs the customer: the account's orders.
      await accountLink(page, lang).click();
      await page.getByRole("navigation", { name: message(lang, "account.tabs") }).getByRole("link", { name: message(lang, "account.tab.orders"), exact: true }).click();
    },
  },
});

// The sign-in dialog in the browser (personal and GPNet tabs, the e-mailed code, the employees' single
// sign-on), against the real server: accounts registered through the API (with and without two-factor),
// the demo GPNet account and staff directory, the code read from the demo mailbox, the demo identity
// provider's own page. Each path is a client of its own address (world.ts), so that the server's
// per-address limits and captcha level count that path alone.
//
// The real server gives: wrong password (401), the code's mismatch with the attempts left, too many
// attempts (two wrong codes sent first from elsewhere), the expired code (the code used up from
// elsewhere first: none is pending any more), the account that exists (409), the reset link, the single
// sign-on's start, the return with a state the server never issued (SSO_STATE_REJECTED), a forged code
// for a real start (SSO_CODE_REJECTED), a start whose nonce the provider got changed (its ID token is
// then refused: SSO_TOKEN_REJECTED), a start asking the provider for no e-mail (the identity lacks it:
// 403 SSO_IDENTITY_INCOMPLETE), the address past its 60 starts (429, the starts sent through the API).
//
// page.route() answers only what the real server cannot be made to give here: a success with neither
// a session nor a code to ask for (sign-in, code, registration, exchange: the contract allows it); the
// provider's page not coming (204) once the browser leaves from the dialog (to see the dialog then, and
// close it); a 500 of the one-time code and of the reset request; a mismatch without the attempts count
// (the server always sends it); the personal sign-in's 502; the identity provider unreachable (502,
// start and exchange: the embedded provider answers in-process); and the exchange's 409 (an employee
// identity not yet linked whose address another account holds: the four demo employees may already be
// linked by other tests of the worker's shop, and a taken address would break their sign-ins for the
// rest of the run).
//
// From the single sign-on's failure page, its home link closes the failure (`auth.close`); the brand's
// logo leaves without closing it, and the account button then opens the dialog. An `auth.open` flagged
// as reloaded (the model offers it only while the dialog is closed) is a page load with a token the app
// cannot read. Not yet the app's own road: the programme's sign-in started from the welcome or reset
// modal is its link followed from outside, a page load that starts a new dialog (the step is credited
// to the modal's state).
import type { Route } from "@playwright/test";
import type { SnapshotFrom } from "xstate";
import type { authMachine } from "../../../machines/auth/auth.machine.ts";
import { authModel, NO_SESSION } from "../../../machines/auth/auth.model.ts";
import { eventKey } from "../../../machines/shared/flow-cover.ts";
import type { AuthFlow, SingleSignOnFailure } from "../../../machines/auth/auth.types.ts";
import { CUSTOMER_TOKEN_COOKIE } from "../../../src/app/customer-token.ts";
import { SINGLE_SIGN_ON_MESSAGES } from "../../../src/features/auth/single-sign-on-messages.ts";
import { data, storefrontApi, type Lang } from "../support/api.ts";
import { captchaAnswer, freshCustomerEmail, registerCustomer, TEST_PASSWORD } from "../support/customers.ts";
import { expect, outsideNotifications, type Locator, type Page } from "../support/fixtures.ts";
import { lastMailId, waitForSignInCode } from "../support/mailbox.ts";
import { message } from "../support/messages.ts";
import { defineFlowBinding } from "./binding.ts";
import { apiCallFrom, ownClientAddress } from "./world.ts";

type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** Solving the captcha's proof of work in the browser may take a few seconds on a slow machine. */
const CAPTCHA_TIMEOUT_MS = 45_000;
/** The demo accounts' password (server/seed/data/customers.ts), the demo GPNet account with two-factor. */
const DEMO_PASSWORD = "EscaleDemo2026!";
const DEMO_GPNET = { email: "paul.garnier@demo.escale.example", password: DEMO_PASSWORD, firstName: "Paul", lastName: "Garnier", gpnetId: "GP100001" };
/** Staff numbers of the demo directory without an account, one per language (each opens one account). */
const FREE_STAFF_NUMBER: Record<Lang, string> = { fr: "GP100007", en: "GP100008" };
/** A crew member of the demo identity provider (server/seed/data/employees.ts). */
const CREW_MEMBER = { email: "sophie.girard@staff.demo.escale.example", password: DEMO_PASSWORD, firstName: "Sophie", lastName: "Girard" };
/** The provider's page is the shop's server's, not the SPA's: its texts are its own. */
const PROVIDER_PAGE = {
  fr: { email: "Adresse e-mail", password: "Mot de passe", submit: "Se connecter" },
  en: { email: "E-mail address", password: "Password", submit: "Sign in" },
} as const;
/** The single sign-on starts one address may make in 15 minutes (server/modules/habile/habile-handlers.ts). */
const STARTS_PER_ADDRESS = 60;
/** What the tab keeps while at the provider (src/app/single-sign-on.ts). */
const KEPT_KEY = "habileSignIn";
const UNREADABLE_TOKEN = "not-a-token";

/** The page's calls a path holds until its event answers them. */
const CALLS = {
  signIn: /\/api\/v1\/(customers|gpnet)\/sign-in(\?|$)/,
  verifyCode: /\/api\/v1\/(customers|gpnet)\/one-time-password(\?|$)/,
  register: /\/api\/v1\/(customers|gpnet)\/register(\?|$)/,
  reset: /\/api\/v1\/(customers|gpnet)\/reset-password(\?|$)/,
  start: /\/api\/v1\/habile\/authorization(\?|$)/,
  exchange: /\/api\/v1\/habile(\?|$)/,
} as const;
type Call = keyof typeof CALLS;
/** The browser's way to the provider's authorization page. */
const PROVIDER_AUTHORIZATION = /\/oidc\/auth(\?|$)/;

interface Person {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  gpnetId?: string;
}

/** Requests held (while `holding`) until taken with `next()`; let through otherwise. */
interface Gate {
  holding: boolean;
  next: () => Promise<Route>;
}

async function gate(page: Page, pattern: RegExp): Promise<Gate> {
  const waiting: ((route: Route) => void)[] = [];
  const arrived: Route[] = [];
  const held: Gate = {
    holding: true,
    next: () => {
      const route = arrived.shift();
      return route ? Promise.resolve(route) : new Promise((resolve) => waiting.push(resolve));
    },
  };
  await page.route(pattern, (route) => {
    if (!held.holding) return route.fallback();
    const take = waiting.shift();
    if (take) take(route);
    else arrived.push(route);
    return undefined;
  });
  return held;
}

interface PathData {
  lang: Lang;
  client: string;
  page: Page;
  gates: Record<Call, Gate>;
  /** A held call the page has sent, for the event that answers it. */
  held: Map<Call, Route>;
  /** Who signs in (or registers, or asks for the reset link) on this path. */
  account?: Person;
  /** Who the welcome modal must greet. */
  signedIn?: Person;
  /** The newest mail before the sign-in: the code is in a later one. */
  mailsBefore: number;
  /** The browser's way to the provider, held (the dialog stays while the browser leaves). */
  leaving?: Promise<Route>;
}

function path(world: { memory: Map<string, unknown> }): PathData {
  const found = world.memory.get("auth") as PathData | undefined;
  if (found === undefined) throw new Error("the auth path was not started");
  return found;
}

async function heldCall(data: PathData, call: Call): Promise<Route> {
  const kept = data.held.get(call);
  if (kept !== undefined) return kept;
  const route = await data.gates[call].next();
  data.held.set(call, route);
  return route;
}

/** Answers the held call (the real server, or what `answer` says) and waits for the page to have it. */
async function release(data: PathData, call: Call, answer: (route: Route) => Promise<void> = (route) => route.continue()): Promise<void> {
  const route = await heldCall(data, call);
  data.held.delete(call);
  await answer(route);
  await route.request().response();
}

/** What the real server cannot be made to answer: the model's error, as the contract's body. */
const failWith = (status: number, code: string | undefined, text: string) => (route: Route) =>
  route.fulfill({ status, contentType: "application/json", body: JSON.stringify({ status, ...(code === undefined ? {} : { code }), message: text }) });

/** A success with neither a session nor a code to ask for: the contract allows it, the shop's server never answers it. */
const answerWithoutSession = (route: Route) => route.fulfill({ status: 200, json: NO_SESSION });

const t = (lang: Lang, id: string, values: Record<string, string | number> = {}) => {
  let text = message(lang, id);
  for (const [name, value] of Object.entries(values)) text = text.replace(`{${name}}`, String(value));
  return text;
};

/** A plural message (`{count, plural, one {…} other {…}}`) for `count`. */
function plural(lang: Lang, id: string, count: number): string {
  const text = message(lang, id);
  const form = new RegExp(`${count === 1 ? "one" : "other"} \\{([^}]*)\\}`, "u").exec(text)?.[1];
  if (form === undefined) throw new Error(`${id} has no plural form for ${count}`);
  return form.replace("#", String(count));
}

const loginDialog = (page: Page, lang: Lang) => page.getByRole("dialog", { name: message(lang, "layout.login.title"), exact: true });
const accountButton = (page: Page, lang: Lang) => page.getByRole("banner").getByRole("button", { name: message(lang, "layout.account"), exact: true });
const tab = (page: Page, lang: Lang, flow: AuthFlow) =>
  loginDialog(page, lang).getByRole("tab", { name: message(lang, flow === "gpnet" ? "layout.login.tab.employee" : "layout.login.tab.personal"), exact: true });
const button = (scope: Locator, lang: Lang, id: string) => scope.getByRole("button", { name: message(lang, id), exact: true });
const heading = (scope: Locator, lang: Lang, id: string) => scope.getByRole("heading", { name: message(lang, id), exact: true });
const field = (scope: Locator, lang: Lang, id: string) => scope.getByLabel(message(lang, id), { exact: true });
const flowOf = (snapshot: AuthSnapshot): AuthFlow => snapshot.context.flow;

/** The dialog's own alerts (an open dialog also takes in the notifications). */
const ownAlerts = (page: Page, lang: Lang) => loginDialog(page, lang).getByRole("alert").and(outsideNotifications(page));

/** The login dialog on the view's tab, with the view's error (or none). */
async function expectLoginView(page: Page, world: { lang: Lang; snapshot: AuthSnapshot }, titleId: string): Promise<Locator> {
  const { lang, snapshot } = world;
  const dialog = loginDialog(page, lang);
  await expect(dialog).toBeVisible();
  await expect(tab(page, lang, flowOf(snapshot))).toHaveAttribute("aria-selected", "true");
  await expect(heading(dialog, lang, titleId)).toBeVisible();
  const { errorId } = snapshot.context;
  if (errorId === null) await expect(ownAlerts(page, lang)).toHaveCount(0);
  else await expect(ownAlerts(page, lang)).toHaveText(message(lang, errorId));
  if (snapshot.context.reloaded) await expect(dialog.getByRole("status").filter({ hasText: message(lang, "auth.disconnected") }).and(outsideNotifications(page))).toBeVisible();
  return dialog;
}

/** A form of the dialog waiting for the server: its call sent and held, its button saying so. */
async function expectSubmitting(page: Page, data: PathData, call: Call, buttonId: string): Promise<void> {
  await heldCall(data, call);
  await expect(button(loginDialog(page, data.lang), data.lang, buttonId)).toBeDisabled();
}

/** The Habile start of the employee tab, waiting: the button busy, the note saying where the browser goes. */
async function expectHabileLeaving(page: Page, lang: Lang): Promise<void> {
  const dialog = loginDialog(page, lang);
  await expect(tab(page, lang, "gpnet")).toHaveAttribute("aria-selected", "true");
  await expect(button(dialog, lang, "auth.habile.button")).toBeDisabled();
  await expect(dialog.getByRole("status").filter({ hasText: message(lang, "auth.habile.redirecting") })).toBeVisible();
  // The staff-number forms give way to the links to them.
  await expect(button(dialog, lang, "auth.gpnet.register.haveAccount")).toBeVisible();
  await expect(dialog.getByRole("heading", { level: 3 })).toHaveCount(0);
}

function failureText(lang: Lang, failure: SingleSignOnFailure | null): string {
  if (failure === null) throw new Error("a failed single sign-on says why");
  return message(lang, SINGLE_SIGN_ON_MESSAGES[failure]);
}

/** A General public account through the API, with or without two-factor sign-in. */
async function newAccount(lang: Lang, twoFactor: boolean, names = { firstName: "Ann", lastName: "Martin" }): Promise<Person> {
  if (!twoFactor) {
    const registered = await registerCustomer(lang, names);
    return { email: registered.email, password: registered.password, ...names };
  }
  const api = await storefrontApi(lang);
  const account = { email: freshCustomerEmail("code"), password: TEST_PASSWORD, ...names };
  await data(
    api.POST("/customers/register", {
      body: { ...account, twoFactorAuthenticationEnabled: true, newsLetterSubscribed: false, recaptchaData: await captchaAnswer() },
    }),
  );
  return account;
}

/** The newest code e-mailed to the account since its sign-in. */
async function mailedCode(data: PathData): Promise<string> {
  if (data.account === undefined) throw new Error("no account signed in on this path");
  return waitForSignInCode(data.account.email, data.mailsBefore);
}

/** Sends the one-time code from elsewhere (the path's address, as the API would be called): its status. */
async function codeFromElsewhere(data: PathData, code: string): Promise<number> {
  const account = data.account;
  if (account === undefined) throw new Error("no account signed in on this path");
  const endpoint = account.gpnetId === undefined ? "/customers/one-time-password" : "/gpnet/one-time-password";
  const body = { email: account.email, password: account.password, oneTimePassword: code, ...(account.gpnetId === undefined ? {} : { gpnetId: account.gpnetId }) };
  return apiCallFrom(data.client, "POST", endpoint, body);
}

const wrongCodeFor = (code: string) => (code === "000000" ? "111111" : "000000");

/** Where the start's answer sends the browser: the provider's page, its authorization address changed by `change`. */
async function changeAuthorization(page: Page, change: (url: URL) => void): Promise<void> {
  await page.route(CALLS.start, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { authorizationUrl: string; state: string };
    const url = new URL(body.authorizationUrl);
    change(url);
    await route.fulfill({ response, json: { ...body, authorizationUrl: url.toString() } });
  });
}

/** A real start of the programme's sign-in: the page leaves for the provider (the start not held). */
async function startForReal(data: PathData): Promise<void> {
  const { page, lang } = data;
  data.gates.start.holding = false;
  await page.goto(`/${lang}/empowerment-sign-in?context=vol-AF1234&client=Dupont`);
  await page.waitForURL((url) => url.pathname.startsWith("/oidc/interaction/"));
  data.gates.start.holding = true;
}

/** On the provider's page, the crew member signs in: the browser comes back to the return page. */
async function signInOnProvider(data: PathData): Promise<void> {
  const { page, lang } = data;
  const texts = PROVIDER_PAGE[lang];
  await page.getByRole("textbox", { name: texts.email, exact: true }).fill(CREW_MEMBER.email);
  await page.getByLabel(texts.password, { exact: true }).fill(CREW_MEMBER.password);
  await page.getByRole("button", { name: texts.submit, exact: true }).click();
  await page.waitForURL((url) => url.pathname === `/${lang}/habile-sign-in`);
}

/** The state the tab kept when it left for the provider. */
async function keptState(page: Page): Promise<string> {
  const kept = await page.evaluate((key) => window.sessionStorage.getItem(key), KEPT_KEY);
  if (kept === null) throw new Error("the tab kept no single sign-on");
  return (JSON.parse(kept) as { state: string }).state;
}

/** Back on the return page with `state` as the one this tab kept (a state the server did not issue). */
async function returnWithKeptState(data: PathData, state: string): Promise<void> {
  const { page, lang } = data;
  await page.evaluate(
    ([key, value]) => window.sessionStorage.setItem(key ?? "", value ?? ""),
    [KEPT_KEY, JSON.stringify({ state, habileType: "EMPOWERMENT", returnTo: `/${lang}` })],
  );
  await page.goto(`/${lang}/habile-sign-in?code=c0de-from-provider&state=${state}`);
}

export const authBinding = defineFlowBinding(authModel, {
  inEnglish: true,
  start: async ({ lang, context, openPage, memory }) => {
    const client = await ownClientAddress(context);
    const page = await openPage(`/${lang}`);
    const gates = {} as Record<Call, Gate>;
    // The habile start first: the exchange's pattern is its prefix, and the later route runs first.
    for (const call of ["exchange", "start", "signIn", "verifyCode", "register", "reset"] as const) gates[call] = await gate(page, CALLS[call]);
    memory.set("auth", { lang, client, page, gates, held: new Map(), mailsBefore: 0 } satisfies PathData);
    return page;
  },
  states: {
    closed: async (page, world) => {
      const { lang } = path(world);
      await expect(page.getByRole("main")).toBeVisible();
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(heading(page.getByRole("main"), lang, "sso.failed.title")).toHaveCount(0);
      await expect(accountButton(page, lang).or(page.getByRole("banner").getByRole("link", { name: message(lang, "layout.account"), exact: true }))).toBeVisible();
    },
    "open.login.editing": async (page, world) => {
      const dialog = await expectLoginView(page, world, flowOf(world.snapshot) === "gpnet" ? "auth.gpnet.login.title" : "auth.login.title");
      await expect(button(dialog, world.lang, "auth.login.submit")).toBeEnabled();
      await expect(field(dialog, world.lang, "auth.field.gpnetId")).toHaveCount(flowOf(world.snapshot) === "gpnet" ? 1 : 0);
    },
    "open.login.submitting": async (page, world) => expectSubmitting(page, path(world), "signIn", "auth.login.submitting"),
    "open.register.editing": async (page, world) => {
      const dialog = await expectLoginView(page, world, flowOf(world.snapshot) === "gpnet" ? "auth.gpnet.register.title" : "auth.register.title");
      await expect(button(dialog, world.lang, "auth.register.submit")).toBeEnabled();
      // The employee tab offers Habile above its staff-number form.
      await expect(button(dialog, world.lang, "auth.habile.button")).toHaveCount(flowOf(world.snapshot) === "gpnet" ? 1 : 0);
    },
    "open.register.submitting": async (page, world) => expectSubmitting(page, path(world), "register", "auth.register.submitting"),
    "open.forgot.editing": async (page, world) => {
      const dialog = await expectLoginView(page, world, "auth.forgot.title");
      await expect(button(dialog, world.lang, "auth.forgot.submit")).toBeEnabled();
    },
    "open.forgot.submitting": async (page, world) => expectSubmitting(page, path(world), "reset", "auth.forgot.submitting"),
    "open.code.editing": async (page, world) => {
      const data = path(world);
      const { lang } = world;
      const dialog = await expectLoginView(page, world, "auth.code.title");
      await expect(dialog.getByText(t(lang, "auth.code.intro", { email: data.account?.email ?? "" }), { exact: true })).toBeVisible();
      await expect(dialog.getByRole("group", { name: message(lang, "auth.code.label") }).getByRole("textbox")).toHaveCount(6);
      const { attemptsLeft } = world.snapshot.context;
      const count = dialog.getByText(new RegExp(plural(lang, "errors.auth.count", 2).replace(/\d/u, "\\d+"), "u")).and(outsideNotifications(page));
      if (attemptsLeft === null) await expect(count).toHaveCount(0);
      else await expect(count).toHaveText(plural(lang, "errors.auth.count", attemptsLeft));
    },
    "open.code.submitting": async (page, world) => expectSubmitting(page, path(world), "verifyCode", "auth.code.submitting"),
    "open.singleSignOn.redirecting": async (page, world) => {
      const data = path(world);
      await heldCall(data, "start");
      await expectHabileLeaving(page, data.lang);
    },
    "open.singleSignOn.leaving": async (page, world) => {
      const data = path(world);
      if (data.leaving === undefined) throw new Error("the browser's way to the provider is not held");
      // The browser asked for the provider's page: the dialog stays until it arrives.
      expect(PROVIDER_AUTHORIZATION.test((await data.leaving).request().url())).toBe(true);
      await expectHabileLeaving(page, data.lang);
    },
    "open.singleSignOn.failed": async (page, world) => {
      const { lang } = path(world);
      const dialog = loginDialog(page, lang);
      await expect(dialog).toBeVisible();
      await expect(tab(page, lang, "gpnet")).toHaveAttribute("aria-selected", "true");
      await expect(ownAlerts(page, lang)).toHaveText(failureText(lang, world.snapshot.context.singleSignOnFailure));
      await expect(button(dialog, lang, "auth.habile.button")).toBeEnabled();
      await expect(button(dialog, lang, "auth.gpnet.login.create")).toBeVisible();
      await expect(dialog.getByRole("heading", { level: 3 })).toHaveCount(0);
    },
    "singleSignOn.redirecting": async (page, world) => {
      const data = path(world);
      await heldCall(data, "start");
      await expect(page.getByRole("main").getByRole("status")).toHaveText(message(data.lang, "sso.redirecting"));
      await expect(page.getByRole("dialog")).toHaveCount(0);
    },
    "singleSignOn.leaving": async (page) => {
      // The browser is at the provider: its own sign-in page.
      await page.waitForURL((url) => url.pathname.startsWith("/oidc/interaction/"));
      await expect(page.getByRole("button", { name: /^(Se connecter|Sign in)$/u })).toBeVisible();
    },
    "singleSignOn.exchanging": async (page, world) => {
      const data = path(world);
      await heldCall(data, "exchange");
      await expect(page.getByRole("main").getByRole("status")).toHaveText(message(data.lang, "sso.signingIn"));
      await expect(page.getByRole("dialog")).toHaveCount(0);
    },
    "singleSignOn.failed": async (page, world) => {
      const { lang } = path(world);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1, name: message(lang, "sso.failed.title"), exact: true })).toBeVisible();
      await expect(main.getByRole("alert")).toHaveText(failureText(lang, world.snapshot.context.singleSignOnFailure));
      await expect(button(main, lang, "sso.retry")).toBeVisible();
      await expect(main.getByRole("link", { name: message(lang, "sso.home"), exact: true })).toBeVisible();
    },
    welcome: async (page, world) => {
      const data = path(world);
      const who = data.signedIn;
      if (who === undefined) throw new Error("nobody signed in on this path");
      const welcome = page.getByRole("dialog", { name: t(data.lang, "auth.welcome.title", { names: `${who.firstName} ${who.lastName}` }), exact: true });
      await expect(welcome).toBeVisible({ timeout: CAPTCHA_TIMEOUT_MS });
      await expect(welcome.getByText(message(data.lang, "auth.welcome.text"), { exact: true })).toBeVisible();
      await expect(loginDialog(page, data.lang)).toHaveCount(0);
      // Signed in: the header's account button became the link to the account.
      await expect(page.getByRole("banner").getByRole("link", { name: message(data.lang, "layout.account"), exact: true })).toBeAttached();
    },
    resetSent: async (page, world) => {
      const data = path(world);
      const reset = page.getByRole("dialog", { name: message(data.lang, "auth.resetSent.title"), exact: true });
      await expect(reset).toBeVisible();
      await expect(reset.getByRole("status")).toHaveText(t(data.lang, "auth.resetSent.text", { email: data.account?.email ?? "" }));
      await expect(loginDialog(page, data.lang)).toHaveCount(0);
    },
  },
  events: {
    "auth.open": async (page, event, world) => {
      const data = path(world);
      const { lang } = data;
      if (event.type !== "auth.open") return;
      if (event.reloaded === true) {
        // The stored session cannot be read at start: the dialog opens by itself.
        await world.context.addCookies([{ name: CUSTOMER_TOKEN_COOKIE, value: UNREADABLE_TOKEN, url: new URL("/", page.url()).toString(), sameSite: "Strict" }]);
        await page.goto(`/${lang}`);
        return;
      }
      // From the single sign-on's failure page, the shop is the brand's logo away (leaving by it closes
      // nothing: the page's own home link does, `auth.close`).
      if (world.snapshot.matches("singleSignOn")) await page.getByRole("banner").getByRole("link", { name: message(lang, "layout.home") }).click();
      await accountButton(page, lang).click();
    },
    "auth.close": async (page, _event, world) => {
      const { lang } = path(world);
      const { snapshot } = world;
      if (snapshot.matches("singleSignOn")) {
        await page.getByRole("main").getByRole("link", { name: message(lang, "sso.home"), exact: true }).click();
        return;
      }
      if (snapshot.matches("resetSent")) {
        const reset = page.getByRole("dialog", { name: message(lang, "auth.resetSent.title"), exact: true });
        // Its own button (the corner's close button has the same name).
        await button(reset, lang, "auth.resetSent.close").filter({ hasText: message(lang, "auth.resetSent.close") }).click();
        return;
      }
      // The login or welcome modal: its close button (the only dialog open).
      await page.getByRole("dialog").getByRole("button", { name: message(lang, "layout.dialog.close"), exact: true }).click();
    },
    "auth.selectTab": async (page, event, world) => {
      if (event.type !== "auth.selectTab") return;
      await tab(page, path(world).lang, event.tab === "employee" ? "gpnet" : "personal").click();
    },
    "auth.showLogin": async (page, _event, world) => {
      const { lang } = path(world);
      const { snapshot } = world;
      const dialog = loginDialog(page, lang);
      const id =
        snapshot.matches({ open: "register" }) ? (flowOf(snapshot) === "gpnet" ? "auth.gpnet.register.haveAccount" : "auth.register.haveAccount")
        : snapshot.matches({ open: "singleSignOn" }) ? "auth.gpnet.register.haveAccount"
        : "auth.backToLogin";
      await button(dialog, lang, id).click();
    },
    "auth.showRegister": async (page, _event, world) => {
      const { lang } = path(world);
      const gpnet = flowOf(world.snapshot) === "gpnet";
      await button(loginDialog(page, lang), lang, gpnet ? "auth.gpnet.login.create" : "auth.login.create").click();
    },
    "auth.showForgot": async (page, _event, world) => {
      const { lang } = path(world);
      await button(loginDialog(page, lang), lang, "auth.login.forgot").click();
    },
    "auth.submitLogin": async (page, _event, world) => {
      const data = path(world);
      const { lang } = data;
      const gpnet = flowOf(world.snapshot) === "gpnet";
      const answer = world.upcoming[0];
      const key = answer === undefined ? "" : eventKey(authModel, answer);
      // Who signs in: what the server's answer needs.
      if (key === "(signIn succeeds)") {
        if (gpnet) throw new Error("the demo GPNet account signs in with a code");
        data.account = await newAccount(lang, false);
      } else if (key === "(signIn asks for the one-time code)") {
        data.account = gpnet ? DEMO_GPNET : await newAccount(lang, true);
      } else if (gpnet) {
        data.account = { ...DEMO_GPNET, password: "Not-the@Password1" };
      } else {
        data.account = { email: freshCustomerEmail("nobody"), password: TEST_PASSWORD, firstName: "Ann", lastName: "Martin" };
      }
      data.signedIn = data.account;
      data.mailsBefore = await lastMailId();
      const dialog = loginDialog(page, lang);
      if (gpnet) await field(dialog, lang, "auth.field.gpnetId").fill(data.account.gpnetId ?? "");
      await field(dialog, lang, "auth.field.email").fill(data.account.email);
      await field(dialog, lang, "auth.field.password").fill(data.account.password);
      await button(dialog, lang, "auth.login.submit").click();
    },
    "(signIn succeeds)": async (_page, _event, world) => release(path(world), "signIn"),
    "(signIn answers without a session)": async (_page, _event, world) => release(path(world), "signIn", answerWithoutSession),
    "(signIn asks for the one-time code)": async (_page, _event, world) => release(path(world), "signIn"),
    '(signIn answers 401 "Wrong e-mail or password")': async (_page, _event, world) => release(path(world), "signIn"),
    '(signIn answers 502 "Staff directory unavailable")': async (_page, _event, world) =>
      release(path(world), "signIn", failWith(502, "GPNET_UNAVAILABLE", "Staff directory unavailable")),
    "auth.submitCode": async (page, _event, world) => {
      const data = path(world);
      const { lang } = data;
      const answer = world.upcoming[0];
      const key = answer === undefined ? "" : eventKey(authModel, answer);
      const right = await mailedCode(data);
      let typed = wrongCodeFor(right);
      if (key === "(verifyCode succeeds)") typed = right;
      if (key === '(verifyCode answers 401 "Too much attempts for one time password")') {
        // Two wrong codes sent from elsewhere first: this one is the last attempt.
        for (let attempt = 0; attempt < 2; attempt += 1) expect(await codeFromElsewhere(data, typed)).toBe(401);
      }
      if (key === '(verifyCode answers 401 "One time password is expired")') {
        // The code used from elsewhere: none is pending any more when the shopper types it.
        expect(await codeFromElsewhere(data, right)).toBe(200);
        typed = right;
      }
      const dialog = loginDialog(page, lang);
      const boxes = dialog.getByRole("group", { name: message(lang, "auth.code.label") }).getByRole("textbox");
      await boxes.first().focus();
      await page.keyboard.type(typed);
      await button(dialog, lang, "auth.code.submit").click();
    },
    "(verifyCode succeeds)": async (_page, _event, world) => release(path(world), "verifyCode"),
    "(verifyCode answers without a session)": async (_page, _event, world) => release(path(world), "verifyCode", answerWithoutSession),
    '(verifyCode answers 401 "The provided one time password doesn\'t match|2")': async (_page, _event, world) => release(path(world), "verifyCode"),
    '(verifyCode answers 401 "The provided one time password doesn\'t match")': async (_page, _event, world) =>
      release(path(world), "verifyCode", failWith(401, "OTP_MISMATCH", "The provided one time password doesn't match")),
    '(verifyCode answers 401 "Too much attempts for one time password")': async (_page, _event, world) => release(path(world), "verifyCode"),
    '(verifyCode answers 401 "One time password is expired")': async (_page, _event, world) => release(path(world), "verifyCode"),
    '(verifyCode answers 500 "Internal Server Error")': async (_page, _event, world) =>
      release(path(world), "verifyCode", failWith(500, undefined, "Internal Server Error")),
    "auth.submitRegister": async (page, _event, world) => {
      const data = path(world);
      const { lang } = data;
      const gpnet = flowOf(world.snapshot) === "gpnet";
      const answer = world.upcoming[0];
      const key = answer === undefined ? "" : eventKey(authModel, answer);
      const names = gpnet ? { firstName: "Manon", lastName: "Boyer" } : { firstName: "Ann", lastName: "Martin" };
      // An address another account has already, or a new one.
      const email = key === '(register answers 409 "An account already exists")' ? (await newAccount(lang, false)).email : freshCustomerEmail("signup");
      data.account = { email, password: TEST_PASSWORD, ...names, ...(gpnet ? { gpnetId: FREE_STAFF_NUMBER[lang] } : {}) };
      data.signedIn = data.account;
      const dialog = loginDialog(page, lang);
      if (gpnet) await field(dialog, lang, "auth.field.gpnetId").fill(data.account.gpnetId ?? "");
      await field(dialog, lang, "auth.field.firstName").fill(names.firstName);
      await field(dialog, lang, "auth.field.lastName").fill(names.lastName);
      await field(dialog, lang, "auth.field.email").fill(email);
      await field(dialog, lang, "auth.field.repeatEmail").fill(email);
      await field(dialog, lang, "auth.field.newPassword").fill(TEST_PASSWORD);
      await field(dialog, lang, "auth.field.repeatPassword").fill(TEST_PASSWORD);
      await expect(field(dialog, lang, "auth.field.twoFactor")).toBeChecked();
      await button(dialog, lang, "auth.register.submit").click();
    },
    "(register succeeds)": async (_page, _event, world) => release(path(world), "register"),
    "(register answers without a session)": async (_page, _event, world) => release(path(world), "register", answerWithoutSession),
    '(register answers 409 "An account already exists")': async (_page, _event, world) => release(path(world), "register"),
    "auth.submitForgot": async (page, _event, world) => {
      const data = path(world);
      const { lang } = data;
      data.account = { email: freshCustomerEmail("reset"), password: TEST_PASSWORD, firstName: "Ann", lastName: "Martin" };
      const dialog = loginDialog(page, lang);
      await field(dialog, lang, "auth.field.email").fill(data.account.email);
      await button(dialog, lang, "auth.forgot.submit").click();
    },
    "(requestReset succeeds)": async (_page, _event, world) => release(path(world), "reset"),
    '(requestReset answers 500 "Internal Server Error")': async (_page, _event, world) =>
      release(path(world), "reset", failWith(500, undefined, "Internal Server Error")),
    "auth.startSingleSignOn": async (page, _event, world) => {
      const data = path(world);
      const { lang } = data;
      const { snapshot } = world;
      if (snapshot.matches("open")) {
        await button(loginDialog(page, lang), lang, "auth.habile.button").click();
      } else if (snapshot.matches("singleSignOn")) {
        await button(page.getByRole("main"), lang, "sso.retry").click();
      } else {
        // A page of the programme (its link from outside the shop): the sign-in starts.
        await page.goto(`/${lang}/empowerment-sign-in?context=vol-AF1234&client=Dupont`);
      }
    },
    "(startSingleSignOn succeeds)": async (page, _event, world) => {
      const data = path(world);
      if (world.snapshot.matches("open")) {
        // The dialog stays while the browser is on its way: the provider's page does not come (204),
        // so that the shopper can still close the dialog (a held navigation would hold the page too).
        let reached: (route: Route) => void = () => undefined;
        data.leaving = new Promise((resolve) => (reached = resolve));
        await page.route(PROVIDER_AUTHORIZATION, async (route) => {
          reached(route);
          await route.fulfill({ status: 204 });
        });
      }
      const route = await heldCall(data, "start");
      data.held.delete("start");
      await route.continue();
    },
    '(startSingleSignOn answers 502 "Identity provider unreachable")': async (_page, _event, world) =>
      release(path(world), "start", failWith(502, "UPSTREAM_UNAVAILABLE", "Identity provider unreachable")),
    "auth.returnFromSingleSignOn": async (page, event, world) => {
      const data = path(world);
      const { lang } = data;
      if (event.type !== "auth.returnFromSingleSignOn") return;
      if (event.state !== event.expectedState) {
        // A return this tab did not start: refused without calling the server.
        await page.goto(`/${lang}/habile-sign-in?code=c0de-from-provider&state=forged-state`);
        return;
      }
      const answer = world.upcoming[0];
      const key = answer === undefined ? "" : eventKey(authModel, answer);
      data.signedIn = CREW_MEMBER;
      switch (key) {
        case "(exchangeCode succeeds)":
          await startForReal(data);
          await signInOnProvider(data);
          return;
        case '(exchangeCode answers 401 "The provider refused the code")': {
          // A real start, and back with a code the provider never gave.
          await startForReal(data);
          const state = await keptState(page);
          await page.goto(`/${lang}/habile-sign-in?code=forged-code&state=${state}`);
          return;
        }
        case '(exchangeCode answers 401 "Invalid ID token")':
          // The provider asked for another nonce than the shop's: its ID token is refused.
          await changeAuthorization(page, (url) => url.searchParams.set("nonce", "another-nonce"));
          await startForReal(data);
          await signInOnProvider(data);
          return;
        case '(exchangeCode answers 403 "No staff number")':
          // The provider asked for no e-mail address: the identity lacks what the shop needs.
          await changeAuthorization(page, (url) => url.searchParams.set("scope", "openid"));
          await startForReal(data);
          await signInOnProvider(data);
          return;
        case '(exchangeCode answers 429 "Slow down")': {
          // This address has started all the sign-ins it may in 15 minutes.
          const starts = Array.from({ length: STARTS_PER_ADDRESS }, () => apiCallFrom(data.client, "POST", "/habile/authorization", { habileType: "EMPOWERMENT" }));
          expect(await Promise.all(starts)).toContain(200);
          await returnWithKeptState(data, "k3Vd9rQx-kept-by-this-tab");
          return;
        }
        default:
          // A state this tab kept, which the server never issued (or whose answer is made here).
          await returnWithKeptState(data, `kept-${Date.now().toString(36)}`);
      }
    },
    "(exchangeCode succeeds)": async (_page, _event, world) => release(path(world), "exchange"),
    "(exchangeCode answers without a session)": async (_page, _event, world) => release(path(world), "exchange", answerWithoutSession),
    '(exchangeCode answers 401 "Unknown or expired state")': async (_page, _event, world) => release(path(world), "exchange"),
    '(exchangeCode answers 401 "The provider refused the code")': async (_page, _event, world) => release(path(world), "exchange"),
    '(exchangeCode answers 401 "Invalid ID token")': async (_page, _event, world) => release(path(world), "exchange"),
    '(exchangeCode answers 403 "No staff number")': async (_page, _event, world) => release(path(world), "exchange"),
    '(exchangeCode answers 409 "An account already exists")': async (_page, _event, world) =>
      release(path(world), "exchange", failWith(409, "EMAIL_ALREADY_EXISTS", "An account already exists")),
    '(exchangeCode answers 429 "Slow down")': async (_page, _event, world) => release(path(world), "exchange"),
    '(exchangeCode answers 502 "Identity provider unreachable")': async (_page, _event, world) =>
      release(path(world), "exchange", failWith(502, "UPSTREAM_UNAVAILABLE", "Identity provider unreachable")),
  },
});

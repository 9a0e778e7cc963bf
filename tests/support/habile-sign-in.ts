// Drives employee single sign-on against the embedded identity provider as a browser would,
// through `app.inject`: the shop's start call, the provider's redirects and sign-in page (cookies
// kept by path), the form posted, back to the shop's return page with a code, and the shop's
// sign-in call. Other tests use it to sign employees in.
import type { LightMyRequestResponse } from "fastify";
import { DEMO_CUSTOMER_PASSWORD } from "../../server/seed/data/customers.ts";
import type { TestApp } from "./test-app.ts";

export type HabileType = "BRAND_EMPLOYEE" | "EMPOWERMENT";
export type ApiLocale = "fr_FR" | "en_US";

const MAX_REDIRECTS = 10;

/** The few cookies of one browser, sent back on the paths they were set for. */
class CookieJar {
  private readonly cookies = new Map<string, { value: string; path: string }>();

  store(response: LightMyRequestResponse): void {
    const header = response.headers["set-cookie"];
    for (const line of Array.isArray(header) ? header : header ? [header] : []) {
      const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
      const at = pair.indexOf("=");
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      const path = attributes.find((attribute) => /^path=/i.test(attribute))?.slice(5) ?? "/";
      const expired = attributes.some((attribute) => /^expires=Thu, 01 Jan 1970/i.test(attribute)) || value === "";
      const key = `${name};${path}`;
      if (expired) this.cookies.delete(key);
      else this.cookies.set(key, { value, path });
    }
  }

  headerFor(pathname: string): string | undefined {
    const matching = [...this.cookies.entries()]
      .filter(([, cookie]) => pathname === cookie.path || pathname.startsWith(cookie.path.endsWith("/") ? cookie.path : `${cookie.path}/`))
      .map(([key, cookie]) => `${key.split(";")[0]}=${cookie.value}`);
    return matching.length > 0 ? matching.join("; ") : undefined;
  }
}

/** A browser tab: cookies, and requests to the shop's own origin answered in-process. */
export class EmployeeBrowser {
  private readonly jar = new CookieJar();

  constructor(private readonly shop: TestApp) {}

  async open(url: string, init: { method?: "GET" | "POST"; form?: Record<string, string>; acceptLanguage?: string } = {}): Promise<LightMyRequestResponse> {
    const target = new URL(url);
    const cookie = this.jar.headerFor(target.pathname);
    const response = await this.shop.app.inject({
      method: init.method ?? "GET",
      url: `${target.pathname}${target.search}`,
      headers: {
        host: target.host,
        ...(cookie ? { cookie } : {}),
        ...(init.acceptLanguage ? { "accept-language": init.acceptLanguage } : {}),
        ...(init.form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      ...(init.form ? { payload: new URLSearchParams(init.form).toString() } : {}),
    });
    this.jar.store(response);
    return response;
  }

  /** Follows redirects from `url` until a page answers or the shop's return page is reached. */
  async follow(url: string, init: Parameters<EmployeeBrowser["open"]>[1] = {}): Promise<{ url: string; response: LightMyRequestResponse | null }> {
    let current = url;
    let response = await this.open(current, init);
    for (let hops = 0; hops < MAX_REDIRECTS && response.statusCode >= 300 && response.statusCode < 400; hops++) {
      current = new URL(String(response.headers.location), current).toString();
      if (isReturnPage(current)) return { url: current, response: null };
      response = await this.open(current);
    }
    return { url: current, response };
  }
}

const isReturnPage = (url: string) => /\/(fr|en)\/habile-sign-in\?/.test(url);

/** `POST habile/authorization`: where to send the browser, and the state to keep. */
export async function startHabileSignIn(shop: TestApp, habileType: HabileType, locale: ApiLocale = "fr_FR") {
  const response = await shop.request({ method: "POST", url: `/api/v1/habile/authorization?locale=${locale}`, payload: { habileType } });
  if (response.statusCode !== 200) throw new Error(`habile/authorization answered ${response.statusCode}: ${response.body}`);
  const body: { authorizationUrl: string; state: string } = response.json();
  return body;
}

/** The form's action on the provider's sign-in page. */
export function formActionOf(html: string): string {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error("the provider's page has no form");
  return action.replace(/&amp;/g, "&");
}

/** From the authorization address to the shop's return page: the code and state it carries. */
export async function codeFromEmbeddedProvider(
  shop: TestApp,
  authorizationUrl: string,
  credentials: { email: string; password?: string },
): Promise<{ code: string; state: string; returnUrl: string; browser: EmployeeBrowser }> {
  const browser = new EmployeeBrowser(shop);
  const page = await browser.follow(authorizationUrl);
  if (!page.response || page.response.statusCode !== 200) throw new Error(`the provider's sign-in page did not open: ${page.response?.statusCode} ${page.response?.body}`);
  const action = new URL(formActionOf(page.response.body), page.url).toString();
  const back = await browser.follow(action, { method: "POST", form: { email: credentials.email, password: credentials.password ?? DEMO_CUSTOMER_PASSWORD } });
  if (back.response) throw new Error(`the provider did not send the browser back: ${back.response.statusCode} ${back.response.body.slice(0, 300)}`);
  const returned = new URL(back.url);
  const code = returned.searchParams.get("code");
  const state = returned.searchParams.get("state");
  if (!code || !state) throw new Error(`the return address carries no code: ${back.url}`);
  return { code, state, returnUrl: back.url, browser };
}

/** `GET habile` as the SPA's return page calls it. */
export function finishHabileSignIn(shop: TestApp, input: { code: string; state: string; habileType: HabileType; locale?: ApiLocale }) {
  const query = new URLSearchParams({ authorizationCode: input.code, habileType: input.habileType, state: input.state, locale: input.locale ?? "fr_FR" });
  return shop.request({ method: "GET", url: `/api/v1/habile?${query}` });
}

/**
 * A whole employee sign-in through the embedded provider (the demo password unless told):
 * the shop's answer to `GET habile` (200 with the token and the customer when all went well).
 */
export async function signInThroughEmbeddedProvider(
  shop: TestApp,
  options: { email: string; habileType: HabileType; locale?: ApiLocale; password?: string },
): Promise<LightMyRequestResponse> {
  const locale = options.locale ?? "fr_FR";
  const { authorizationUrl } = await startHabileSignIn(shop, options.habileType, locale);
  const { code, state } = await codeFromEmbeddedProvider(shop, authorizationUrl, options);
  return finishHabileSignIn(shop, { code, state, habileType: options.habileType, locale });
}

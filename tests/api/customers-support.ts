// Helpers of the accounts API tests: a shop with a movable clock and an easy captcha, captcha
// answers solved like the widget does, and shortcuts for registering and reading e-mails.
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { desc, eq } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import type { components } from "../../common/api/schema.gen.ts";
import { outbox } from "../../server/db/schema.ts";
import type { AppOptions } from "../../server/app.ts";
import type { Adapters } from "../../server/composition.ts";
import { startTestApp, type Backend, type TestApp } from "../support/test-app.ts";

export type Schemas = components["schemas"];

export const PASSWORD = "Voyage@Paris2026";

export interface AccountsShop extends TestApp {
  /** Moves the shop's clock forward. */
  advance(ms: number): void;
  /** The shop's clock. */
  now(): Date;
  /** A request from its own client address (abuse limits count per address). */
  call(options: InjectOptions & { url: string; ip?: string }): Promise<LightMyRequestResponse>;
  /** A solved captcha, its challenge asked for from a client address (its difficulty depends on it). */
  captcha(ip?: string): Promise<string>;
  lastMailTo(email: string): Promise<{ subject: string; text: string; html: string | null } | undefined>;
  register(overrides?: Record<string, unknown>, ip?: string): Promise<{ token: string; customer: Schemas["Customer"]; email: string }>;
}

/** Settings of a test shop whose captcha is quick to solve. */
export const EASY_CAPTCHA = { ALTCHA_MAX_NUMBER: "2" };

/** A captcha answer as the ALTCHA widget makes it: the shop's challenge, solved. */
export async function solvedCaptcha(shop: Pick<TestApp, "request">, ip?: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await shop.request({ url: "/api/v1/captcha/challenge", headers, ...(ip ? { remoteAddress: ip } : {}) });
  if (response.statusCode !== 200) throw new Error(`no captcha challenge: ${response.statusCode} ${response.body}`);
  const challenge = response.json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("the captcha challenge could not be solved");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

let addressCounter = 0;
/** A client address no other test uses. */
export const freshIp = () => {
  addressCounter += 1;
  return `10.${Math.floor(addressCounter / 250) % 250}.${addressCounter % 250}.${(process.pid % 200) + 1}`;
};

let emailCounter = 0;
export const freshEmail = (prefix = "client") => {
  emailCounter += 1;
  return `${prefix}.${emailCounter}.${Date.now().toString(36)}@example.fr`;
};

export async function startAccountsShop(
  backend: Backend,
  options: { env?: Record<string, string>; app?: Partial<Omit<AppOptions, "adapters">>; adapters?: Partial<Adapters>; seed?: boolean } = {},
): Promise<AccountsShop> {
  let offset = 0;
  const shop = await startTestApp(backend, {
    seed: options.seed ?? false,
    env: { ...EASY_CAPTCHA, PUBLIC_URL: "https://boutique.example.com", ...options.env },
    app: { now: () => new Date(Date.now() + offset), ...options.app },
    adapters: options.adapters,
  });
  const call: AccountsShop["call"] = ({ ip, ...request }) => shop.request({ remoteAddress: ip ?? freshIp(), ...request });
  const captcha = (ip?: string) => solvedCaptcha(shop, ip);
  return {
    ...shop,
    advance: (ms) => {
      offset += ms;
    },
    now: () => new Date(Date.now() + offset),
    call,
    captcha,
    async lastMailTo(email) {
      const [mail] = await shop.db.orm
        .select({ subject: outbox.subject, text: outbox.text, html: outbox.html })
        .from(outbox)
        .where(eq(outbox.to, email))
        .orderBy(desc(outbox.id))
        .limit(1);
      return mail;
    },
    async register(overrides = {}, ip) {
      const email = typeof overrides.email === "string" ? overrides.email : freshEmail();
      const response = await call({
        method: "POST",
        url: "/api/v1/customers/register",
        ip,
        payload: {
          email,
          firstName: "Jeanne",
          lastName: "Dupont",
          password: PASSWORD,
          twoFactorAuthenticationEnabled: false,
          recaptchaData: await captcha(),
          ...overrides,
        },
      });
      if (response.statusCode !== 201) throw new Error(`registration failed: ${response.statusCode} ${response.body}`);
      const body = response.json<Schemas["SignInResponse"]>();
      if (!body.token || !body.customer) throw new Error("registration gave no token");
      return { token: body.token, customer: body.customer, email };
    },
  };
}

/** The headers of a signed-in call. */
export const asCustomer = (token: string) => ({ "x-customer-authorization": `Bearer ${token}` });

/** The six-digit code of a sign-in e-mail. */
export function codeIn(text: string | undefined): string {
  const match = /\b(\d{6})\b/.exec(text ?? "");
  if (!match?.[1]) throw new Error(`no code in ${text}`);
  return match[1];
}

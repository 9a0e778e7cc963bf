// The server's configuration: every environment variable it reads, parsed and validated once.
import * as v from "valibot";
import { SOCIAL_NETWORKS, type SocialLink } from "../common/runtime-config.ts";

/** The storefront token used when none is configured; documented in the README, demo only. */
export const DEMO_STOREFRONT_TOKEN = "escale-demo-storefront-token";

/** Where contact-form messages go when SHOP_EMAIL is not set. */
export const DEFAULT_SHOP_EMAIL = "boutique@escale.example";

/** The sender of the shop's e-mails when MAIL_FROM is not set. */
export const DEFAULT_MAIL_FROM = "Escale <no-reply@escale.example>";

/** The seller on invoices when SELLER_* are not set: a demo company, to replace with the real one. */
export const DEFAULT_SELLER = {
  address: "12 rue de l'Aviation, 75015 Paris, France",
  vatNumber: "FR00123456789",
  registration: "SIREN 123 456 789 – RCS Paris",
  legalForm: "SAS au capital de 10 000 €",
};

/** Proof-of-work difficulty of the ALTCHA captcha: the largest counter a browser may have to try. */
export const DEFAULT_ALTCHA_MAX_NUMBER = 2000;

/** The footer's social links when SOCIAL_LINKS is not set: the networks' home pages, a demo default to replace with the brand's accounts. */
export const DEFAULT_SOCIAL_LINKS: readonly SocialLink[] = [
  { network: "facebook", url: "https://www.facebook.com/" },
  { network: "instagram", url: "https://www.instagram.com/" },
  { network: "linkedin", url: "https://www.linkedin.com/" },
  { network: "youtube", url: "https://www.youtube.com/" },
];

/** The SOCIAL_LINKS value that shows no social links (an empty value means unset, as for every variable). */
const NO_SOCIAL_LINKS = "none";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

const optionalText = v.optional(v.pipe(v.string(), v.trim(), v.minLength(1)));

const SocialLinkSchema = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^[^=]+=/, "must be network=url"),
  v.transform((entry) => {
    // Split at the first "=" only: an address may have more in its query.
    const at = entry.indexOf("=");
    return { network: entry.slice(0, at).trim(), url: entry.slice(at + 1).trim() };
  }),
  v.object({
    network: v.picklist(SOCIAL_NETWORKS, `must name one of ${SOCIAL_NETWORKS.join(", ")}`),
    url: v.pipe(v.string(), v.url("must be an absolute https URL"), v.startsWith("https://", "must be an absolute https URL")),
  }),
);

const SocialLinksSchema = v.pipe(
  v.string(),
  v.trim(),
  v.transform((value) => (value === NO_SOCIAL_LINKS ? [] : value.split(","))),
  v.array(SocialLinkSchema),
  // The footer names a link by its network alone: two of one network could not be told apart.
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const networks = dataset.value.map((link) => link.network);
    const repeated = networks.find((network, index) => networks.indexOf(network) !== index);
    if (repeated) addIssue({ message: "must name each network once", input: repeated });
  }),
);

const EnvSchema = v.object({
  PORT: v.optional(
    v.pipe(v.string(), v.regex(/^\d+$/, "must be a port number"), v.transform(Number), v.minValue(0), v.maxValue(65535)),
    "3000",
  ),
  HOST: v.optional(v.pipe(v.string(), v.minLength(1)), "0.0.0.0"),
  DATA_DIR: v.optional(v.pipe(v.string(), v.minLength(1)), ".data"),
  DATABASE_URL: v.optional(
    v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\/\S+$/, "must be a postgres:// or postgresql:// URL")),
  ),
  STOREFRONT_API_TOKEN: v.optional(
    v.pipe(v.string(), v.minLength(16, "must be at least 16 characters"), v.regex(/^\S+$/, "must not contain spaces")),
  ),
  BRAND_NAME: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(40)), "Escale"),
  PUBLIC_URL: v.optional(v.pipe(v.string(), v.url("must be an absolute URL"))),
  LOG_LEVEL: v.optional(v.picklist(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(", ")}`), "info"),
  MAP_STYLE_URL: v.optional(v.pipe(v.string(), v.url("must be an absolute URL"))),
  CATALOG_CACHE_SECONDS: v.optional(
    v.pipe(v.string(), v.regex(/^\d+$/, "must be a whole number of seconds"), v.transform(Number), v.maxValue(3600)),
    "30",
  ),
  SEED: v.optional(v.picklist(["auto", "off"], "must be auto or off"), "auto"),
  SHOP_EMAIL: v.optional(v.pipe(v.string(), v.trim(), v.email("must be an e-mail address")), DEFAULT_SHOP_EMAIL),
  // The seller's identity printed on invoices (orders module); the defaults are a demo's.
  SELLER_NAME: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100))),
  SELLER_ADDRESS: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(300)), DEFAULT_SELLER.address),
  SELLER_VAT_NUMBER: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^[A-Z]{2}[0-9A-Z]{2,13}$/, "must be an intra-community VAT number (FR12345678901)")), DEFAULT_SELLER.vatNumber),
  SELLER_REGISTRATION: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)), DEFAULT_SELLER.registration),
  SELLER_LEGAL_FORM: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)), DEFAULT_SELLER.legalForm),
  NODE_ENV: optionalText,
  CUSTOMER_TOKEN_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, "must be at least 32 characters"))),
  ALTCHA_HMAC_KEY: v.optional(v.pipe(v.string(), v.minLength(32, "must be at least 32 characters"))),
  ALTCHA_MAX_NUMBER: v.optional(
    v.pipe(v.string(), v.regex(/^\d+$/, "must be a whole number"), v.transform(Number), v.minValue(1), v.maxValue(10_000_000)),
    String(DEFAULT_ALTCHA_MAX_NUMBER),
  ),
  RECAPTCHA_SECRET: optionalText,
  RECAPTCHA_SITE_KEY: optionalText,
  STAFF_DIRECTORY_URL: v.optional(v.pipe(v.string(), v.url("must be an absolute URL"))),
  SMTP_URL: v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\/\S+$/, "must be an smtp:// or smtps:// URL"))),
  TRUST_PROXY: v.optional(
    v.pipe(v.string(), v.regex(/^(true|\d{1,2}|[\w.:/]+(,\s*[\w.:/]+)*)$/, "must be true, a number of proxies or a list of proxy addresses")),
  ),
  MAIL_FROM: v.optional(v.pipe(v.string(), v.trim(), v.minLength(3)), DEFAULT_MAIL_FROM),
  GEOCODER_URL: v.optional(v.pipe(v.string(), v.url("must be an absolute URL"), v.regex(/^https?:\/\//, "must be an http:// or https:// URL"))),
  COLISSIMO_URL: v.optional(v.pipe(v.string(), v.url("must be an absolute URL"), v.regex(/^https?:\/\//, "must be an http:// or https:// URL"))),
  COLISSIMO_ACCOUNT_NUMBER: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^\w{1,20}$/, "must be the Colissimo account number"))),
  COLISSIMO_PASSWORD: optionalText,
  COLISSIMO_API_KEY: optionalText,
  SOCIAL_LINKS: v.optional(SocialLinksSchema),
  ADYEN_WEBHOOK_USERNAME: optionalText,
  ADYEN_WEBHOOK_PASSWORD: optionalText,
  // Card payment: Adyen's Checkout API, else the embedded payment sandbox.
  ADYEN_API_KEY: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^\S{10,500}$/, "must be an Adyen API key"))),
  ADYEN_MERCHANT_ACCOUNT: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^[\w.-]{1,80}$/, "must be an Adyen merchant account name"))),
  ADYEN_CLIENT_KEY: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^(test|live)_\w{8,100}$/, "must be an Adyen client key (test_… or live_…)"))),
  ADYEN_HMAC_KEY: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^([0-9a-fA-F]{2}){16,128}$/, "must be the hexadecimal HMAC key of the Adyen webhook"))),
  ADYEN_ENVIRONMENT: v.optional(v.picklist(["test", "live"], "must be test or live"), "test"),
  ADYEN_LIVE_URL_PREFIX: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^[a-z0-9]+-[A-Za-z0-9]+$/, "must be the live URL prefix of the Adyen account (e.g. 1797a841fbb37ca7-AdyenDemo)"))),
  PAYMENT_SANDBOX: v.optional(v.picklist(["on", "off"], "must be on or off")),
  // Employee single sign-on: an OpenID provider, else the embedded one with its demo employees.
  HABILE_ISSUER: v.optional(v.pipe(v.string(), v.trim(), v.url("must be an absolute URL"), v.regex(/^https?:\/\/[^?#]+$/, "must be an http(s) URL without query or fragment"))),
  HABILE_CLIENT_ID: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^\S{1,200}$/, "must be the client id the provider registered"))),
  HABILE_CLIENT_SECRET: optionalText,
  HABILE_EMBEDDED: v.optional(v.picklist(["on", "off"], "must be on or off")),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  storefrontToken: string;
  /** True when running on embedded defaults (no storefront token configured). */
  demoMode: boolean;
  brandName: string;
  publicUrl: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /** MapLibre style of the relay map; unset uses the bundled offline style. */
  mapStyleUrl: string | undefined;
  /** How long catalogue answers are served from memory before being refreshed (0 turns it off). */
  catalogCacheSeconds: number;
  /** Load the demo catalogue into an empty database at start. */
  seedOnStart: boolean;
  /** The shop's customer-service address: contact-form messages are e-mailed to it. */
  shopEmail: string;
  /** The seller printed on invoices; `address` is the registered office, one entry per line. */
  seller: { name: string; address: string[]; vatNumber: string; registration: string; legalForm: string };
  /** HS256 key of the customer tokens; unset: a random key generated once and kept in the database. */
  customerTokenSecret: string | undefined;
  /** The captcha: ALTCHA proof-of-work (self-hosted) unless a reCAPTCHA secret is configured. */
  captcha:
    | { provider: "altcha"; hmacKey: string | undefined; maxNumber: number }
    | { provider: "recaptcha"; secret: string; siteKey: string };
  /** A staff directory web service; unset: the embedded staff directory table. */
  staffDirectoryUrl: string | undefined;
  /** SMTP server the delivery job sends the outbox's e-mails through; unset: they stay in the outbox (shown at /dev/mailbox in demo mode). */
  smtpUrl: string | undefined;
  /** Sender of the shop's e-mails. */
  mailFrom: string;
  /**
   * Which proxies in front of the shop to believe about the client's address (X-Forwarded-For);
   * the abuse limits count per client address. False: the connection's address.
   */
  trustProxy: boolean | number | string[];
  /** The brand's social accounts, in the footer's order (sent to the SPA); empty: none shown. */
  socialLinks: readonly SocialLink[];
  /** A geocoding service of the French address base's API shape; unset: the embedded gazetteer of French towns. */
  geocoderUrl: string | undefined;
  /** La Poste's Colissimo point-retrait web service; unset: the embedded demo relay points. */
  colissimo: { url: string; credentials: { accountNumber: string; password: string } | { apiKey: string } } | undefined;
  /** Basic authentication the payment provider's webhook calls must carry; unset: none asked (the HMAC signatures are checked anyway). */
  adyenWebhookCredentials: { username: string; password: string } | undefined;
  /** Card payment: Adyen's Checkout API when ADYEN_* is configured, else the embedded payment sandbox. */
  payment: PaymentConfig;
  /** Employee single sign-on: an OpenID provider when HABILE_* is configured, else the embedded one. */
  habile: HabileConfig;
}

export type HabileConfig =
  | { provider: "embedded" }
  | { provider: "oidc"; issuer: string; clientId: string; clientSecret: string };

export type PaymentConfig =
  | { provider: "sandbox" }
  | {
      provider: "adyen";
      apiKey: string;
      merchantAccount: string;
      clientKey: string;
      /** Hexadecimal key of the webhook's HMAC signatures. */
      hmacKey: string;
      environment: "test" | "live";
      /** The account's prefix of the live endpoints (required live). */
      liveUrlPrefix: string | undefined;
    };

export class ConfigError extends Error {}

function trustProxyOf(value: string | undefined): Config["trustProxy"] {
  if (value === undefined) return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(",").map((item) => item.trim());
}

/** The Colissimo web service's address when none is configured (its REST version). */
export const DEFAULT_COLISSIMO_URL = "https://ws.colissimo.fr/pointretrait-ws-cxf/rest/v2/pointretrait";

function colissimoOf(url: string | undefined, accountNumber: string | undefined, password: string | undefined, apiKey: string | undefined): Config["colissimo"] {
  if ((accountNumber === undefined) !== (password === undefined)) {
    throw new ConfigError("Invalid configuration: COLISSIMO_ACCOUNT_NUMBER and COLISSIMO_PASSWORD must be set together");
  }
  if (accountNumber !== undefined && apiKey !== undefined) {
    throw new ConfigError("Invalid configuration: set COLISSIMO_API_KEY or COLISSIMO_ACCOUNT_NUMBER and COLISSIMO_PASSWORD, not both");
  }
  const credentials = apiKey !== undefined ? { apiKey } : accountNumber !== undefined && password !== undefined ? { accountNumber, password } : undefined;
  if (!credentials) {
    if (url !== undefined) throw new ConfigError("Invalid configuration: COLISSIMO_URL needs COLISSIMO_API_KEY, or COLISSIMO_ACCOUNT_NUMBER and COLISSIMO_PASSWORD");
    return undefined;
  }
  return { url: (url ?? DEFAULT_COLISSIMO_URL).replace(/\/$/, ""), credentials };
}

const ADYEN_SETTINGS = ["ADYEN_API_KEY", "ADYEN_MERCHANT_ACCOUNT", "ADYEN_CLIENT_KEY", "ADYEN_HMAC_KEY"] as const;

interface PaymentEnv {
  ADYEN_API_KEY?: string;
  ADYEN_MERCHANT_ACCOUNT?: string;
  ADYEN_CLIENT_KEY?: string;
  ADYEN_HMAC_KEY?: string;
  ADYEN_ENVIRONMENT: "test" | "live";
  ADYEN_LIVE_URL_PREFIX?: string;
  PAYMENT_SANDBOX?: "on" | "off";
  NODE_ENV?: string;
}

function paymentOf(env: PaymentEnv): PaymentConfig {
  const { ADYEN_API_KEY: apiKey, ADYEN_MERCHANT_ACCOUNT: merchantAccount, ADYEN_CLIENT_KEY: clientKey, ADYEN_HMAC_KEY: hmacKey } = env;
  const missing = ADYEN_SETTINGS.filter((name) => env[name] === undefined);
  if (apiKey === undefined || merchantAccount === undefined || clientKey === undefined || hmacKey === undefined) {
    if (missing.length < ADYEN_SETTINGS.length) {
      throw new ConfigError(`Invalid configuration: Adyen needs ${ADYEN_SETTINGS.join(", ")} together; missing ${missing.join(", ")}`);
    }
    // The sandbox takes anyone's card number: never on a production shop by accident.
    if (env.PAYMENT_SANDBOX === "off" || (env.NODE_ENV === "production" && env.PAYMENT_SANDBOX !== "on")) {
      throw new ConfigError(
        "Invalid configuration: card payment would run on the payment sandbox (test cards, no money moves); configure Adyen (ADYEN_*) or set PAYMENT_SANDBOX=on",
      );
    }
    return { provider: "sandbox" };
  }
  if (env.PAYMENT_SANDBOX === "on") throw new ConfigError("Invalid configuration: PAYMENT_SANDBOX=on and ADYEN_* both set; choose one");
  const environment = env.ADYEN_ENVIRONMENT;
  if (!clientKey.startsWith(`${environment}_`)) {
    throw new ConfigError(`Invalid configuration: ADYEN_CLIENT_KEY must be a ${environment}_… key for ADYEN_ENVIRONMENT=${environment}`);
  }
  if (environment === "live" && env.ADYEN_LIVE_URL_PREFIX === undefined) {
    throw new ConfigError("Invalid configuration: ADYEN_ENVIRONMENT=live needs ADYEN_LIVE_URL_PREFIX");
  }
  return { provider: "adyen", apiKey, merchantAccount, clientKey, hmacKey, environment, liveUrlPrefix: env.ADYEN_LIVE_URL_PREFIX };
}

const LOCAL_HOSTS = /^(localhost|.+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/;

const HABILE_SETTINGS = ["HABILE_ISSUER", "HABILE_CLIENT_ID", "HABILE_CLIENT_SECRET"] as const;

interface HabileEnv {
  HABILE_ISSUER?: string;
  HABILE_CLIENT_ID?: string;
  HABILE_CLIENT_SECRET?: string;
  HABILE_EMBEDDED?: "on" | "off";
  NODE_ENV?: string;
}

function habileOf(env: HabileEnv): HabileConfig {
  const { HABILE_ISSUER: issuer, HABILE_CLIENT_ID: clientId, HABILE_CLIENT_SECRET: clientSecret } = env;
  if (issuer === undefined || clientId === undefined || clientSecret === undefined) {
    const missing = HABILE_SETTINGS.filter((name) => env[name] === undefined);
    if (missing.length < HABILE_SETTINGS.length) {
      throw new ConfigError(`Invalid configuration: single sign-on needs ${HABILE_SETTINGS.join(", ")} together; missing ${missing.join(", ")}`);
    }
    // The embedded provider signs in demo employees with a published password: never on a production shop by accident.
    if (env.HABILE_EMBEDDED === "off" || (env.NODE_ENV === "production" && env.HABILE_EMBEDDED !== "on")) {
      throw new ConfigError(
        "Invalid configuration: employee single sign-on would run on the embedded identity provider (demo employees); configure HABILE_ISSUER, HABILE_CLIENT_ID and HABILE_CLIENT_SECRET or set HABILE_EMBEDDED=on",
      );
    }
    return { provider: "embedded" };
  }
  if (env.HABILE_EMBEDDED === "on") throw new ConfigError("Invalid configuration: HABILE_EMBEDDED=on and HABILE_* both set; choose one");
  // Codes and tokens travel to the provider: plain http only to a provider on this machine.
  if (new URL(issuer).protocol !== "https:" && !LOCAL_HOSTS.test(new URL(issuer).hostname)) {
    throw new ConfigError("Invalid configuration: HABILE_ISSUER must be an https:// URL (http:// only for a provider on this machine)");
  }
  // Kept as given: the issuer identifier is compared exactly (some end with a slash).
  return { provider: "oidc", issuer, clientId, clientSecret };
}

/** Parses the environment; throws a ConfigError whose message names the first bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ""));
  const result = v.safeParse(EnvSchema, present);
  if (!result.success) {
    const issue = result.issues[0];
    const name = issue.path?.map((item) => String(item.key)).join(".") ?? "environment";
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message} (got "${String(issue.input)}")`);
  }
  const parsed = result.output;
  if ((parsed.RECAPTCHA_SECRET === undefined) !== (parsed.RECAPTCHA_SITE_KEY === undefined)) {
    throw new ConfigError("Invalid configuration: RECAPTCHA_SECRET and RECAPTCHA_SITE_KEY must be set together");
  }
  const port = parsed.PORT;
  if ((parsed.ADYEN_WEBHOOK_USERNAME === undefined) !== (parsed.ADYEN_WEBHOOK_PASSWORD === undefined)) {
    throw new ConfigError("Invalid configuration: ADYEN_WEBHOOK_USERNAME and ADYEN_WEBHOOK_PASSWORD must be set together");
  }
  const colissimo = colissimoOf(parsed.COLISSIMO_URL, parsed.COLISSIMO_ACCOUNT_NUMBER, parsed.COLISSIMO_PASSWORD, parsed.COLISSIMO_API_KEY);
  return {
    port,
    host: parsed.HOST,
    dataDir: parsed.DATA_DIR,
    databaseUrl: parsed.DATABASE_URL,
    storefrontToken: parsed.STOREFRONT_API_TOKEN ?? DEMO_STOREFRONT_TOKEN,
    demoMode: parsed.STOREFRONT_API_TOKEN === undefined,
    brandName: parsed.BRAND_NAME,
    publicUrl: (parsed.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ""),
    logLevel: parsed.LOG_LEVEL,
    mapStyleUrl: parsed.MAP_STYLE_URL,
    catalogCacheSeconds: parsed.CATALOG_CACHE_SECONDS,
    seedOnStart: parsed.SEED === "auto",
    shopEmail: parsed.SHOP_EMAIL,
    seller: {
      name: parsed.SELLER_NAME ?? parsed.BRAND_NAME,
      // Commas separate the address's lines (`12 rue X, 75015 Paris, France`).
      address: parsed.SELLER_ADDRESS.split(",").map((line) => line.trim()).filter((line) => line !== ""),
      vatNumber: parsed.SELLER_VAT_NUMBER,
      registration: parsed.SELLER_REGISTRATION,
      legalForm: parsed.SELLER_LEGAL_FORM,
    },
    customerTokenSecret: parsed.CUSTOMER_TOKEN_SECRET,
    captcha:
      parsed.RECAPTCHA_SECRET !== undefined && parsed.RECAPTCHA_SITE_KEY !== undefined
        ? { provider: "recaptcha", secret: parsed.RECAPTCHA_SECRET, siteKey: parsed.RECAPTCHA_SITE_KEY }
        : { provider: "altcha", hmacKey: parsed.ALTCHA_HMAC_KEY, maxNumber: parsed.ALTCHA_MAX_NUMBER },
    staffDirectoryUrl: parsed.STAFF_DIRECTORY_URL?.replace(/\/$/, ""),
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM,
    trustProxy: trustProxyOf(parsed.TRUST_PROXY),
    socialLinks: parsed.SOCIAL_LINKS ?? DEFAULT_SOCIAL_LINKS,
    geocoderUrl: parsed.GEOCODER_URL?.replace(/\/$/, ""),
    colissimo,
    adyenWebhookCredentials:
      parsed.ADYEN_WEBHOOK_USERNAME !== undefined && parsed.ADYEN_WEBHOOK_PASSWORD !== undefined
        ? { username: parsed.ADYEN_WEBHOOK_USERNAME, password: parsed.ADYEN_WEBHOOK_PASSWORD }
        : undefined,
    payment: paymentOf(parsed),
    habile: habileOf(parsed),
  };
}

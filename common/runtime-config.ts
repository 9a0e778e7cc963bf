// Settings the SPA reads at start from the server that serves it (one build, any deployment): the
// shape both sides agree on. The server writes them inline in every page and at /runtime-config.json.

/** The social networks the footer can show (it has their icons); SOCIAL_LINKS may name only these. */
export const SOCIAL_NETWORKS = ["facebook", "instagram", "linkedin", "youtube"] as const;

export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** One of the brand's social accounts (SOCIAL_LINKS). */
export interface SocialLink {
  network: SocialNetwork;
  url: string;
}

export interface RuntimeConfig {
  /** The public storefront token every API call carries. */
  storefrontToken: string;
  brandName: string;
  /** The MapLibre style of the relay map: MAP_STYLE_URL, or the shop's offline style (`/map/style.json`). */
  mapStyleUrl: string;
  /** True when the style comes from another site (MAP_STYLE_URL): the map loads it only after the 'maps' consent. */
  mapStyleExternal: boolean;
  /** ALTCHA: the widget gets its challenge at `challengeUrl` (with the storefront token); reCAPTCHA: `siteKey`. */
  captcha: { provider: "altcha" | "recaptcha"; siteKey: string | null; challengeUrl: string | null };
  payment: { provider: "sandbox" | "adyen"; clientKey: string | null; environment: "test" | "live" };
  /** The brand's social accounts in the footer's order; empty: the footer has no social links. */
  socialLinks: readonly SocialLink[];
}

/** The id of the inline script element that carries the configuration in every page. */
export const RUNTIME_CONFIG_ELEMENT_ID = "runtime-config";

/**
 * Where the payment sandbox answers what Drop-in would fetch from Adyen's hosts (method pictures,
 * translation files, analytics calls): the SPA points Drop-in there when the sandbox is the gateway.
 */
export const SANDBOX_DROP_IN_PATH = "/payment-sandbox/drop-in/";

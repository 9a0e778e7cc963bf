// The vocabulary of cookie consent (SPEC §1, §3 client storage, §9): the categories a visitor allows,
// the decision the app keeps in the consent cookie, and the events of the banner and its panel.

/** The consent cookie is kept this many days. */
export const CONSENT_COOKIE_DAYS = 365;

/**
 * What may be loaded only with consent: the map tiles of the relay map (from an outside service), the
 * third-party captcha, and the payment provider's scripts (SPEC §7's outside services; the shop
 * measures no audience, so it asks for none).
 */
export const CONSENT_CATEGORIES = ["maps", "captcha", "payment"] as const;

export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

export type ConsentChoices = Record<ConsentCategory, boolean>;

/** The decision as the app stores it. */
export interface StoredConsent {
  categories: ConsentChoices;
  /** ISO 8601 date-time of the decision. */
  decidedAt: string;
}

export interface CookieConsentInput {
  /**
   * The decision read from the consent cookie, or null when there is none (or it expired). A category
   * the cookie does not name (one added since) counts as refused.
   */
  stored: { categories: Partial<ConsentChoices>; decidedAt?: string } | null;
}

export interface CookieConsentContext {
  /** The choices in force; null until the visitor decides. */
  consent: ConsentChoices | null;
  /** The choices being edited in the "choose" panel. */
  draft: ConsentChoices;
}

export type CookieConsentEvent =
  | { type: "consent.acceptAll" }
  | { type: "consent.refuseAll" }
  /** Open the panel to choose category by category. */
  | { type: "consent.choose" }
  | { type: "consent.toggle"; category: ConsentCategory }
  | { type: "consent.save" }
  /** Open the panel again, from the cookie management page. */
  | { type: "consent.reopen" }
  /** Close the reopened panel, keeping the decision in force. */
  | { type: "consent.cancel" };

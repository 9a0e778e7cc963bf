// What the parts that depend on the visitor's choice read and send (captcha, consent panel, cookie
// page, later the map and the payment): apart from src/app/consent.tsx, so that it loads with them.
import { useCallback } from "react";
import { isAllowed } from "../../machines/cookie-consent/cookie-consent.selectors.ts";
import { CONSENT_CATEGORIES, type ConsentCategory, type CookieConsentEvent } from "../../machines/cookie-consent/cookie-consent.types.ts";
import { useConsentContext, type ConsentSnapshot } from "./consent.tsx";
import { useLazySelector } from "./lazy-actor.ts";

export { CONSENT_CATEGORIES };

/** Whether the visitor allowed this category; false until they decide. */
export function useConsent(category: ConsentCategory): boolean {
  const { actor, stored } = useConsentContext();
  const select = useCallback((snapshot: ConsentSnapshot) => isAllowed(snapshot, category), [category]);
  return useLazySelector(actor, select, stored?.categories[category] ?? false);
}

/** Sends an event to the consent machine (accept, refuse, choose, toggle, save, reopen). */
export function useConsentSend(): (event: CookieConsentEvent) => void {
  const { actor } = useConsentContext();
  return useCallback((event: CookieConsentEvent) => actor.send(event), [actor]);
}

// What the banner, the panel and the loaders of outside services read from the consent snapshot.
import type { SnapshotFrom } from "xstate";
import type { cookieConsentMachine } from "./cookie-consent.machine.ts";
import type { ConsentCategory } from "./cookie-consent.types.ts";

type CookieConsentSnapshot = SnapshotFrom<typeof cookieConsentMachine>;

/** The category may be loaded now: the visitor decided and allowed it. */
export function isAllowed(snapshot: CookieConsentSnapshot, category: ConsentCategory): boolean {
  return snapshot.context.consent?.[category] === true;
}

export function isBannerShown(snapshot: CookieConsentSnapshot): boolean {
  return snapshot.matches({ asking: "undecided" });
}

export function isPanelOpen(snapshot: CookieConsentSnapshot): boolean {
  return snapshot.matches({ asking: "choosing" });
}

/** The panel was reopened over a decision in force: it can be closed without changing it. */
export function canCancelChoice(snapshot: CookieConsentSnapshot): boolean {
  return snapshot.can({ type: "consent.cancel" });
}

/** The switch of a category in the panel. */
export function isDraftAllowed(snapshot: CookieConsentSnapshot, category: ConsentCategory): boolean {
  return snapshot.context.draft[category];
}

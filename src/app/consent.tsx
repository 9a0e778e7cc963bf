// Cookie consent, app-wide: one actor of the cookie-consent machine, started from the `consent`
// cookie and writing it back on every decision (kept CONSENT_COOKIE_DAYS, SameSite=Strict, Secure
// on https). Outside services (captcha, map tiles, payment) load only once `useConsent(category)`
// is true. The machine is loaded just after the first render; until then the cookie's decision
// answers.
import { createContext, useContext, type ReactNode } from "react";
import type { ActorRefFrom } from "xstate";
import type { cookieConsentMachine } from "../../machines/cookie-consent/cookie-consent.machine.ts";
import type { ConsentCategory, ConsentChoices, StoredConsent } from "../../machines/cookie-consent/cookie-consent.types.ts";
import { consentCookie, readStoredConsent } from "../../common/consent-cookie.ts";
import { lazyActor, useLazySelector, type LazyActor } from "./lazy-actor.ts";
import { inspection } from "./flow-inspection.ts";

export type { ConsentCategory, ConsentChoices };
type ConsentActor = ActorRefFrom<typeof cookieConsentMachine>;
export type ConsentSnapshot = ReturnType<ConsentActor["getSnapshot"]>;

export interface Consent {
  actor: LazyActor<ConsentActor>;
  /** The decision found in the cookie when the app started. */
  stored: StoredConsent | null;
}

/** Creates the consent actor from the browser's cookie (once, before the router). */
export function createConsent(): Consent {
  const stored = readStoredConsent(document.cookie);
  const actor = lazyActor(async () => {
    const [{ createActor }, { cookieConsentMachine }] = await Promise.all([
      import("xstate"),
      import("../../machines/cookie-consent/cookie-consent.machine.ts"),
    ]);
    const machine = cookieConsentMachine.provide({
      actions: {
        storeConsent: (_, consent) => {
          document.cookie = consentCookie(consent, window.location.protocol === "https:");
        },
      },
    });
    return createActor(machine, { input: { stored }, ...inspection() }).start();
  });
  return { actor, stored };
}

const ConsentContext = createContext<Consent | null>(null);

export function ConsentProvider({ consent, children }: { consent: Consent; children: ReactNode }) {
  return <ConsentContext.Provider value={consent}>{children}</ConsentContext.Provider>;
}

export function useConsentContext(): Consent {
  const consent = useContext(ConsentContext);
  if (!consent) throw new Error("consent hooks need a ConsentProvider above them");
  return consent;
}

/** Reads the consent state (for the banner and the cookie page); `fallback` until the machine is loaded. */
export function useConsentState<T>(selector: (snapshot: ConsentSnapshot) => T, fallback: T): T {
  return useLazySelector(useConsentContext().actor, selector, fallback);
}

/** The choices in force: the cookie's until the machine is loaded; null when undecided. */
export function useConsentChoices(): ConsentChoices | null {
  const { actor, stored } = useConsentContext();
  return useLazySelector(actor, selectChoices, stored?.categories ?? null);
}
const selectChoices = (snapshot: ConsentSnapshot) => snapshot.context.consent;

// Cookie consent: without a stored decision the banner asks; the visitor accepts all, refuses all or
// chooses category by category in a panel; each decision is handed to the app to store (the consent
// cookie) and can be revisited from the cookie management page, where the panel can also be closed
// without changing it.
import { assign, setup } from "xstate";
import type { ConsentCategory, ConsentChoices, CookieConsentContext, CookieConsentEvent, CookieConsentInput, StoredConsent } from "./cookie-consent.types.ts";

/** Every category allowed, or every one refused. */
export function allChoices(allowed: boolean): ConsentChoices {
  return { maps: allowed, captcha: allowed, payment: allowed };
}

/** The decision as stored, dated now: the date only travels to the cookie, it never steers the flow. */
function decisionOf(categories: ConsentChoices): StoredConsent {
  return { categories, decidedAt: new Date().toISOString() };
}

export const cookieConsentMachine = setup({
  types: {
    context: {} as CookieConsentContext,
    events: {} as CookieConsentEvent,
    input: {} as CookieConsentInput,
  },
  guards: {
    hasDecided: ({ context }) => context.consent !== null,
  },
  actions: {
    decide: assign({ consent: (_, params: { categories: ConsentChoices }) => params.categories }),
    startDraft: assign({ draft: ({ context }) => context.consent ?? allChoices(false) }),
    toggleDraft: assign({
      draft: ({ context }, params: { category: ConsentCategory }) => ({
        ...context.draft,
        [params.category]: !context.draft[params.category],
      }),
    }),
    /** Provided by the app: write the consent cookie (CONSENT_COOKIE_DAYS) and load what is now allowed. */
    storeConsent: (_, _params: StoredConsent) => {},
  },
}).createMachine({
  id: "cookieConsent",
  context: ({ input }) => ({
    consent: input.stored ? { ...allChoices(false), ...input.stored.categories } : null,
    draft: allChoices(false),
  }),
  initial: "readingStored",
  states: {
    readingStored: {
      description: "Whether a decision was stored decides whether to ask.",
      always: [{ guard: "hasDecided", target: "decided" }, { target: "asking" }],
    },
    asking: {
      initial: "undecided",
      on: {
        "consent.acceptAll": {
          target: "decided",
          actions: [
            { type: "decide", params: { categories: allChoices(true) } },
            { type: "storeConsent", params: () => decisionOf(allChoices(true)) },
          ],
        },
        "consent.refuseAll": {
          target: "decided",
          actions: [
            { type: "decide", params: { categories: allChoices(false) } },
            { type: "storeConsent", params: () => decisionOf(allChoices(false)) },
          ],
        },
      },
      states: {
        undecided: {
          description: "The banner is shown; nothing that needs consent is loaded.",
          on: {
            "consent.choose": { target: "choosing", actions: "startDraft" },
          },
        },
        choosing: {
          description: "The panel shows a switch per category; a decision made before stays in force until saved, or when the panel is closed without saving.",
          on: {
            "consent.toggle": {
              actions: { type: "toggleDraft", params: ({ event }) => ({ category: event.category }) },
            },
            "consent.cancel": {
              guard: "hasDecided",
              target: "#cookieConsent.decided",
            },
            "consent.save": {
              target: "#cookieConsent.decided",
              actions: [
                { type: "decide", params: ({ context }) => ({ categories: context.draft }) },
                { type: "storeConsent", params: ({ context }) => decisionOf(context.draft) },
              ],
            },
          },
        },
      },
    },
    decided: {
      description: "No banner; the allowed categories are loaded.",
      on: {
        "consent.reopen": { target: "asking.choosing", actions: "startDraft" },
      },
    },
  },
});

// The cookie consent model, for a first visit (nothing stored): accepting, refusing, choosing, switching
// a category in the panel (every category is switched alike; the unit tests go through all three),
// saving, reopening, and closing the reopened panel without saving.
import { defineFlowModel, type ModelEvent } from "../shared/flow-model.ts";
import { cookieConsentMachine } from "./cookie-consent.machine.ts";
import type { CookieConsentEvent } from "./cookie-consent.types.ts";

export const cookieConsentModel = defineFlowModel(cookieConsentMachine, {
  name: "cookie-consent",
  input: { stored: null },
  events: (): ModelEvent<CookieConsentEvent>[] => [
    { type: "consent.acceptAll" },
    { type: "consent.refuseAll" },
    { type: "consent.choose" },
    { type: "consent.toggle", category: "maps" },
    { type: "consent.save" },
    { type: "consent.reopen" },
    { type: "consent.cancel" },
  ],
});

/** The same model for a returning visitor whose decision is in the consent cookie (maps allowed): the only way to the "a decision is stored" start. */
export const returningVisitorModel = defineFlowModel(cookieConsentMachine, {
  ...cookieConsentModel,
  input: { stored: { categories: { maps: true, captcha: false, payment: false } } },
});

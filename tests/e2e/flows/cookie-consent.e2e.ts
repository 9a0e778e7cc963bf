// The cookie consent's generated paths, walked in the browser (binding: cookie-consent.binding.ts): a
// first visit (the flow's model), and a returning visitor whose decision is in the consent cookie (the
// same model from that input: the only way to the flow's "a decision is stored" start).
import { cookieConsentModel, returningVisitorModel } from "../../../machines/cookie-consent/cookie-consent.model.ts";
import { cookieConsentBinding } from "./cookie-consent.binding.ts";
import { runFlow } from "./run-flow.ts";

runFlow("cookie consent: browser paths", cookieConsentModel, cookieConsentBinding);
runFlow("cookie consent, returning visitor: browser paths", returningVisitorModel, cookieConsentBinding, { cover: "states" });

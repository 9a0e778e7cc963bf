// The cookie consent's generated paths, walked in the browser (binding: cookie-consent.binding.ts).
import { cookieConsentModel } from "../../../machines/cookie-consent/cookie-consent.model.ts";
import { cookieConsentBinding } from "./cookie-consent.binding.ts";
import { runFlow } from "./run-flow.ts";

runFlow("cookie consent: browser paths", cookieConsentModel, cookieConsentBinding);

// The card payment's generated paths, walked in the browser (binding: payment.binding.ts) against
// the shop's payment sandbox. Coming back from the bank's page to the step the browser kept in
// memory (`payment.abandon`) needs the back/forward cache, which Playwright switches off by default:
// the e2e configuration keeps it (playwright.config.ts), so this file runs in the same workers as the
// others (a browser option of its own would give it a worker of its own, started after all the others).
import { paymentModel } from "../../../machines/payment/payment.model.ts";
import { paymentBinding } from "./payment.binding.ts";
import { runFlow } from "./run-flow.ts";

runFlow("card payment: browser paths", paymentModel, paymentBinding);

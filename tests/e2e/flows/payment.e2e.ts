// The card payment's generated paths, walked in the browser (binding: payment.binding.ts) against
// the shop's payment sandbox. Coming Back from the bank's page to the step the browser kept in
// memory (`payment.abandon`) needs the back/forward cache, which Playwright switches off by default:
// this file's browser keeps it.
import { paymentModel } from "../../../machines/payment/payment.model.ts";
import { CHROME_ARGS } from "../support/chrome.ts";
import { CHROME_PATH_VARIABLE } from "../support/environment.ts";
import { test } from "../support/fixtures.ts";
import { paymentBinding } from "./payment.binding.ts";
import { runFlow } from "./run-flow.ts";

test.use({ launchOptions: { executablePath: process.env[CHROME_PATH_VARIABLE], args: CHROME_ARGS, ignoreDefaultArgs: ["--disable-back-forward-cache"] } });

runFlow("card payment: browser paths", paymentModel, paymentBinding);

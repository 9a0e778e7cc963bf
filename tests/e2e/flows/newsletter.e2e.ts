// The newsletter form's generated paths, walked in the browser (binding: newsletter.binding.ts).
import { newsletterModel } from "../../../machines/newsletter/newsletter.model.ts";
import { newsletterBinding } from "./newsletter.binding.ts";
import { runFlow } from "./run-flow.ts";

runFlow("newsletter form: browser paths", newsletterModel, newsletterBinding);

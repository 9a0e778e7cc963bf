// The Colissimo relay picker's generated paths, walked in the browser (binding: relay-search.binding.ts):
// the modal opened on an empty form (the flow's model), and its two other entries, the modal opened on
// the customer's delivery address: a French one is searched at once, one abroad refused at once (the
// same model from those inputs, `openedOnFranceModel` and `openedAbroadModel`).
import { openedAbroadModel, openedOnFranceModel, relaySearchModel } from "../../../machines/relay-search/relay-search.model.ts";
import { relaySearchBinding } from "./relay-search.binding.ts";
import { runFlow } from "./run-flow.ts";

runFlow("relay picker: browser paths", relaySearchModel, relaySearchBinding);
runFlow("relay picker, opened on a French delivery address: browser paths", openedOnFranceModel, relaySearchBinding, { cover: "states" });
runFlow("relay picker, opened on a delivery address abroad: browser paths", openedAbroadModel, relaySearchBinding, { cover: "states" });

// The Colissimo relay picker's generated paths, walked in the browser (binding: relay-search.binding.ts):
// the modal opened on an empty form (the flow's model), and its two other entries, the modal opened on
// the customer's delivery address: a French one is searched at once, one abroad refused at once (the
// same model from that input, with no further event: the only way to the flow's "starting" choices).
import { relaySearchMachine } from "../../../machines/relay-search/relay-search.machine.ts";
import { BRUSSELS_ADDRESS, PARIS_ADDRESS, SAMPLE_PHONE, relaySearchModel } from "../../../machines/relay-search/relay-search.model.ts";
import { defineFlowModel } from "../../../machines/shared/flow-model.ts";
import { relaySearchBinding } from "./relay-search.binding.ts";
import { runFlow } from "./run-flow.ts";

const openedOnFranceModel = defineFlowModel(relaySearchMachine, {
  ...relaySearchModel,
  input: { ...relaySearchModel.input, address: PARIS_ADDRESS, phone: SAMPLE_PHONE },
  events: () => [],
});
const openedAbroadModel = defineFlowModel(relaySearchMachine, {
  ...relaySearchModel,
  input: { ...relaySearchModel.input, address: BRUSSELS_ADDRESS, phone: null },
  events: () => [],
});

runFlow("relay picker: browser paths", relaySearchModel, relaySearchBinding);
runFlow("relay picker, opened on a French delivery address: browser paths", openedOnFranceModel, relaySearchBinding, { cover: "states" });
runFlow("relay picker, opened on a delivery address abroad: browser paths", openedAbroadModel, relaySearchBinding, { cover: "states" });

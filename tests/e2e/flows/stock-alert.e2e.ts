// The back-in-stock form's generated paths, walked in the browser (binding: stock-alert.binding.ts).
import { stockAlertModel } from "../../../machines/stock-alert/stock-alert.model.ts";
import { stockAlertBinding } from "./stock-alert.binding.ts";
import { runFlow } from "./run-flow.ts";

runFlow("stock alert form: browser paths", stockAlertModel, stockAlertBinding);

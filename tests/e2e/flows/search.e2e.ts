// The header search box's generated paths, walked in the browser (binding: search.binding.ts).
import { searchModel } from "../../../machines/search/search.model.ts";
import { searchBinding } from "./search.binding.ts";
import { runFlow } from "./run-flow.ts";

runFlow("search box: browser paths", searchModel, searchBinding);

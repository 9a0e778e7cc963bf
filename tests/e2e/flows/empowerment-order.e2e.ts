// The empowerment checkout's generated paths, walked in the browser (binding:
// empowerment-order.binding.ts), for the seed's crew member. What a path left locked, reserved or
// lowered through the API is given back before the next path, and after the last.
import { empowermentOrderModel } from "../../../machines/empowerment-order/empowerment-order.model.ts";
import { test } from "../support/fixtures.ts";
import { empowermentOrderBinding, giveBackLeftovers } from "./empowerment-order.binding.ts";
import { runFlow } from "./run-flow.ts";

test.afterAll(giveBackLeftovers);

runFlow("empowerment checkout: browser paths", empowermentOrderModel, empowermentOrderBinding);

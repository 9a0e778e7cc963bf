// The empowerment checkout's generated paths, walked in the browser (binding:
// empowerment-order.binding.ts), for the seed's crew member, on a shop of this file's own with a
// PostgreSQL database: the paths set the programme's monthly budget and place real orders, which
// would change the pots other files' crew members start with. What a path left locked, reserved or
// lowered through the API is given back before the next path. Without a PostgreSQL server on the
// machine the paths skip. Its arrival (the crew member's defaults set on a cart without them) has
// models of its own: the same machine from those inputs, whose paths end once the page waits.
import { arrivalWithDefaultBillingModel, arrivalWithDefaultsModel, empowermentOrderModel } from "../../../machines/empowerment-order/empowerment-order.model.ts";
import { test } from "../support/fixtures.ts";
import { postgresShopOfThisGroup } from "../support/postgres-shop.ts";
import { empowermentOrderBinding } from "./empowerment-order.binding.ts";
import { runFlow } from "./run-flow.ts";

const ownShop = postgresShopOfThisGroup("empowerment-flow");
test.beforeEach(() => {
  test.skip(ownShop() === null, "needs a PostgreSQL server on this machine for a shop of this file's own");
});

runFlow("empowerment checkout: browser paths", empowermentOrderModel, empowermentOrderBinding);
runFlow("empowerment checkout, arriving with both defaults to set: browser paths", arrivalWithDefaultsModel, empowermentOrderBinding);
runFlow("empowerment checkout, arriving with the default billing address to set: browser paths", arrivalWithDefaultBillingModel, empowermentOrderBinding);

// The checkout's generated paths, walked in the browser (binding: checkout.binding.ts), on a shop of
// this file's own with a PostgreSQL database, whose stock the binding lowers behind the shop's back
// (a cart above its stock). Without a PostgreSQL server on the machine the paths skip.
import { checkoutModel } from "../../../machines/checkout/checkout.model.ts";
import { test } from "../support/fixtures.ts";
import { postgresShopOfThisGroup } from "../support/postgres-shop.ts";
import { checkoutBinding, useShop } from "./checkout.binding.ts";
import { runFlow } from "./run-flow.ts";

const ownShop = postgresShopOfThisGroup("checkout-flow");
useShop(ownShop);
test.beforeEach(() => {
  test.skip(ownShop() === null, "needs a PostgreSQL server on this machine to change the stock behind the shop");
});

runFlow("checkout: browser paths", checkoutModel, checkoutBinding);

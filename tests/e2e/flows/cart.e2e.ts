// The cart's generated paths, walked in the browser (binding: cart.binding.ts), on a shop of this
// file's own with a PostgreSQL database, whose stock the binding changes behind the shop's back (a
// stock refusal). Without a PostgreSQL server on the machine the paths skip. A second start: a visitor
// without a stored cart (the same model from that input: the only way to the cart's "nothing stored" start);
// a third: a returning customer, whose stored session the cart waits for.
import { cartModel, returningCustomerModel, visitorWithoutCartModel } from "../../../machines/cart/cart.model.ts";
import { test } from "../support/fixtures.ts";
import { postgresShopOfThisGroup } from "../support/postgres-shop.ts";
import { cartBinding, useShop } from "./cart.binding.ts";
import { runFlow } from "./run-flow.ts";

const ownShop = postgresShopOfThisGroup("cart-flow");
useShop(ownShop);
test.beforeEach(() => {
  test.skip(ownShop() === null, "needs a PostgreSQL server on this machine to change the stock behind the shop");
});

runFlow("cart: browser paths", cartModel, cartBinding);
runFlow("cart, visitor without a stored cart: browser paths", visitorWithoutCartModel, cartBinding, { cover: "start" });
runFlow("cart, returning customer: browser paths", returningCustomerModel, cartBinding);

// The cart machine's actor, wired to the app: it writes the carts it gets into the query cache,
// keeps the cart-id cookie and notifies. Loaded with the flows after the first paint (`createCart`
// in src/app/cart.tsx), so that this code is not in the first download.
import { createActor } from "xstate";
import { maxQuantity, minQuantity } from "../../machines/cart/cart.machine.ts";
import { createCartMachine } from "../actors/cart-actors.ts";
import { removeCart, writeCart } from "../api/queries/cart.ts";
import { currentLang } from "../i18n/i18n.ts";
import type { CartActor, CartOptions, QuantityBounds } from "./cart.tsx";
import { forgetCartId, readStoredCartId, storeCartId } from "./cart-storage.ts";
import { pushNotification } from "./notifications.tsx";
import { inspection } from "./flow-inspection.ts";

export function startCart({ api, queryClient, notifications, restoringSession }: CartOptions): CartActor {
  const machine = createCartMachine(api, {
    writeCart: (cart) => writeCart(queryClient, cart, currentLang()),
    removeCart: () => removeCart(queryClient),
    storeCartId,
    forgetCartId,
    notify: (notification) => pushNotification(notifications, notification),
  });
  return createActor(machine, { input: { storedCartId: readStoredCartId(), restoringSession }, ...inspection() }).start();
}

/** The machine's own bounds of a line's quantity, handed to the views with the actor (`CartStore.quantityBounds`). */
export const quantityBounds: QuantityBounds = { min: minQuantity, max: maxQuantity };

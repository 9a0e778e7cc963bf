// The checkout: every generated path walked on a real actor with fake requests, each step checked
// against an independent statement of SPEC §2 and §8 (where a visit leads, which request goes out with
// what, which cart is written to the cache, which notification shows); then its rules one by one.
import { createActor } from "xstate";
import { describe, expect, it } from "vitest";
import { checkoutMachine, isReadyToPay, linesOverStock } from "../../machines/checkout/checkout.machine.ts";
import { CHECKOUT_CART_ID, checkoutModel, overStockCart, plainCart, readyCart, STARTS } from "../../machines/checkout/checkout.model.ts";
import {
  isAddressListOpen,
  isBusy,
  isRelayOpen,
  isSettled,
  isOutOfStockOpen,
  selectPlace,
  type CheckoutPlace,
  type CheckoutSnapshot,
} from "../../machines/checkout/checkout.selectors.ts";
import type {
  BillingAddressInput,
  Cart,
  CartIdInput,
  CheckoutEvent,
  CheckoutNotification,
  CheckoutStart,
  ShipmentMethodsInput,
  ShippingAddressInput,
} from "../../machines/checkout/checkout.types.ts";
import { describePath, flowPaths, stateName } from "../../machines/shared/flow-model.ts";
import { createFakePromiseActor, settle } from "./support/fake-promise-actor.ts";
import { isDoneEvent, isErrorEvent, tagsOf, walkPath } from "./support/walk-path.ts";

type Request =
  | { actor: "loadCheckout"; input: unknown }
  | { actor: "fetchCart"; input: CartIdInput }
  | { actor: "setShippingAddress"; input: ShippingAddressInput }
  | { actor: "setBillingAddress"; input: BillingAddressInput }
  | { actor: "setShipmentMethods"; input: ShipmentMethodsInput };
type ActorName = Request["actor"];
const ACTORS: readonly ActorName[] = ["loadCheckout", "fetchCart", "setShippingAddress", "setBillingAddress", "setShipmentMethods"];

function startCheckout() {
  const fakes = {
    loadCheckout: createFakePromiseActor<CheckoutStart, unknown>(),
    fetchCart: createFakePromiseActor<Cart, CartIdInput>(),
    setShippingAddress: createFakePromiseActor<Cart, ShippingAddressInput>(),
    setBillingAddress: createFakePromiseActor<Cart, BillingAddressInput>(),
    setShipmentMethods: createFakePromiseActor<Cart, ShipmentMethodsInput>(),
  };
  const notified: CheckoutNotification[] = [];
  const written: Cart[] = [];
  const machine = checkoutMachine.provide({
    actors: {
      loadCheckout: fakes.loadCheckout.logic,
      fetchCart: fakes.fetchCart.logic,
      setShippingAddress: fakes.setShippingAddress.logic,
      setBillingAddress: fakes.setBillingAddress.logic,
      setShipmentMethods: fakes.setShipmentMethods.logic,
    },
    actions: {
      notify: (_, notification) => notified.push(notification),
      writeCart: (_, { cart }) => written.push(cart),
    },
  });
  const actor = createActor(machine).start();
  const log: Request[] = [];
  const seen = new Map<ActorName, number>();
  const calls = () => {
    for (const name of ACTORS) {
      const all: { input: unknown }[] = fakes[name].calls;
      for (const call of all.slice(seen.get(name) ?? 0)) log.push({ actor: name, input: call.input } as Request);
      seen.set(name, all.length);
    }
    return [...log];
  };
  return { actor, fakes, notified, written, calls, snapshot: () => actor.getSnapshot() };
}

type Started = ReturnType<typeof startCheckout>;

function actorOf(eventType: string): ActorName {
  const name = eventType.replace(/^xstate\.(done|error)\.actor\./u, "");
  const found = ACTORS.find((actor) => actor === name);
  if (!found) throw new Error(`no fake for ${name}`);
  return found;
}

function resolveLatest(checkout: Started, name: ActorName, output: unknown) {
  if (name === "loadCheckout") return checkout.fakes.loadCheckout.latest().resolve(output as CheckoutStart);
  checkout.fakes[name].latest().resolve(output as Cart);
}

const isCheckoutEvent = (event: { type: string }): event is CheckoutEvent => event.type.startsWith("checkout.");
const statusOf = (error: unknown) => (typeof error === "object" && error !== null && "status" in error ? error.status : undefined);
const danger = (messageId: CheckoutNotification["messageId"]): CheckoutNotification => ({ kind: "danger", messageId });

/** SPEC §2 Guards restated: where a loaded checkout sends the shopper, for the page asked for. */
function placeAfterLoad(start: CheckoutStart, asked: string): { place: CheckoutPlace; outOfStock: boolean } {
  if (start.cart === null || start.cart.cartItems.length === 0) return { place: "emptyCart", outOfStock: false };
  if (start.customerGroup === null) return { place: start.employeeSignIn ? "singleSignOn" : "signIn", outOfStock: false };
  if (start.customerGroup === "EMPOWERMENT") return { place: "empowerment", outOfStock: false };
  if (start.cart.cartItems.some((line) => line.quantity > line.offer.stockQuantity)) return { place: "shipping", outOfStock: true };
  const ready = start.cart.billingAddress !== null && start.cart.shipments.length > 0 && start.cart.shipments.every((s) => s.address && s.shipmentMethod);
  return { place: asked === "payment" && ready ? "payment" : "shipping", outOfStock: false };
}

interface Effects {
  requests: Request[];
  notified: CheckoutNotification[];
  written: Cart[];
}

/** What an event does, given the snapshot before it (SPEC §2, §4 Address, §8). */
function expectedEffects(previous: CheckoutSnapshot, event: { type: string; [key: string]: unknown }): Effects {
  const effects: Effects = { requests: [], notified: [], written: [] };
  const cartId = previous.context.cartId ?? "";
  if (isCheckoutEvent(event)) {
    if (event.type === "checkout.enter") effects.requests.push({ actor: "loadCheckout", input: undefined });
    const editing = previous.matches({ shipping: "editing" });
    if (event.type === "checkout.chooseAddress" && editing) {
      effects.requests.push({ actor: "setShippingAddress", input: { cartId, address: event.address, relayPointId: null } });
    }
    if (event.type === "checkout.chooseRelay" && previous.matches({ shipping: "relay" })) {
      effects.requests.push({ actor: "setShippingAddress", input: { cartId, address: event.address, relayPointId: event.relayPointId } });
    }
    // The billing address is chosen from the address list (the default one is the flow's own, on arrival).
    if (event.type === "checkout.chooseBilling" && previous.matches({ shipping: "addressList" })) {
      effects.requests.push({ actor: "setBillingAddress", input: { cartId, name: event.name } });
    }
    if (event.type === "checkout.chooseMethods" && editing) {
      effects.requests.push({ actor: "setShipmentMethods", input: { cartId, shipmentMethodIds: event.shipmentMethodIds } });
    }
    // 'Continue to payment' is taken only with every choice made, and the stock is checked again.
    if (event.type === "checkout.continue" && editing && isReadyToPay(event.cart)) effects.requests.push({ actor: "fetchCart", input: { cartId } });
    return effects;
  }
  if (isDoneEvent(event)) {
    const actor = actorOf(event.type);
    if (actor === "loadCheckout") {
      const start = event.output as CheckoutStart;
      const { place, outOfStock } = placeAfterLoad(start, previous.context.requested);
      if ((place === "shipping" || place === "payment") && start.cart) effects.written.push(start.cart);
      // SPEC §3 defaults, on arrival at the shipping step: the delivery address first, then the billing one.
      // Only on the step's own visit: another page asked for sends the shopper there, whose visit loads again.
      if (place === "shipping" && !outOfStock && start.cart && previous.context.requested === "shipping") {
        const cartId = start.cart.uuid;
        if (start.cart.shippingAddress === null && start.defaultAddress !== null) {
          effects.requests.push({ actor: "setShippingAddress", input: { cartId, address: start.defaultAddress, relayPointId: null } });
        } else if (start.cart.billingAddress === null && start.defaultBilling !== null) {
          effects.requests.push({ actor: "setBillingAddress", input: { cartId, name: start.defaultBilling } });
        }
      }
    } else {
      const cart = event.output as Cart;
      effects.written.push(cart);
      // The delivery address saved: the default billing address next, if it is still to set.
      const billing = previous.context.defaults.billing;
      if (actor === "setShippingAddress" && billing !== null && cart.billingAddress === null) {
        effects.requests.push({ actor: "setBillingAddress", input: { cartId, name: billing } });
      }
    }
  }
  if (isErrorEvent(event)) {
    const actor = actorOf(event.type);
    const status = statusOf(event.error);
    if (actor === "setBillingAddress") {
      const byStatus: Record<number, CheckoutNotification["messageId"]> = {
        401: "errors.cartAdresse.unauthorized",
        409: "errors.cartAdresse.allReadyExist",
        404: "errors.cartAdresse.notFound",
      };
      effects.notified.push(danger(typeof status === "number" ? (byStatus[status] ?? "errors.server.access") : "errors.server.access"));
    } else if (actor === "setShippingAddress" && status === 400) {
      effects.notified.push(danger("checkout.shipping.addressRefused"));
    } else if (actor === "setShipmentMethods" && status === 400) {
      effects.notified.push(danger("checkout.shipping.methodRefused"));
    } else {
      effects.notified.push(danger("errors.server.access"));
    }
  }
  return effects;
}

describe("checkout machine: generated paths", () => {
  const paths = flowPaths(checkoutModel);

  it("reach every state", () => {
    const reached = new Set(paths.flatMap((path) => path.steps.map((step) => stateName(step.state.value))));
    const all = Object.entries(checkoutMachine.root.states).flatMap(([name, node]) =>
      Object.keys(node.states).length > 0 ? Object.keys(node.states).map((child) => `${name}.${child}`) : [name],
    );
    expect([...reached].sort()).toEqual(all.sort());
  });

  for (const path of paths) {
    it(describePath(checkoutModel, path), async () => {
      const checkout = startCheckout();
      const check = (expected: CheckoutSnapshot) => {
        const actual = checkout.snapshot();
        expect(actual.value).toEqual(expected.value);
        expect(actual.context).toEqual(expected.context);
        expect(tagsOf(actual)).toEqual(tagsOf(expected));
        expect(isSettled(actual)).toBe(!actual.matches("idle") && !actual.matches("loading"));
        expect(isBusy(actual)).toBe(
          [
            "loading",
            { shipping: "savingAddress" },
            { shipping: "savingBilling" },
            { shipping: "savingDefaultBilling" },
            { shipping: "savingMethods" },
            { shipping: "verifyingStock" },
          ].some((state) =>
            actual.matches(state as never),
          ),
        );
        expect(isRelayOpen(actual)).toBe(actual.matches({ shipping: "relay" }));
        expect(isAddressListOpen(actual)).toBe(actual.matches({ shipping: "addressList" }) || actual.matches({ shipping: "savingBilling" }));
        expect(isOutOfStockOpen(actual)).toBe(actual.matches({ shipping: "outOfStock" }));
        // The modal lists the lines of the cart the flow last wrote: there are some whenever it is open.
        if (isOutOfStockOpen(actual)) expect(linesOverStock(checkout.written.at(-1) ?? null).length).toBeGreaterThan(0);
      };
      await walkPath(path, {
        initial: (expected) => {
          check(expected);
          expect(checkout.calls()).toEqual([]);
        },
        step: async ({ event, expected, previous }) => {
          const callsBefore = checkout.calls().length;
          const notifiedBefore = checkout.notified.length;
          const writtenBefore = checkout.written.length;
          if (isCheckoutEvent(event)) checkout.actor.send(event);
          else if (isDoneEvent(event)) {
            resolveLatest(checkout, actorOf(event.type), event.output);
            await settle();
          } else if (isErrorEvent(event)) {
            checkout.fakes[actorOf(event.type)].latest().reject(event.error);
            await settle();
          }
          check(expected);
          const wanted = expectedEffects(previous, event);
          expect(checkout.calls().slice(callsBefore)).toEqual(wanted.requests);
          expect(checkout.notified.slice(notifiedBefore)).toEqual(wanted.notified);
          expect(checkout.written.slice(writtenBefore)).toEqual(wanted.written);
          // Where a load leads (SPEC §2 Guards), stated apart from the machine.
          if (isDoneEvent(event) && actorOf(event.type) === "loadCheckout") {
            const { place, outOfStock } = placeAfterLoad(event.output as CheckoutStart, previous.context.requested);
            expect(selectPlace(checkout.snapshot())).toBe(place);
            expect(checkout.snapshot().matches({ shipping: "outOfStock" })).toBe(outOfStock);
          }
          // SPEC §4 Session expiry: a billing address refused as unauthorized leaves the step for the sign-in.
          if (isErrorEvent(event) && actorOf(event.type) === "setBillingAddress") {
            expect(selectPlace(checkout.snapshot())).toBe(statusOf(event.error) === 401 ? "signIn" : "shipping");
          }
        },
      });
    });
  }
});

describe("checkout rules", () => {
  it("list the paid lines above their stock, not the gift lines", () => {
    const cart = overStockCart();
    expect(linesOverStock(cart).map((line) => line.offerId)).toEqual([cart.cartItems[0]?.offerId]);
    const gift = { ...cart, cartItems: cart.cartItems.map((line) => ({ ...line, isGift: true })) };
    expect(linesOverStock(gift)).toEqual([]);
    expect(linesOverStock(plainCart())).toEqual([]);
    expect(linesOverStock(null)).toEqual([]);
  });

  it("need a delivery address, a billing address and a method for every shipment before payment", () => {
    const ready = readyCart();
    expect(isReadyToPay(ready)).toBe(true);
    expect(isReadyToPay({ ...ready, billingAddress: null })).toBe(false);
    expect(isReadyToPay({ ...ready, shipments: ready.shipments.map((shipment) => ({ ...shipment, shipmentMethod: null })) })).toBe(false);
    expect(isReadyToPay({ ...ready, shipments: ready.shipments.map((shipment) => ({ ...shipment, address: null })) })).toBe(false);
    expect(isReadyToPay({ ...ready, shipments: [] })).toBe(false);
    expect(isReadyToPay({ ...ready, cartItems: [] })).toBe(false);
    expect(isReadyToPay(null)).toBe(false);
  });

  it("send a visit of the payment page with a cart not ready to pay to the shipping step", async () => {
    const checkout = startCheckout();
    checkout.actor.send({ type: "checkout.enter", step: "payment" });
    checkout.fakes.loadCheckout.latest().resolve(STARTS.notReady as CheckoutStart);
    await settle();
    expect(selectPlace(checkout.snapshot())).toBe("shipping");
    expect(checkout.snapshot().context.cartId).toBe(CHECKOUT_CART_ID);
  });

  it("set the defaults once, on arrival: a default delivery address that fails leaves both addresses to the shopper", async () => {
    const checkout = startCheckout();
    const start = STARTS.defaults as CheckoutStart;
    const address = start.defaultAddress;
    if (address === null) throw new Error("the model's customer with defaults has no default address");
    checkout.actor.send({ type: "checkout.enter", step: "shipping" });
    checkout.fakes.loadCheckout.latest().resolve(start);
    await settle();
    expect(checkout.fakes.setShippingAddress.calls.map((call) => call.input)).toEqual([{ cartId: CHECKOUT_CART_ID, address, relayPointId: null }]);
    checkout.fakes.setShippingAddress.latest().reject({ status: 500, message: "Internal Server Error" });
    await settle();
    expect(checkout.snapshot().matches({ shipping: "editing" })).toBe(true);
    // The shopper picks the delivery address: saved alone, the billing address is theirs to choose.
    checkout.actor.send({ type: "checkout.chooseAddress", address });
    checkout.fakes.setShippingAddress.latest().resolve({ ...readyCart(), billingAddress: null });
    await settle();
    expect(checkout.snapshot().matches({ shipping: "editing" })).toBe(true);
    expect(checkout.fakes.setBillingAddress.calls).toEqual([]);
    expect(checkout.notified).toEqual([danger("errors.server.access")]);
  });

  it("set the default billing address without opening the address list, and leave the step for the sign-in when the session ended", async () => {
    const checkout = startCheckout();
    checkout.actor.send({ type: "checkout.enter", step: "shipping" });
    checkout.fakes.loadCheckout.latest().resolve(STARTS.defaultBilling as CheckoutStart);
    await settle();
    expect(checkout.fakes.setBillingAddress.calls.map((call) => call.input)).toEqual([{ cartId: CHECKOUT_CART_ID, name: "Maison" }]);
    expect(isAddressListOpen(checkout.snapshot())).toBe(false);
    expect(isBusy(checkout.snapshot())).toBe(true);
    checkout.fakes.setBillingAddress.latest().reject({ status: 401, message: "Unauthorized" });
    await settle();
    expect(selectPlace(checkout.snapshot())).toBe("signIn");
    expect(checkout.notified).toEqual([danger("errors.cartAdresse.unauthorized")]);
  });

  it("set no default on a cart that has its own addresses", async () => {
    const checkout = startCheckout();
    checkout.actor.send({ type: "checkout.enter", step: "shipping" });
    checkout.fakes.loadCheckout.latest().resolve({ ...(STARTS.defaults as CheckoutStart), cart: { ...readyCart(), shipments: [] } });
    await settle();
    expect(checkout.snapshot().matches({ shipping: "editing" })).toBe(true);
    expect(checkout.calls().filter((call) => call.actor !== "loadCheckout")).toEqual([]);
  });
});

// The empowerment checkout: every generated path walked on a real actor with fake IO actors
// (each request answered as the path says), checking the state, the context, the tags, what each
// actor was asked and which effects the app was asked for; then the rules one by one.
import { createActor, type SnapshotFrom } from "xstate";
import { describe, expect, it } from "vitest";
import { describePath, flowPaths, type FlowPath } from "../../machines/shared/flow-model.ts";
import { empowermentOrderMachine, missingPartsOf } from "../../machines/empowerment-order/empowerment-order.machine.ts";
import {
  arrivalWithDefaultBillingModel,
  arrivalWithDefaultsModel,
  CARD_MESSAGE,
  CREW_DEFAULTS,
  EMPOWERMENT_CART_ID,
  empowermentCart,
  empowermentOrderModel,
  LISBON_ADDRESS,
  ORDER_REFERENCE,
  refusal,
  sampleOrder,
  unbilledCart,
} from "../../machines/empowerment-order/empowerment-order.model.ts";
import { hasNoMoneyPot, isBusy, isOutOfStockOpen, selectProblem } from "../../machines/empowerment-order/empowerment-order.selectors.ts";
import type {
  BillingAddressInput,
  Cart,
  CartIdInput,
  CustomCardInput,
  EmpowermentOrderEvent,
  EmpowermentOrderInput,
  EmpowermentOrderNotification,
  Order,
  ShipmentMethodsInput,
  ShippingAddressInput,
} from "../../machines/empowerment-order/empowerment-order.types.ts";
import { createFakePromiseActor, settle } from "./support/fake-promise-actor.ts";
import { isDoneEvent, isErrorEvent, isFlowEvent, tagsOf, walkPath } from "./support/walk-path.ts";

type Snapshot = SnapshotFrom<typeof empowermentOrderMachine>;

type Effect =
  | { type: "writeCart"; cart: Cart }
  | { type: "notify"; notification: EmpowermentOrderNotification }
  | { type: "refreshMoneyPot" }
  | { type: "forgetOrderedCart"; order: Order }
  | { type: "showThankYou"; reference: string };

function startOrder(input: EmpowermentOrderInput = { cartId: EMPOWERMENT_CART_ID, cardMessage: null }) {
  const actors = {
    setShippingAddress: createFakePromiseActor<Cart, ShippingAddressInput>(),
    setBillingAddress: createFakePromiseActor<Cart, BillingAddressInput>(),
    setShipmentMethods: createFakePromiseActor<Cart, ShipmentMethodsInput>(),
    setCustomCard: createFakePromiseActor<Cart, CustomCardInput>(),
    validateOrder: createFakePromiseActor<Order, CartIdInput>(),
    fetchCart: createFakePromiseActor<Cart, CartIdInput>(),
  };
  const effects: Effect[] = [];
  const machine = empowermentOrderMachine.provide({
    actors: {
      setShippingAddress: actors.setShippingAddress.logic,
      setBillingAddress: actors.setBillingAddress.logic,
      setShipmentMethods: actors.setShipmentMethods.logic,
      setCustomCard: actors.setCustomCard.logic,
      validateOrder: actors.validateOrder.logic,
      fetchCart: actors.fetchCart.logic,
    },
    actions: {
      writeCart: (_, { cart }) => effects.push({ type: "writeCart", cart }),
      notify: (_, notification) => effects.push({ type: "notify", notification }),
      refreshMoneyPot: () => effects.push({ type: "refreshMoneyPot" }),
      forgetOrderedCart: (_, { order }) => effects.push({ type: "forgetOrderedCart", order }),
      showThankYou: (_, { reference }) => effects.push({ type: "showThankYou", reference }),
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, actors, effects };
}

type Flow = ReturnType<typeof startOrder>;

/** The fake actor whose answer an `xstate.done/error.actor.<id>` event is. */
function actorOf(flow: Flow, eventType: string) {
  const id = eventType.replace(/^xstate\.(done|error)\.actor\./u, "");
  if (id === "setCustomCardBeforeOrder") return flow.actors.setCustomCard;
  if (id in flow.actors) return flow.actors[id as keyof Flow["actors"]];
  throw new Error(`no fake actor for ${id}`);
}

/** What the app is asked to do when an actor answers (the machine's effects, by the state it leaves). */
function expectedEffects(event: { type: string; output?: unknown; error?: unknown }, previous: Snapshot, expected: Snapshot): Effect[] {
  if (isDoneEvent(event)) {
    if (event.type === "xstate.done.actor.validateOrder") {
      const order = sampleOrder();
      return [
        { type: "forgetOrderedCart", order },
        { type: "showThankYou", reference: ORDER_REFERENCE },
      ];
    }
    return [{ type: "writeCart", cart: event.output as Cart }];
  }
  if (!isErrorEvent(event)) return [];
  if (previous.matches("savingAddress")) {
    return [{ type: "notify", notification: { kind: "danger", messageId: JSON.stringify(event.error).includes("400") ? "checkout.shipping.addressRefused" : "errors.server.access" } }];
  }
  if (previous.matches("savingMethods")) {
    return [{ type: "notify", notification: { kind: "danger", messageId: JSON.stringify(event.error).includes("400") ? "checkout.shipping.methodRefused" : "errors.server.access" } }];
  }
  if (previous.matches("savingBilling") || previous.matches("savingDefaultBilling")) return [{ type: "notify", notification: { kind: "danger", messageId: "errors.cartAdresse.notFound" } }];
  if (previous.matches("savingMessage") || previous.matches({ placing: "savingMessage" })) {
    return [{ type: "notify", notification: { kind: "danger", messageId: "empowerment.order.cardRefused" } }];
  }
  if (expected.matches({ editing: "budgetExceeded" }) || expected.matches("noMoneyPot")) return [{ type: "refreshMoneyPot" }];
  return [];
}

async function walk(path: FlowPath<Snapshot, EmpowermentOrderEvent>, input?: EmpowermentOrderInput) {
  const flow = startOrder(input);
  const check = (expected: Snapshot) => {
    const actual = flow.actor.getSnapshot();
    expect(actual.value).toEqual(expected.value);
    expect(actual.context).toEqual(expected.context);
    expect(tagsOf(actual)).toEqual(tagsOf(expected));
    expect(isBusy(actual)).toBe(actual.hasTag("loading"));
  };
  await walkPath(path, {
    initial: check,
    step: async ({ event, expected, previous }) => {
      if (isFlowEvent<EmpowermentOrderEvent>(event, "empowermentOrder.")) {
        flow.actor.send(event);
      } else if (isDoneEvent(event)) {
        actorOf(flow, event.type).latest().resolve(event.output as never);
        await settle();
      } else if (isErrorEvent(event)) {
        actorOf(flow, event.type).latest().reject(event.error);
        await settle();
      }
      check(expected);
      expect(flow.effects.splice(0)).toEqual(expectedEffects(event, previous, expected));
    },
  });
}

describe("empowerment checkout: generated paths", () => {
  const generated = flowPaths(empowermentOrderModel);

  it("reach every state", () => {
    const reached = new Set(generated.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value))));
    const states = [
      { editing: "ready" },
      { editing: "budgetExceeded" },
      { editing: "incomplete" },
      { editing: "cartEmpty" },
      { editing: "cartLocked" },
      { editing: "countryNotAllowed" },
      { editing: "failed" },
      "savingAddress",
      "savingBilling",
      "savingMethods",
      "savingMessage",
      { placing: "savingMessage" },
      { placing: "validating" },
      "checkingStock",
      "outOfStock",
      "noMoneyPot",
      "ordered",
    ];
    expect(reached).toEqual(new Set(states.map((value) => JSON.stringify(value))));
  });

  for (const path of generated) it(`path: ${describePath(empowermentOrderModel, path)}`, () => walk(path));
});

describe("empowerment checkout, arriving with both defaults to set: generated paths", () => {
  const model = arrivalWithDefaultsModel;
  for (const path of flowPaths(model)) it(`path: ${describePath(model, path)}`, () => walk(path, model.input));
});

describe("empowerment checkout, arriving with the default billing address to set: generated paths", () => {
  const model = arrivalWithDefaultBillingModel;
  for (const path of flowPaths(model)) it(`path: ${describePath(model, path)}`, () => walk(path, model.input));
});

describe("empowerment checkout, arriving: the starts together", () => {
  it("reach the states of the arrival", () => {
    const paths = [arrivalWithDefaultsModel, arrivalWithDefaultBillingModel].flatMap((model) => flowPaths(model));
    const reached = new Set(paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value))));
    expect(reached).toEqual(new Set(["savingAddress", "savingDefaultBilling", { editing: "ready" }].map((value) => JSON.stringify(value))));
  });
});

describe("empowerment checkout: rules", () => {
  it("copies the chosen address onto the cart, never as a relay point, and writes the answer", async () => {
    const flow = startOrder();
    flow.actor.send({ type: "empowermentOrder.chooseAddress", address: LISBON_ADDRESS });
    expect(flow.actors.setShippingAddress.latest().input).toEqual({ cartId: EMPOWERMENT_CART_ID, address: LISBON_ADDRESS, relayPointId: null });
    flow.actors.setShippingAddress.latest().resolve(empowermentCart());
    await settle();
    expect(flow.effects).toEqual([{ type: "writeCart", cart: empowermentCart() }]);
  });

  it("sets the crew member's defaults on arrival, the delivery address first, each once", async () => {
    const flow = startOrder({ cartId: EMPOWERMENT_CART_ID, cardMessage: null, defaults: CREW_DEFAULTS });
    expect(flow.actors.setShippingAddress.latest().input).toEqual({ cartId: EMPOWERMENT_CART_ID, address: LISBON_ADDRESS, relayPointId: null });
    expect(isBusy(flow.actor.getSnapshot())).toBe(true);
    flow.actors.setShippingAddress.latest().resolve(unbilledCart());
    await settle();
    expect(flow.actor.getSnapshot().value).toBe("savingDefaultBilling");
    expect(flow.actors.setBillingAddress.latest().input).toEqual({ cartId: EMPOWERMENT_CART_ID, name: "Maison" });
    flow.actors.setBillingAddress.latest().reject({ status: 404, message: "Address not found" });
    await settle();
    expect(flow.actor.getSnapshot().value).toEqual({ editing: "ready" });
    expect(flow.effects).toEqual([
      { type: "writeCart", cart: unbilledCart() },
      { type: "notify", notification: { kind: "danger", messageId: "errors.cartAdresse.notFound" } },
    ]);
    // What the crew member chooses next is theirs alone: no default follows it.
    flow.actor.send({ type: "empowermentOrder.chooseAddress", address: { ...LISBON_ADDRESS, name: "Autre" } });
    flow.actors.setShippingAddress.latest().resolve(unbilledCart());
    await settle();
    expect(flow.actor.getSnapshot().value).toEqual({ editing: "ready" });
    expect(flow.actors.setBillingAddress.calls).toHaveLength(1);
  });

  it("leaves the billing address to the crew member when the default delivery address fails", async () => {
    const flow = startOrder({ cartId: EMPOWERMENT_CART_ID, cardMessage: null, defaults: CREW_DEFAULTS });
    flow.actors.setShippingAddress.latest().reject({ status: 500, message: "Internal Server Error" });
    await settle();
    expect(flow.actor.getSnapshot().value).toEqual({ editing: "ready" });
    expect(flow.actor.getSnapshot().context.defaults).toEqual({ address: null, billing: null });
    expect(flow.actors.setBillingAddress.calls).toHaveLength(0);
    expect(flow.effects).toEqual([{ type: "notify", notification: { kind: "danger", messageId: "errors.server.access" } }]);
  });

  it("saves the card message when the field is left with a new text only", async () => {
    const flow = startOrder({ cartId: EMPOWERMENT_CART_ID, cardMessage: CARD_MESSAGE });
    flow.actor.send({ type: "empowermentOrder.saveMessage", message: CARD_MESSAGE });
    expect(flow.actors.setCustomCard.calls).toHaveLength(0);
    flow.actor.send({ type: "empowermentOrder.saveMessage", message: "" });
    expect(flow.actors.setCustomCard.latest().input).toEqual({ cartId: EMPOWERMENT_CART_ID, message: "" });
  });

  it("saves a changed message before validating, then validates the cart and shows the thank-you page", async () => {
    const flow = startOrder();
    flow.actor.send({ type: "empowermentOrder.validate", message: CARD_MESSAGE });
    expect(flow.actors.validateOrder.calls).toHaveLength(0);
    flow.actors.setCustomCard.latest().resolve(empowermentCart(CARD_MESSAGE));
    await settle();
    expect(flow.actors.validateOrder.latest().input).toEqual({ cartId: EMPOWERMENT_CART_ID });
    flow.actors.validateOrder.latest().resolve(sampleOrder());
    await settle();
    expect(flow.effects.map((effect) => effect.type)).toEqual(["writeCart", "forgetOrderedCart", "showThankYou"]);
    expect(flow.actor.getSnapshot().status).toBe("done");
  });

  it("places the order when 'Place the order' is pressed while the message left is being saved", async () => {
    const flow = startOrder();
    flow.actor.send({ type: "empowermentOrder.saveMessage", message: CARD_MESSAGE });
    flow.actor.send({ type: "empowermentOrder.validate", message: CARD_MESSAGE });
    expect(flow.actor.getSnapshot().matches({ placing: "savingMessage" })).toBe(true);
    flow.actors.setCustomCard.latest().resolve(empowermentCart(CARD_MESSAGE));
    await settle();
    expect(flow.actors.validateOrder.latest().input).toEqual({ cartId: EMPOWERMENT_CART_ID });
    flow.actors.validateOrder.latest().resolve(sampleOrder());
    await settle();
    expect(flow.effects.map((effect) => effect.type)).toEqual(["writeCart", "forgetOrderedCart", "showThankYou"]);
  });

  it("keeps everything on BUDGET_EXCEEDED, says so and asks the pot again", async () => {
    const flow = startOrder({ cartId: EMPOWERMENT_CART_ID, cardMessage: CARD_MESSAGE });
    flow.actor.send({ type: "empowermentOrder.validate", message: CARD_MESSAGE });
    flow.actors.validateOrder.latest().reject(refusal("BUDGET_EXCEEDED"));
    await settle();
    const snapshot = flow.actor.getSnapshot();
    expect(selectProblem(snapshot)).toBe("BUDGET_EXCEEDED");
    expect(snapshot.context).toEqual({ defaults: { address: null, billing: null }, cartId: EMPOWERMENT_CART_ID, savedMessage: CARD_MESSAGE });
    expect(flow.effects).toEqual([{ type: "refreshMoneyPot" }]);
  });

  it("reads the cart again on OUT_OF_STOCK and opens the out-of-stock modal with it", async () => {
    const flow = startOrder();
    flow.actor.send({ type: "empowermentOrder.validate", message: "" });
    flow.actors.validateOrder.latest().reject(refusal("OUT_OF_STOCK"));
    await settle();
    expect(flow.actors.fetchCart.latest().input).toEqual({ cartId: EMPOWERMENT_CART_ID });
    flow.actors.fetchCart.latest().resolve(empowermentCart());
    await settle();
    expect(isOutOfStockOpen(flow.actor.getSnapshot())).toBe(true);
    flow.actor.send({ type: "empowermentOrder.closeOutOfStock" });
    expect(flow.actor.getSnapshot().matches({ editing: "ready" })).toBe(true);
  });

  it("offers nothing to validate once the server says there is no budget this month", async () => {
    const flow = startOrder();
    flow.actor.send({ type: "empowermentOrder.validate", message: "" });
    flow.actors.validateOrder.latest().reject(refusal("MONEY_POT_NOT_FOUND"));
    await settle();
    expect(hasNoMoneyPot(flow.actor.getSnapshot())).toBe(true);
    expect(flow.actor.getSnapshot().can({ type: "empowermentOrder.validate", message: "" })).toBe(false);
  });

  it("names the parts an order still needs", () => {
    const cart = empowermentCart();
    expect(missingPartsOf(cart)).toEqual([]);
    expect(missingPartsOf({ ...cart, billingAddress: null })).toEqual(["billing"]);
    const noMethod = { ...cart, shipments: cart.shipments.map((shipment) => ({ ...shipment, shipmentMethod: null })) };
    expect(missingPartsOf(noMethod)).toEqual(["method"]);
    expect(missingPartsOf({ ...noMethod, shippingAddress: null })).toEqual(["delivery", "method"]);
  });
});

// The cart: every generated path walked on a real actor with fake requests, each step checked against
// an independent statement of the rules (which request goes out with what, which notification, whether
// the cart id is kept or forgotten, which modal opens); then the quantity arithmetic and the rules one by one.
import { createActor } from "xstate";
import { describe, expect, it } from "vitest";
import {
  cartMachine,
  exceedsStock,
  isOrderableQuantity,
  lineOf,
  maxQuantity,
  minQuantity,
  quantityAfterAdd,
  quantityInCart,
} from "../../machines/cart/cart.machine.ts";
import {
  CART_GONE_ERROR,
  COUPON_APPLIED_ERROR,
  COUPON_UNKNOWN_ERROR,
  CUSTOMER_CART_ID,
  NO_ANSWER_ERROR,
  SAMPLE_COUPON,
  SAMPLE_OFFER,
  SAMPLE_STOCK,
  SERVER_ERROR,
  STORED_CART_ID,
  cartModel,
  returningCustomerModel,
  visitorWithoutCartModel,
  sampleCart,
} from "../../machines/cart/cart.model.ts";
import {
  isBusy,
  isLoadingCart,
  isReady,
  isSidebarOpen,
  selectCartId,
  selectPendingOfferId,
  selectProductModal,
  type CartSnapshot,
} from "../../machines/cart/cart.selectors.ts";
import type {
  Cart,
  CartEvent,
  CartIdInput,
  CartInput,
  CartNotification,
  FetchCartInput,
  SetCouponInput,
  SetOfferQuantityInput,
} from "../../machines/cart/cart.types.ts";
import { describePath, flowPaths, stateName, type FlowPath } from "../../machines/shared/flow-model.ts";
import { lineCount } from "../../src/app/cart.tsx";
import { createFakePromiseActor, settle } from "./support/fake-promise-actor.ts";
import { isDoneEvent, isErrorEvent, tagsOf, walkPath } from "./support/walk-path.ts";

type Request =
  | { actor: "fetchCart"; input: FetchCartInput }
  | { actor: "fetchCustomerCart"; input: unknown }
  | { actor: "setOfferQuantity"; input: SetOfferQuantityInput }
  | { actor: "deleteCart"; input: CartIdInput }
  | { actor: "setCoupon"; input: SetCouponInput }
  | { actor: "removeCoupon"; input: CartIdInput };
/** A cart the server makes for a first add. */
const NEW_CART_ID = "5b0d7e3a-1c9f-4a2e-8d6b-3f7a9c1e2d40";
type ActorName = Request["actor"];

function startCart(input: CartInput = cartModel.input) {
  const fakes = {
    fetchCart: createFakePromiseActor<Cart, FetchCartInput>(),
    fetchCustomerCart: createFakePromiseActor<Cart | null, unknown>(),
    setOfferQuantity: createFakePromiseActor<Cart, SetOfferQuantityInput>(),
    deleteCart: createFakePromiseActor<unknown, CartIdInput>(),
    setCoupon: createFakePromiseActor<Cart, SetCouponInput>(),
    removeCoupon: createFakePromiseActor<Cart, CartIdInput>(),
  };
  const notified: CartNotification[] = [];
  const stored: string[] = [];
  let forgotten = 0;
  // The app's query cache as the machine writes it: the cart every view shows.
  const cache: { cart: Cart | null; written: string[]; removed: number } = { cart: null, written: [], removed: 0 };
  const machine = cartMachine.provide({
    actors: {
      fetchCart: fakes.fetchCart.logic,
      fetchCustomerCart: fakes.fetchCustomerCart.logic,
      setOfferQuantity: fakes.setOfferQuantity.logic,
      deleteCart: fakes.deleteCart.logic,
      setCoupon: fakes.setCoupon.logic,
      removeCoupon: fakes.removeCoupon.logic,
    },
    actions: {
      notify: (_, notification) => notified.push(notification),
      storeCartId: (_, { cartId }) => stored.push(cartId),
      forgetCartId: () => (forgotten += 1),
      writeCart: (_, { cart }) => {
        cache.cart = cart;
        cache.written.push(cart.uuid);
      },
      removeCart: () => {
        cache.cart = null;
        cache.removed += 1;
      },
    },
  });
  const actor = createActor(machine, { input }).start();
  // Every request in the order it was made.
  const log: Request[] = [];
  const seen = new Map<ActorName, number>();
  const calls = () => {
    for (const name of Object.keys(fakes) as ActorName[]) {
      const all: { input: unknown }[] = fakes[name].calls;
      for (const call of all.slice(seen.get(name) ?? 0)) log.push({ actor: name, input: call.input } as Request);
      seen.set(name, all.length);
    }
    return [...log];
  };
  return {
    actor,
    fakes,
    notified,
    stored,
    cache,
    /** The cart the views show (what the machine last wrote). */
    shown: () => cache.cart,
    forgotten: () => forgotten,
    calls,
    snapshot: () => actor.getSnapshot(),
  };
}

type Started = ReturnType<typeof startCart>;

type Asked = CartEvent extends infer E ? (E extends { cart: Cart | null } ? Omit<E, "cart"> : never) : never;

/** Sends a request as a view does: with the cart it shows. */
function ask(cart: Started, event: Asked): void {
  cart.actor.send({ ...event, cart: cart.shown() } as CartEvent);
}

function actorOf(eventType: string): ActorName {
  const name = eventType.replace(/^xstate\.(done|error)\.actor\./u, "");
  const names: readonly string[] = ["fetchCart", "fetchCustomerCart", "setOfferQuantity", "deleteCart", "setCoupon", "removeCoupon"];
  if (!names.includes(name)) throw new Error(`no fake for ${name}`);
  return name as ActorName;
}

/** Lets the latest request of an actor fail with the error. */
function rejectLatest(cart: Started, name: ActorName, error: unknown) {
  cart.fakes[name].latest().reject(error);
}

function isCart(value: unknown): value is Cart {
  return typeof value === "object" && value !== null && "cartItems" in value && "id" in value;
}

/** Lets the latest request of an actor answer with the model's output. */
function resolveLatest(cart: Started, name: ActorName, output: unknown) {
  if (name === "deleteCart") return cart.fakes.deleteCart.latest().resolve(output);
  if (name === "fetchCustomerCart" && output === null) return cart.fakes.fetchCustomerCart.latest().resolve(null);
  if (!isCart(output)) throw new Error(`${name} answers with a cart`);
  cart.fakes[name].latest().resolve(output);
}

function isCartEvent(event: { type: string }): event is CartEvent {
  return event.type.startsWith("cart.") || event.type.startsWith("customer.");
}

function statusOf(error: unknown): number | undefined {
  return typeof error === "object" && error !== null && "status" in error && typeof error.status === "number" ? error.status : undefined;
}
function codeOf(error: unknown): string | undefined {
  return typeof error === "object" && error !== null && "code" in error && typeof error.code === "string" ? error.code : undefined;
}

interface Effects {
  requests: Request[];
  notified: CartNotification[];
  stored: string[];
  forgotten: number;
  /** Carts written to the query cache (their uuid), and how many times it was emptied. */
  written: string[];
  removed: number;
  modal: "added" | "removed" | null;
}

const danger = (messageId: CartNotification["messageId"]): CartNotification => ({ kind: "danger", messageId });
const info = (messageId: CartNotification["messageId"]): CartNotification => ({ kind: "info", messageId });
const none = (): Effects => ({ requests: [], notified: [], stored: [], forgotten: 0, written: [], removed: 0, modal: null });

/** SPEC §4 and §8 restated step by step: what an event does, given the snapshot before it. A request
 *  is judged on the cart its view showed, when that cart is the shopper's current one. */
function expectedEffects(previous: CartSnapshot, event: { type: string; [key: string]: unknown }): Effects {
  const effects = none();
  const { cartId, change } = previous.context;
  const ready = previous.matches({ data: "ready" });
  if (isCartEvent(event)) {
    const shown = "cart" in event ? event.cart : null;
    const current = shown !== null && shown.uuid === cartId ? shown : null;
    const held = (offerId: number) => shown?.cartItems.find((item) => item.offerId === offerId && !item.isGift)?.quantity ?? 0;
    switch (event.type) {
      case "cart.add": {
        if (!ready) break;
        const total = held(event.offer.id) + event.quantity;
        if (total > event.offer.stockQuantity) effects.notified.push(danger("addToCart.max"));
        else effects.requests.push({ actor: "setOfferQuantity", input: { offerId: event.offer.id, quantity: total, cartId } });
        break;
      }
      case "cart.update": {
        if (!ready || held(event.offerId) === 0) break;
        if (event.quantity > SAMPLE_STOCK) effects.notified.push(danger("addToCart.max"));
        else if (current) effects.requests.push({ actor: "setOfferQuantity", input: { offerId: event.offerId, quantity: event.quantity, cartId } });
        break;
      }
      case "cart.remove":
        if (ready && current && held(event.offerId) > 0) {
          effects.requests.push({ actor: "setOfferQuantity", input: { offerId: event.offerId, quantity: 0, cartId } });
        }
        break;
      case "cart.clear":
        if (ready && cartId) effects.requests.push({ actor: "deleteCart", input: { cartId } });
        break;
      case "cart.applyCoupon":
        if (ready && current && current.cartItems.length > 0 && !current.coupon && cartId) {
          effects.requests.push({ actor: "setCoupon", input: { cartId, code: event.code } });
        }
        break;
      case "cart.removeCoupon":
        if (ready && current?.coupon && cartId) effects.requests.push({ actor: "removeCoupon", input: { cartId } });
        break;
      case "customer.signedIn":
        if (event.customerGroup !== "GENERAL_PUBLIC") {
          effects.forgotten = 1;
          effects.removed = 1;
        }
        effects.requests.push({ actor: "fetchCustomerCart", input: undefined });
        break;
      case "customer.notRestored":
        // The cart waited for the session: the stored one is asked for now, as a visitor's.
        if (previous.matches({ data: "awaitingSession" }) && cartId) effects.requests.push({ actor: "fetchCart", input: { cartId } });
        break;
      case "customer.signedOut":
      case "cart.ordered":
        effects.forgotten = 1;
        effects.removed = 1;
        break;
      default:
        break;
    }
    return effects;
  }
  const actor = actorOf(event.type);
  if (isDoneEvent(event)) {
    const output = isCart(event.output) ? event.output : undefined;
    if (actor === "fetchCart") {
      effects.stored.push(output?.uuid ?? "");
      effects.written.push(output?.uuid ?? "");
    }
    // A customer without a cart: nothing to keep, and the anonymous cart's uuid is forgotten.
    if (actor === "fetchCustomerCart") {
      if (output) {
        effects.stored.push(output.uuid);
        effects.written.push(output.uuid);
      } else {
        effects.forgotten += 1;
        effects.removed += 1;
      }
    }
    if (actor === "setOfferQuantity") {
      effects.stored.push(output?.uuid ?? "");
      effects.written.push(output?.uuid ?? "");
      effects.notified.push(info(change?.kind === "add" ? "addToCart.add" : change?.kind === "remove" ? "addToCart.remove" : "addToCart.update"));
      // The server took the coupon off (the basket fell below its minimum): said after the change.
      if (change?.hadCoupon && output && !output.coupon) effects.notified.push(info("coupon.dropped"));
      if (change?.kind === "add") effects.modal = "added";
      if (change?.kind === "remove") effects.modal = "removed";
    }
    if (actor === "deleteCart") {
      effects.forgotten = 1;
      effects.removed = 1;
    }
    if (actor === "setCoupon") {
      effects.written.push(output?.uuid ?? "");
      effects.notified.push(info("coupon.add"));
    }
    if (actor === "removeCoupon") {
      effects.written.push(output?.uuid ?? "");
      effects.notified.push(info("coupon.removed"));
    }
    return effects;
  }
  if (isErrorEvent(event)) {
    const status = statusOf(event.error);
    const code = codeOf(event.error);
    // A stored cart's load that got no answer (no network, the page left) keeps its id: none is shown meanwhile.
    const answered = status !== undefined && status >= 400 && status <= 599 && status !== 499;
    if (actor === "fetchCart" && !answered && status !== undefined) effects.removed = 1;
    else if (actor === "fetchCart" || actor === "fetchCustomerCart" || actor === "deleteCart") {
      effects.forgotten = 1;
      effects.removed = 1;
    }
    if (actor === "setOfferQuantity") {
      if (status === 409 && (code === "QUANTITY_EXCEEDS_STOCK" || code === "QUANTITY_OUT_OF_BOUNDS")) effects.notified.push(danger("addToCart.max"));
      else effects.notified.push(danger("errors.server.access"));
      if (status === 404 && code !== "OFFER_NOT_FOUND") {
        effects.forgotten = 1;
        effects.removed = 1;
      }
    }
    if (actor === "setCoupon") {
      if (status === 409 && code === "COUPON_ALREADY_APPLIED") effects.notified.push(danger("coupon.allready"));
      else if (status === 404 || (status === 409 && code === "COUPON_NOT_APPLICABLE")) effects.notified.push(danger("coupon.not"));
      else effects.notified.push(danger("errors.server.access"));
    }
    if (actor === "removeCoupon") effects.notified.push(danger("errors.server.access"));
  }
  return effects;
}

/** Walks a path of the cart's model (or of one of its other starts, from its input) on the machine with fake IO. */
async function walkCartPath(path: FlowPath<CartSnapshot, CartEvent>, input: CartInput = cartModel.input): Promise<void> {
  const cart = startCart(input);

  const check = (expected: CartSnapshot) => {
    const actual = cart.snapshot();
    expect(actual.value).toEqual(expected.value);
    expect(actual.context).toEqual(expected.context);
    expect(tagsOf(actual)).toEqual(tagsOf(expected));
    expect(isBusy(actual)).toBe(!actual.matches({ data: "ready" }));
    expect(isReady(actual)).toBe(actual.matches({ data: "ready" }));
    expect(isLoadingCart(actual)).toBe(
      actual.matches({ data: "loading" }) || actual.matches({ data: "loadingCustomerCart" }) || actual.matches({ data: "awaitingSession" }),
    );
    expect(selectCartId(actual)).toBe(actual.context.cartId);
    // What the views show is the cart the machine last wrote, and only while it has one.
    if (actual.context.cartId === null) expect(cart.shown()).toBeNull();
    else if (cart.shown() !== null) expect(cart.shown()?.uuid).toBe(actual.context.cartId);
    expect(isSidebarOpen(actual)).toBe(actual.matches({ sidebar: "open" }));
    const modal = selectProductModal(actual);
    expect(modal?.kind ?? "closed").toBe((["added", "removed"] as const).find((kind) => actual.matches({ productModal: kind })) ?? "closed");
    expect(selectPendingOfferId(actual)).toBe(actual.matches({ data: "updating" }) ? SAMPLE_OFFER.id : null);
  };

  await walkPath(path, {
    initial: (expected) => {
      check(expected);
      // A stored session: nothing is asked until it is restored. Else a stored cart id: the cart is asked for at once.
      expect(cart.calls()).toEqual(input.restoringSession === true ? [] : [{ actor: "fetchCart", input: { cartId: STORED_CART_ID } }]);
    },
    step: async ({ event, expected, previous }) => {
      const callsBefore = cart.calls().length;
      const notifiedBefore = cart.notified.length;
      const storedBefore = cart.stored.length;
      const forgottenBefore = cart.forgotten();
      const writtenBefore = cart.cache.written.length;
      const removedBefore = cart.cache.removed;
      const modalBefore = previous.context.modalLine;
      if (isCartEvent(event)) {
        cart.actor.send(event);
      } else if (isDoneEvent(event)) {
        resolveLatest(cart, actorOf(event.type), event.output);
        await settle();
      } else if (isErrorEvent(event)) {
        rejectLatest(cart, actorOf(event.type), event.error);
        await settle();
      }
      check(expected);

      const wanted = expectedEffects(previous, event);
      expect(cart.calls().slice(callsBefore)).toEqual(wanted.requests);
      expect(cart.notified.slice(notifiedBefore)).toEqual(wanted.notified);
      expect(cart.stored.slice(storedBefore)).toEqual(wanted.stored);
      expect(cart.forgotten() - forgottenBefore).toBe(wanted.forgotten);
      expect(cart.cache.written.slice(writtenBefore)).toEqual(wanted.written);
      expect(cart.cache.removed - removedBefore).toBe(wanted.removed);
      if (wanted.modal) {
        const modal = selectProductModal(cart.snapshot());
        expect(modal?.kind).toBe(wanted.modal);
        // The added line as the server now has it; the removed one as it was.
        const expectedLine = wanted.modal === "added" ? lineOf(cart.shown(), SAMPLE_OFFER.id) : previous.context.change?.line;
        expect(modal?.line).toEqual(expectedLine);
      } else if (event.type !== "cart.closeProductModal") {
        expect(cart.snapshot().context.modalLine).toEqual(modalBefore);
      }
    },
  });
}

describe("cart machine, visitor without a stored cart: generated paths", () => {
  for (const path of flowPaths(visitorWithoutCartModel)) {
    it(describePath(visitorWithoutCartModel, path), () => {
      const cart = startCart(visitorWithoutCartModel.input);
      const [start] = path.steps;
      expect(cart.snapshot().value).toEqual(start?.state.value);
      expect(cart.snapshot().context).toEqual(start?.state.context);
      // Nothing to fetch, nothing shown, nothing forgotten: the cart is ready and empty.
      expect(cart.calls()).toEqual([]);
      expect(cart.shown()).toBeNull();
      expect(cart.forgotten()).toBe(0);
      expect(path.steps).toHaveLength(1);
    });
  }
});

describe("cart machine: generated paths", () => {
  const paths = flowPaths(cartModel);

  it("reach every state of every region, with the returning customer's start", () => {
    const reached = new Set(
      [...paths, ...flowPaths(returningCustomerModel)].flatMap((path) => path.steps.flatMap((step) => stateName(step.state.value).split(" + "))),
    );
    const all = Object.entries(cartMachine.root.states).flatMap(([region, node]) => Object.keys(node.states).map((state) => `${region}.${state}`));
    // `starting` is left at once (an eventless transition): no snapshot is ever in it.
    expect([...reached].sort()).toEqual(all.filter((state) => state !== "data.starting").sort());
  });

  for (const path of paths) it(describePath(cartModel, path), () => walkCartPath(path));
});

describe("cart machine, returning customer: generated paths", () => {
  for (const path of flowPaths(returningCustomerModel)) it(describePath(returningCustomerModel, path), () => walkCartPath(path, returningCustomerModel.input));
});

describe("cart quantities (SPEC §4)", () => {
  const cart = sampleCart(STORED_CART_ID, 2);

  it("reads what the cart holds of an offer", () => {
    expect(quantityInCart(cart, SAMPLE_OFFER.id)).toBe(2);
    expect(quantityInCart(cart, 999)).toBe(0);
    expect(quantityInCart(null, SAMPLE_OFFER.id)).toBe(0);
    expect(lineCount(cart)).toBe(1);
    expect(lineCount(null)).toBe(0);
  });

  it("adds to what the cart holds", () => {
    expect(quantityAfterAdd(cart, SAMPLE_OFFER.id, 1)).toBe(3);
    expect(quantityAfterAdd(null, SAMPLE_OFFER.id, 2)).toBe(2);
  });

  it("ignores gift lines when counting what the shopper holds", () => {
    const [line] = cart.cartItems;
    if (!line) throw new Error("the sample cart has a line");
    const withGift: Cart = { ...cart, cartItems: [{ ...line, isGift: true, quantity: 1 }] };
    expect(quantityInCart(withGift, SAMPLE_OFFER.id)).toBe(0);
  });

  it.each([
    [{ stockQuantity: 3, maximalOrderQuantity: null }, 3],
    [{ stockQuantity: 10, maximalOrderQuantity: 4 }, 4],
    [{ stockQuantity: 2, maximalOrderQuantity: 4 }, 2],
    [{ stockQuantity: -1, maximalOrderQuantity: null }, 0],
  ])("allows at most the stock or the maximal order quantity: %j → %i", (limits, max) => {
    const offer = { ...SAMPLE_OFFER, ...limits };
    expect(maxQuantity(offer)).toBe(max);
    expect(exceedsStock(offer, max)).toBe(false);
    expect(exceedsStock(offer, max + 1)).toBe(true);
  });

  it("never asks for less than one, nor less than the minimal order quantity", () => {
    expect(minQuantity({ ...SAMPLE_OFFER, minimalOrderQuantity: 0 })).toBe(1);
    expect(minQuantity({ ...SAMPLE_OFFER, minimalOrderQuantity: 3 })).toBe(3);
  });

  it.each([
    [1, true],
    [12, true],
    [0, false],
    [-1, false],
    [1.5, false],
    [Number.NaN, false],
  ])("takes %d as an orderable quantity: %s", (quantity, orderable) => {
    expect(isOrderableQuantity(quantity)).toBe(orderable);
  });
});

describe("cart machine: rules", () => {
  async function loaded(quantity: number, coupon = false) {
    const cart = startCart();
    cart.fakes.fetchCart.latest().resolve(sampleCart(STORED_CART_ID, quantity, coupon));
    await settle();
    expect(isReady(cart.snapshot())).toBe(true);
    return cart;
  }

  it("starts empty and asks nothing without a stored cart id", () => {
    const cart = startCart({ storedCartId: null });
    expect(isReady(cart.snapshot())).toBe(true);
    expect(cart.shown()).toBeNull();
    expect(cart.calls()).toEqual([]);
  });

  it("forgets the stored id when the stored cart cannot be fetched", async () => {
    const cart = startCart();
    expect(isBusy(cart.snapshot())).toBe(true);
    rejectLatest(cart, "fetchCart", CART_GONE_ERROR);
    await settle();
    expect(cart.forgotten()).toBe(1);
    expect(cart.shown()).toBeNull();
    expect(cart.notified).toEqual([]);
  });

  it.each([
    ["the network failed", NO_ANSWER_ERROR],
    ["the page left while it was on its way", { status: 499, message: "The request was cancelled" }],
  ])("keeps the stored id when the stored cart's load got no answer (%s): the next add goes to that cart", async (_why, error) => {
    const cart = startCart();
    rejectLatest(cart, "fetchCart", error);
    await settle();
    expect(cart.forgotten()).toBe(0);
    expect(cart.shown()).toBeNull();
    expect(cart.snapshot().matches({ data: "ready" })).toBe(true);
    expect(cart.notified).toEqual([]);
    ask(cart, { type: "cart.add", offer: SAMPLE_OFFER, quantity: 1 });
    expect(cart.fakes.setOfferQuantity.latest().input).toEqual({ offerId: SAMPLE_OFFER.id, quantity: 1, cartId: STORED_CART_ID });
  });

  it("forgets the stored id when the server fails the stored cart's load", async () => {
    const cart = startCart();
    rejectLatest(cart, "fetchCart", SERVER_ERROR);
    await settle();
    expect(cart.forgotten()).toBe(1);
    expect(cart.shown()).toBeNull();
  });

  it("creates the cart with the first add and keeps its id", async () => {
    const cart = startCart({ storedCartId: null });
    ask(cart, { type: "cart.add", offer: SAMPLE_OFFER, quantity: 2 });
    expect(cart.fakes.setOfferQuantity.latest().input).toEqual({ offerId: SAMPLE_OFFER.id, quantity: 2, cartId: null });
    cart.fakes.setOfferQuantity.latest().resolve(sampleCart(NEW_CART_ID, 2));
    await settle();
    expect(cart.stored).toEqual([NEW_CART_ID]);
    expect(lineCount(cart.shown())).toBe(1);
    expect(cart.notified).toEqual([info("addToCart.add")]);
    expect(selectProductModal(cart.snapshot())).toEqual({ kind: "added", line: lineOf(sampleCart(NEW_CART_ID, 2), SAMPLE_OFFER.id) });
  });

  it("adds to the quantity held, sets it on update and sends 0 on remove", async () => {
    const cart = await loaded(1);
    ask(cart, { type: "cart.add", offer: SAMPLE_OFFER, quantity: 2 });
    expect(cart.fakes.setOfferQuantity.latest().input.quantity).toBe(3);
    cart.fakes.setOfferQuantity.latest().resolve(sampleCart(STORED_CART_ID, 3));
    await settle();
    cart.actor.send({ type: "cart.closeProductModal" });

    ask(cart, { type: "cart.update", offerId: SAMPLE_OFFER.id, quantity: 2 });
    expect(cart.fakes.setOfferQuantity.latest().input.quantity).toBe(2);
    cart.fakes.setOfferQuantity.latest().resolve(sampleCart(STORED_CART_ID, 2));
    await settle();
    expect(selectProductModal(cart.snapshot())).toBeNull();

    ask(cart, { type: "cart.remove", offerId: SAMPLE_OFFER.id });
    expect(cart.fakes.setOfferQuantity.latest().input.quantity).toBe(0);
    cart.fakes.setOfferQuantity.latest().resolve(sampleCart(STORED_CART_ID, 0));
    await settle();
    expect(cart.notified).toEqual([info("addToCart.add"), info("addToCart.update"), info("addToCart.remove")]);
    expect(selectProductModal(cart.snapshot())?.kind).toBe("removed");
    expect(selectProductModal(cart.snapshot())?.line.quantity).toBe(2);
  });

  it("refuses an add above the stock with addToCart.max before any call", async () => {
    const cart = await loaded(2);
    const callsBefore = cart.calls().length;
    ask(cart, { type: "cart.add", offer: SAMPLE_OFFER, quantity: SAMPLE_STOCK - 1 });
    expect(cart.notified).toEqual([danger("addToCart.max")]);
    expect(cart.calls()).toHaveLength(callsBefore);
    expect(isReady(cart.snapshot())).toBe(true);
    // Up to the stock is fine.
    ask(cart, { type: "cart.add", offer: SAMPLE_OFFER, quantity: SAMPLE_STOCK - 2 });
    expect(cart.fakes.setOfferQuantity.latest().input.quantity).toBe(SAMPLE_STOCK);
  });

  it("refuses an add above the maximal order quantity too", async () => {
    const cart = startCart({ storedCartId: null });
    ask(cart, { type: "cart.add", offer: { ...SAMPLE_OFFER, stockQuantity: 50, maximalOrderQuantity: 5 }, quantity: 6 });
    expect(cart.notified).toEqual([danger("addToCart.max")]);
    expect(cart.calls()).toEqual([]);
  });

  it("ignores quantities that are not whole and positive", async () => {
    const cart = await loaded(1);
    const callsBefore = cart.calls().length;
    ask(cart, { type: "cart.add", offer: SAMPLE_OFFER, quantity: 0 });
    ask(cart, { type: "cart.update", offerId: SAMPLE_OFFER.id, quantity: 1.5 });
    ask(cart, { type: "cart.update", offerId: 999, quantity: 1 });
    expect(cart.calls()).toHaveLength(callsBefore);
    expect(cart.notified).toEqual([]);
  });

  it.each([
    [{ status: 409, message: "Too many", code: "QUANTITY_EXCEEDS_STOCK" }, "addToCart.max"],
    [{ status: 409, message: "Out of bounds", code: "QUANTITY_OUT_OF_BOUNDS" }, "addToCart.max"],
    [{ status: 409, message: "Payment in progress", code: "CART_LOCKED" }, "errors.server.access"],
    [{ status: 404, message: "Unknown offer", code: "OFFER_NOT_FOUND" }, "errors.server.access"],
    [{ status: -1, message: "No response" }, "errors.server.access"],
  ] as const)("shows %j of a quantity change as %s and keeps the cart", async (error, messageId) => {
    const cart = await loaded(1);
    ask(cart, { type: "cart.add", offer: SAMPLE_OFFER, quantity: 1 });
    rejectLatest(cart, "setOfferQuantity", error);
    await settle();
    expect(cart.notified).toEqual([danger(messageId)]);
    expect(cart.shown()).toEqual(sampleCart(STORED_CART_ID, 1));
    expect(selectProductModal(cart.snapshot())).toBeNull();
  });

  it("starts a new cart after the server forgot the stored one", async () => {
    const cart = await loaded(1);
    ask(cart, { type: "cart.add", offer: SAMPLE_OFFER, quantity: 1 });
    rejectLatest(cart, "setOfferQuantity", CART_GONE_ERROR);
    await settle();
    expect(cart.forgotten()).toBe(1);
    expect(cart.shown()).toBeNull();
    ask(cart, { type: "cart.add", offer: SAMPLE_OFFER, quantity: 1 });
    expect(cart.fakes.setOfferQuantity.latest().input).toEqual({ offerId: SAMPLE_OFFER.id, quantity: 1, cartId: null });
  });

  it("empties the cart even when clearing it fails", async () => {
    const cart = await loaded(2);
    cart.actor.send({ type: "cart.clear" });
    expect(cart.fakes.deleteCart.latest().input).toEqual({ cartId: STORED_CART_ID });
    rejectLatest(cart, "deleteCart", SERVER_ERROR);
    await settle();
    expect(cart.shown()).toBeNull();
    expect(lineCount(cart.shown())).toBe(0);
    expect(cart.forgotten()).toBe(1);
  });

  it.each([
    [COUPON_APPLIED_ERROR, "coupon.allready"],
    [COUPON_UNKNOWN_ERROR, "coupon.not"],
    [{ status: 409, message: "Not applicable", code: "COUPON_NOT_APPLICABLE" }, "coupon.not"],
    [SERVER_ERROR, "errors.server.access"],
  ] as const)("tells a refused coupon %j as %s", async (error, messageId) => {
    const cart = await loaded(1);
    ask(cart, { type: "cart.applyCoupon", code: ` ${SAMPLE_COUPON} ` });
    expect(cart.fakes.setCoupon.latest().input).toEqual({ cartId: STORED_CART_ID, code: SAMPLE_COUPON });
    rejectLatest(cart, "setCoupon", error);
    await settle();
    expect(cart.notified).toEqual([danger(messageId)]);
    expect(cart.shown()?.coupon).toBeNull();
  });

  it("applies a coupon (coupon.add) and removes it", async () => {
    const cart = await loaded(1);
    ask(cart, { type: "cart.applyCoupon", code: "   " });
    expect(cart.fakes.setCoupon.calls).toHaveLength(0);
    ask(cart, { type: "cart.applyCoupon", code: SAMPLE_COUPON });
    cart.fakes.setCoupon.latest().resolve(sampleCart(STORED_CART_ID, 1, true));
    await settle();
    expect(cart.shown()?.specialPrice?.taxIncluded).toBe(2250);
    ask(cart, { type: "cart.removeCoupon" });
    cart.fakes.removeCoupon.latest().resolve(sampleCart(STORED_CART_ID, 1));
    await settle();
    expect(cart.shown()?.coupon).toBeNull();
    expect(cart.notified).toEqual([info("coupon.add"), info("coupon.removed")]);
  });

  it("reloads a General public customer's cart at sign-in and keeps its id", async () => {
    const cart = await loaded(1);
    cart.actor.send({ type: "customer.signedIn", customerGroup: "GENERAL_PUBLIC" });
    expect(cart.forgotten()).toBe(0);
    cart.fakes.fetchCustomerCart.latest().resolve(sampleCart(CUSTOMER_CART_ID, 3));
    await settle();
    expect(cart.stored.at(-1)).toBe(CUSTOMER_CART_ID);
    expect(cart.shown()?.uuid).toBe(CUSTOMER_CART_ID);
  });

  it.each(["BRAND_EMPLOYEE", "BRAND_SERVICES", "HABILE", "GPNET", "FLYING_BLUE", "EMPOWERMENT"] as const)(
    "forgets the anonymous cart when a %s customer signs in, then loads theirs",
    async (customerGroup) => {
      const cart = await loaded(1);
      cart.actor.send({ type: "customer.signedIn", customerGroup });
      expect(cart.forgotten()).toBe(1);
      expect(cart.shown()).toBeNull();
      rejectLatest(cart, "fetchCustomerCart", { status: 404, message: "No cart" });
      await settle();
      expect(cart.shown()).toBeNull();
      expect(isReady(cart.snapshot())).toBe(true);
    },
  );

  it("stops a request in flight when the customer signs in or out", async () => {
    const cart = await loaded(1);
    ask(cart, { type: "cart.add", offer: SAMPLE_OFFER, quantity: 1 });
    const request = cart.fakes.setOfferQuantity.latest();
    cart.actor.send({ type: "customer.signedOut" });
    expect(request.signal.aborted).toBe(true);
    expect(cart.shown()).toBeNull();
    request.resolve(sampleCart(STORED_CART_ID, 2));
    await settle();
    expect(cart.shown()).toBeNull();
    expect(cart.notified).toEqual([]);
  });

  it("says coupon.dropped after a change that took the basket out of its coupon's reach", async () => {
    const cart = await loaded(2, true);
    ask(cart, { type: "cart.update", offerId: SAMPLE_OFFER.id, quantity: 1 });
    cart.fakes.setOfferQuantity.latest().resolve({ ...sampleCart(STORED_CART_ID, 1), coupon: null });
    await settle();
    expect(cart.notified).toEqual([info("addToCart.update"), info("coupon.dropped")]);
    expect(cart.shown()?.coupon).toBeNull();
  });

  it("keeps quiet about a coupon the change left in place", async () => {
    const cart = await loaded(2, true);
    ask(cart, { type: "cart.update", offerId: SAMPLE_OFFER.id, quantity: 3 });
    cart.fakes.setOfferQuantity.latest().resolve(sampleCart(STORED_CART_ID, 3, true));
    await settle();
    expect(cart.notified).toEqual([info("addToCart.update")]);
  });

  it("writes every cart the server answers where the views read it, and nothing else", async () => {
    const cart = await loaded(1);
    expect(cart.shown()).toEqual(sampleCart(STORED_CART_ID, 1));
    ask(cart, { type: "cart.add", offer: SAMPLE_OFFER, quantity: 1 });
    cart.fakes.setOfferQuantity.latest().resolve(sampleCart(STORED_CART_ID, 2));
    await settle();
    expect(cart.shown()).toEqual(sampleCart(STORED_CART_ID, 2));
    expect(cart.cache.written).toEqual([STORED_CART_ID, STORED_CART_ID]);
    // The machine keeps which cart, not a copy of it.
    expect(Object.keys(cart.snapshot().context).sort()).toEqual(["awaitsSession", "cartId", "change", "modalLine"]);
  });

  it("ignores a request about a cart the shopper no longer has (a view that had not caught up)", async () => {
    const cart = await loaded(1);
    const callsBefore = cart.calls().length;
    const other = sampleCart(CUSTOMER_CART_ID, 2, true);
    cart.actor.send({ type: "cart.remove", offerId: SAMPLE_OFFER.id, cart: other });
    cart.actor.send({ type: "cart.update", offerId: SAMPLE_OFFER.id, quantity: 1, cart: other });
    cart.actor.send({ type: "cart.removeCoupon", cart: other });
    expect(cart.calls()).toHaveLength(callsBefore);
    expect(isReady(cart.snapshot())).toBe(true);
  });

  it("with a customer's session stored, loads one cart: the customer's once the session is restored, not the stored one first", async () => {
    const cart = startCart(returningCustomerModel.input);
    expect(isLoadingCart(cart.snapshot())).toBe(true);
    expect(isReady(cart.snapshot())).toBe(false);
    expect(cart.calls()).toEqual([]);
    cart.actor.send({ type: "customer.signedIn", customerGroup: "GENERAL_PUBLIC" });
    cart.fakes.fetchCustomerCart.latest().resolve(sampleCart(CUSTOMER_CART_ID, 2));
    await settle();
    expect(cart.calls()).toEqual([{ actor: "fetchCustomerCart", input: undefined }]);
    expect(cart.shown()).toEqual(sampleCart(CUSTOMER_CART_ID, 2));
    expect(cart.snapshot().context.awaitsSession).toBe(false);
  });

  it("with a session the server could not check, loads the stored cart; with one it refused, none", async () => {
    const unchecked = startCart(returningCustomerModel.input);
    unchecked.actor.send({ type: "customer.notRestored" });
    expect(unchecked.calls()).toEqual([{ actor: "fetchCart", input: { cartId: STORED_CART_ID } }]);
    // Only once: the cart does not wait again.
    unchecked.actor.send({ type: "customer.notRestored" });
    expect(unchecked.calls()).toHaveLength(1);
    const refused = startCart(returningCustomerModel.input);
    refused.actor.send({ type: "customer.signedOut" });
    expect(refused.calls()).toEqual([]);
    expect(isReady(refused.snapshot())).toBe(true);
    expect(refused.snapshot().context.cartId).toBeNull();
    expect(refused.forgotten()).toBe(1);
  });

  it("opens and closes the sidebar whatever the cart is doing", () => {
    const cart = startCart();
    cart.actor.send({ type: "cart.openSidebar" });
    expect(isSidebarOpen(cart.snapshot())).toBe(true);
    expect(isBusy(cart.snapshot())).toBe(true);
    cart.actor.send({ type: "cart.closeSidebar" });
    expect(isSidebarOpen(cart.snapshot())).toBe(false);
  });

  it("fails every request when no implementation was provided", async () => {
    const actor = createActor(cartMachine, { input: { storedCartId: STORED_CART_ID } }).start();
    await settle();
    expect(actor.getSnapshot().matches({ data: "ready" })).toBe(true);
    expect(actor.getSnapshot().context.cartId).toBeNull();
  });
});

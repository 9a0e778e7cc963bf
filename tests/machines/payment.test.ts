// The card payment: every generated path walked on a real actor with fake requests and a simulated
// clock, each step checked against an independent statement of SPEC §2 (payment, return, result, retry
// and thank-you pages) and the contract's payment answers: which request goes out with what, where
// the shopper is sent, what the payment component is told, which cart is written, what is marked.
// Then the journeys the issue names, step by step: refused → retry → paid, an abandoned challenge, a
// reload of the return page.
import { createActor, SimulatedClock } from "xstate";
import { describe, expect, it } from "vitest";
import { readyCart } from "../../machines/checkout/checkout.model.ts";
import { BANK_PATIENCE_MS, ORDER_POLL_MS, paymentMachine } from "../../machines/payment/payment.machine.ts";
import { ERRORS, ORDER_REFERENCE, ORDERS, PAYMENT_CART_ID, paymentModel, REDIRECT_RESULT, RESULTS } from "../../machines/payment/payment.model.ts";
import { isBusy, isPayable, selectMessage, selectView, type PaymentSnapshot, type PaymentView } from "../../machines/payment/payment.selectors.ts";
import type { Cart, CartIdInput, InitiatePaymentInput, OrderState, PaymentDetailsInput, PaymentEvent, PaymentNotification, PaymentResult, RetryReason } from "../../machines/payment/payment.types.ts";
import { describePath, flowPaths, stateName } from "../../machines/shared/flow-model.ts";
import { createFakePromiseActor, settle } from "./support/fake-promise-actor.ts";
import { isAfterEvent, isDoneEvent, isErrorEvent, tagsOf, walkPath } from "./support/walk-path.ts";

type Request =
  | { actor: "loadPaymentMethods"; input: CartIdInput }
  | { actor: "initiatePayment"; input: InitiatePaymentInput }
  | { actor: "submitDetails"; input: PaymentDetailsInput }
  | { actor: "fetchCart"; input: CartIdInput }
  | { actor: "findOrder"; input: CartIdInput }
  | { actor: "reopenCart"; input: CartIdInput };
type ActorName = Request["actor"];
const ACTORS: readonly ActorName[] = ["loadPaymentMethods", "initiatePayment", "submitDetails", "fetchCart", "findOrder", "reopenCart"];

type Shown =
  | { page: "thankYou"; orderReference: string }
  | { page: "retry"; cartId: string; reason: RetryReason }
  | { page: "result"; cartId: string }
  | { page: "payment" }
  | { page: "shipping" }
  | { page: "cart" };
type DropinCall = { answer: PaymentResult } | "failed";

interface Effects {
  requests: Request[];
  shown: Shown[];
  dropin: DropinCall[];
  written: Cart[];
  notified: PaymentNotification[];
  marked: string[];
  forgotten: number;
}

function startPayment() {
  const fakes = {
    loadPaymentMethods: createFakePromiseActor<void, CartIdInput>(),
    initiatePayment: createFakePromiseActor<PaymentResult, InitiatePaymentInput>(),
    submitDetails: createFakePromiseActor<PaymentResult, PaymentDetailsInput>(),
    fetchCart: createFakePromiseActor<Cart, CartIdInput>(),
    findOrder: createFakePromiseActor<OrderState | null, CartIdInput>(),
    reopenCart: createFakePromiseActor<Cart, CartIdInput>(),
  };
  const effects: Effects = { requests: [], shown: [], dropin: [], written: [], notified: [], marked: [], forgotten: 0 };
  const machine = paymentMachine.provide({
    actors: {
      loadPaymentMethods: fakes.loadPaymentMethods.logic,
      initiatePayment: fakes.initiatePayment.logic,
      submitDetails: fakes.submitDetails.logic,
      fetchCart: fakes.fetchCart.logic,
      findOrder: fakes.findOrder.logic,
      reopenCart: fakes.reopenCart.logic,
    },
    actions: {
      writeCart: (_, { cart }) => effects.written.push(cart),
      forgetCart: () => {
        effects.forgotten += 1;
      },
      notify: (_, notification) => effects.notified.push(notification),
      markRedirect: (_, { redirectResult }) => effects.marked.push(redirectResult),
      answerDropin: (_, { result }) => effects.dropin.push({ answer: result }),
      failDropin: () => effects.dropin.push("failed"),
      showThankYou: (_, { orderReference }) => effects.shown.push({ page: "thankYou", orderReference }),
      showRetry: (_, { cartId, reason }) => effects.shown.push({ page: "retry", cartId, reason }),
      showResult: (_, { cartId }) => effects.shown.push({ page: "result", cartId }),
      showPayment: () => effects.shown.push({ page: "payment" }),
      showShipping: () => effects.shown.push({ page: "shipping" }),
      showCart: () => effects.shown.push({ page: "cart" }),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(machine, { clock }).start();
  const seen = new Map<ActorName, number>();
  /** The requests made since the last call, in the order of ACTORS (one at most per step). */
  const newRequests = (): Request[] => {
    const made: Request[] = [];
    for (const name of ACTORS) {
      const all: { input: unknown }[] = fakes[name].calls;
      for (const call of all.slice(seen.get(name) ?? 0)) made.push({ actor: name, input: call.input } as Request);
      seen.set(name, all.length);
    }
    return made;
  };
  return { actor, fakes, effects, clock, newRequests, snapshot: () => actor.getSnapshot() };
}

type Started = ReturnType<typeof startPayment>;

function actorOf(eventType: string): ActorName {
  const name = eventType.replace(/^xstate\.(done|error)\.actor\./u, "");
  const found = ACTORS.find((actor) => actor === name);
  if (!found) throw new Error(`no fake for ${name}`);
  return found;
}

function resolveLatest(payment: Started, name: ActorName, output: unknown) {
  const call = payment.fakes[name].latest();
  (call.resolve as (value: unknown) => void)(output);
}

const isPaymentEvent = (event: { type: string }): event is PaymentEvent => event.type.startsWith("payment.");
const codeOf = (error: unknown) => (typeof error === "object" && error !== null && "code" in error ? error.code : undefined);
const none = (): Effects => ({ requests: [], shown: [], dropin: [], written: [], notified: [], marked: [], forgotten: 0 });

/** Where a provider's answer leads, restated from the contract's result codes (SPEC §2 pages). */
function effectsOfAnswer(result: PaymentResult, withDropin: boolean): Effects {
  const effects = none();
  const answer = () => {
    if (withDropin) effects.dropin.push({ answer: result });
  };
  switch (result.resultCode) {
    case "Authorised":
      answer();
      effects.forgotten = 1;
      effects.shown.push({ page: "thankYou", orderReference: ORDER_REFERENCE });
      break;
    case "RedirectShopper":
    case "ChallengeShopper":
      // The component performs the action; after a return, the result page follows the order instead.
      answer();
      if (!withDropin) effects.shown.push({ page: "result", cartId: PAYMENT_CART_ID });
      break;
    case "Pending":
    case "Received":
      answer();
      effects.shown.push({ page: "result", cartId: PAYMENT_CART_ID });
      break;
    case "Cancelled":
      if (result.refusalReason === "OUT_OF_STOCK") {
        if (withDropin) effects.dropin.push("failed");
        effects.requests.push({ actor: "fetchCart", input: { cartId: PAYMENT_CART_ID } });
      } else {
        answer();
        effects.shown.push({ page: "retry", cartId: PAYMENT_CART_ID, reason: "cancelled" });
      }
      break;
    case "Refused":
      answer();
      effects.shown.push({ page: "retry", cartId: PAYMENT_CART_ID, reason: "refused" });
      break;
    default:
      answer();
      effects.shown.push({ page: "retry", cartId: PAYMENT_CART_ID, reason: "error" });
  }
  return effects;
}

/** What an event does, given the snapshot before it. */
function expectedEffects(previous: PaymentSnapshot, event: { type: string; [key: string]: unknown }): Effects {
  const effects = none();
  const cart = { cartId: PAYMENT_CART_ID };
  if (isPaymentEvent(event)) {
    switch (event.type) {
      case "payment.open":
        if (event.consented) effects.requests.push({ actor: "loadPaymentMethods", input: cart });
        break;
      case "payment.consented":
        effects.requests.push({ actor: "loadPaymentMethods", input: cart });
        break;
      case "payment.submit":
        effects.requests.push({ actor: "initiatePayment", input: { cartId: PAYMENT_CART_ID, paymentMethod: event.paymentMethod, browserInfo: event.browserInfo } });
        break;
      case "payment.details":
        effects.requests.push({ actor: "submitDetails", input: { details: event.details, paymentData: event.paymentData } });
        break;
      case "payment.return":
        // Handed over once per tab: a reload asks for the order instead; no result: abandoned.
        if (event.alreadySubmitted) effects.shown.push({ page: "result", cartId: PAYMENT_CART_ID });
        else if (event.redirectResult === null) effects.shown.push({ page: "retry", cartId: PAYMENT_CART_ID, reason: "abandoned" });
        else {
          effects.marked.push(event.redirectResult);
          effects.requests.push({ actor: "submitDetails", input: { details: { redirectResult: event.redirectResult }, paymentData: null } });
        }
        break;
      case "payment.await":
        effects.requests.push({ actor: "findOrder", input: cart });
        break;
      case "payment.reopen":
        effects.requests.push({ actor: "reopenCart", input: cart });
        break;
      case "payment.retry":
        // A late bank: the retry page; a failure or a payment being started elsewhere: the step again.
        if (previous.matches("bankSilent")) effects.shown.push({ page: "retry", cartId: PAYMENT_CART_ID, reason: "error" });
        else effects.requests.push({ actor: "loadPaymentMethods", input: cart });
        break;
      case "payment.abandon":
        effects.shown.push({ page: "retry", cartId: PAYMENT_CART_ID, reason: "abandoned" });
        break;
      case "payment.dropinFailed":
        if (previous.matches("actionInProgress")) effects.shown.push({ page: "retry", cartId: PAYMENT_CART_ID, reason: "error" });
        break;
      case "payment.closeOutOfStock":
        effects.shown.push({ page: "cart" });
        break;
      case "payment.payAgain":
        effects.shown.push({ page: "payment" });
        break;
      default:
        break;
    }
    return effects;
  }
  if (isAfterEvent(event)) {
    // Polling asks for the order again; the bank's patience running out only changes what the page says.
    if (event.type.startsWith("xstate.after.orderPoll.")) effects.requests.push({ actor: "findOrder", input: cart });
    return effects;
  }
  if (isDoneEvent(event)) {
    const actor = actorOf(event.type);
    if (actor === "initiatePayment" || actor === "submitDetails") return effectsOfAnswer(event.output as PaymentResult, !previous.matches("returning"));
    if (actor === "fetchCart") {
      effects.written.push(event.output as Cart);
      if (previous.matches("refreshingAmount")) {
        effects.notified.push({ kind: "info", messageId: "payment.amountChanged" });
        effects.requests.push({ actor: "loadPaymentMethods", input: cart });
      }
    }
    if (actor === "reopenCart") effects.written.push(event.output as Cart);
    if (actor === "findOrder") {
      const order = event.output as OrderState | null;
      // No order yet: the payment is not authorised yet (the order is made then).
      if (order === null) return effects;
      if (order.status === "CANCELLED") effects.shown.push({ page: "retry", cartId: PAYMENT_CART_ID, reason: "cancelled" });
      else if (order.status === "PAID") {
        effects.forgotten = 1;
        effects.shown.push({ page: "thankYou", orderReference: order.reference });
      }
    }
    return effects;
  }
  if (isErrorEvent(event)) {
    const actor = actorOf(event.type);
    const code = codeOf(event.error);
    if (actor === "initiatePayment") {
      effects.dropin.push("failed");
      if (code === "AMOUNT_MISMATCH" || code === "OUT_OF_STOCK") effects.requests.push({ actor: "fetchCart", input: cart });
      if (code === "CART_INCOMPLETE") effects.shown.push({ page: "shipping" });
      if (code === "CART_EMPTY") effects.shown.push({ page: "cart" });
    }
    if (actor === "submitDetails") {
      if (previous.matches("confirming")) effects.dropin.push("failed");
      if (code === "OUT_OF_STOCK" && previous.matches("returning")) effects.requests.push({ actor: "fetchCart", input: cart });
      else effects.shown.push({ page: "retry", cartId: PAYMENT_CART_ID, reason: "error" });
    }
    if (actor === "reopenCart" && code === "ORDER_ALREADY_PAID") effects.shown.push({ page: "result", cartId: PAYMENT_CART_ID });
  }
  return effects;
}

/** The view each state shows, stated apart from the selectors. */
const VIEW_OF_STATE: Record<string, PaymentView> = {
  idle: "starting",
  needsConsent: "consent",
  loadingMethods: "starting",
  mounting: "dropin",
  ready: "dropin",
  submitting: "dropin",
  actionInProgress: "dropin",
  confirming: "dropin",
  refreshingAmount: "starting",
  checkingStock: "starting",
  outOfStock: "outOfStock",
  locked: "locked",
  failed: "failed",
  returning: "confirming",
  "waitingForBank.lookingUpOrder": "awaitingBank",
  "waitingForBank.awaitingBank": "awaitingBank",
  bankSilent: "bankSilent",
  reopening: "starting",
  retryOffered: "retryOffered",
  reopenFailed: "reopenFailed",
  thankYou: "leaving",
  retryPage: "leaving",
  resultPage: "leaving",
  paymentStep: "leaving",
  shippingStep: "leaving",
  cartPage: "leaving",
};
const REQUESTING = ["loadingMethods", "mounting", "submitting", "confirming", "refreshingAmount", "checkingStock", "returning", "waitingForBank.lookingUpOrder", "reopening"];

function snapshotEffects(payment: Started, before: Omit<Effects, "requests">): Omit<Effects, "requests"> {
  const { effects } = payment;
  return {
    shown: effects.shown.slice(before.shown.length),
    dropin: effects.dropin.slice(before.dropin.length),
    written: effects.written.slice(before.written.length),
    notified: effects.notified.slice(before.notified.length),
    marked: effects.marked.slice(before.marked.length),
    forgotten: effects.forgotten - before.forgotten,
  };
}

const copyEffects = ({ effects }: Started): Omit<Effects, "requests"> => ({
  shown: [...effects.shown],
  dropin: [...effects.dropin],
  written: [...effects.written],
  notified: [...effects.notified],
  marked: [...effects.marked],
  forgotten: effects.forgotten,
});

async function perform(payment: Started, event: { type: string; [key: string]: unknown }) {
  if (isPaymentEvent(event)) payment.actor.send(event);
  else if (isDoneEvent(event)) {
    resolveLatest(payment, actorOf(event.type), event.output);
    await settle();
  } else if (isErrorEvent(event)) {
    payment.fakes[actorOf(event.type)].latest().reject(event.error);
    await settle();
  } else if (isAfterEvent(event)) {
    payment.clock.increment(event.type.startsWith("xstate.after.bankPatience.") ? BANK_PATIENCE_MS : ORDER_POLL_MS);
  }
}

describe("payment machine: generated paths", () => {
  const paths = flowPaths(paymentModel);

  it("reach every state", () => {
    const reached = new Set(paths.flatMap((path) => path.steps.map((step) => stateName(step.state.value))));
    const all = Object.entries(paymentMachine.root.states).flatMap(([name, node]) =>
      Object.keys(node.states).length > 0 ? Object.keys(node.states).map((child) => `${name}.${child}`) : [name],
    );
    expect([...reached].sort()).toEqual(all.sort());
  });

  for (const path of paths) {
    it(describePath(paymentModel, path), async () => {
      const payment = startPayment();
      const check = (expected: PaymentSnapshot) => {
        const actual = payment.snapshot();
        expect(actual.value).toEqual(expected.value);
        expect(actual.context).toEqual(expected.context);
        expect(tagsOf(actual)).toEqual(tagsOf(expected));
        const state = stateName(actual.value);
        expect(selectView(actual)).toBe(VIEW_OF_STATE[state]);
        expect(isBusy(actual)).toBe(REQUESTING.includes(state));
        expect(isPayable(actual)).toBe(state === "ready");
        // The page says why it stopped wherever it cannot go on.
        if (["failed", "locked", "reopenFailed"].includes(state)) expect(selectMessage(actual)).not.toBeNull();
        if (state === "ready") expect(selectMessage(actual)).toBeNull();
      };
      await walkPath(path, {
        initial: (expected) => {
          check(expected);
          expect(payment.newRequests()).toEqual([]);
        },
        step: async ({ event, expected, previous }) => {
          const before = copyEffects(payment);
          await perform(payment, event);
          check(expected);
          const wanted = expectedEffects(previous, event);
          expect(payment.newRequests()).toEqual(wanted.requests);
          const { requests: _requests, ...rest } = wanted;
          expect(snapshotEffects(payment, before)).toEqual(rest);
        },
      });
    });
  }
});

describe("payment journeys", () => {
  const card = { paymentMethod: { type: "scheme" }, browserInfo: null };

  it("refused on the step, retried from the retry page and paid", async () => {
    const step = startPayment();
    step.actor.send({ type: "payment.open", cartId: PAYMENT_CART_ID, consented: true });
    step.fakes.loadPaymentMethods.latest().resolve();
    await settle();
    step.actor.send({ type: "payment.dropinReady" });
    step.actor.send({ type: "payment.submit", ...card });
    step.fakes.initiatePayment.latest().resolve(RESULTS.refused);
    await settle();
    expect(step.effects.shown).toEqual([{ page: "retry", cartId: PAYMENT_CART_ID, reason: "refused" }]);
    expect(step.effects.forgotten).toBe(0);

    const retry = startPayment();
    retry.actor.send({ type: "payment.reopen", cartId: PAYMENT_CART_ID });
    retry.fakes.reopenCart.latest().resolve(readyCart());
    await settle();
    expect(selectView(retry.snapshot())).toBe("retryOffered");
    retry.actor.send({ type: "payment.payAgain" });
    expect(retry.effects.shown).toEqual([{ page: "payment" }]);

    const again = startPayment();
    again.actor.send({ type: "payment.open", cartId: PAYMENT_CART_ID, consented: true });
    again.fakes.loadPaymentMethods.latest().resolve();
    await settle();
    again.actor.send({ type: "payment.dropinReady" });
    again.actor.send({ type: "payment.submit", ...card });
    again.fakes.initiatePayment.latest().resolve(RESULTS.authorised);
    await settle();
    expect(again.effects.shown).toEqual([{ page: "thankYou", orderReference: ORDER_REFERENCE }]);
    expect(again.effects.forgotten).toBe(1);
  });

  it("an abandoned challenge: Back from the bank's page, or a return without its result, goes to the retry page", async () => {
    const step = startPayment();
    step.actor.send({ type: "payment.open", cartId: PAYMENT_CART_ID, consented: true });
    step.fakes.loadPaymentMethods.latest().resolve();
    await settle();
    step.actor.send({ type: "payment.dropinReady" });
    step.actor.send({ type: "payment.submit", ...card });
    step.fakes.initiatePayment.latest().resolve(RESULTS.redirect);
    await settle();
    expect(step.effects.dropin).toEqual([{ answer: RESULTS.redirect }]);
    step.actor.send({ type: "payment.abandon" });
    expect(step.effects.shown).toEqual([{ page: "retry", cartId: PAYMENT_CART_ID, reason: "abandoned" }]);

    const back = startPayment();
    back.actor.send({ type: "payment.return", cartId: PAYMENT_CART_ID, redirectResult: null, alreadySubmitted: false });
    expect(back.newRequests()).toEqual([]);
    expect(back.effects.shown).toEqual([{ page: "retry", cartId: PAYMENT_CART_ID, reason: "abandoned" }]);
  });

  it("hands a redirect result over once: a reload of the return page follows the order until the bank has answered", async () => {
    const first = startPayment();
    first.actor.send({ type: "payment.return", cartId: PAYMENT_CART_ID, redirectResult: REDIRECT_RESULT, alreadySubmitted: false });
    expect(first.effects.marked).toEqual([REDIRECT_RESULT]);
    expect(first.newRequests()).toEqual([{ actor: "submitDetails", input: { details: { redirectResult: REDIRECT_RESULT }, paymentData: null } }]);

    const reloaded = startPayment();
    reloaded.actor.send({ type: "payment.return", cartId: PAYMENT_CART_ID, redirectResult: REDIRECT_RESULT, alreadySubmitted: true });
    expect(reloaded.newRequests()).toEqual([]);
    expect(reloaded.effects.shown).toEqual([{ page: "result", cartId: PAYMENT_CART_ID }]);

    const result = startPayment();
    result.actor.send({ type: "payment.await", cartId: PAYMENT_CART_ID });
    result.fakes.findOrder.latest().resolve(ORDERS.pending);
    await settle();
    result.clock.increment(ORDER_POLL_MS - 1);
    expect(result.fakes.findOrder.calls).toHaveLength(1);
    result.clock.increment(1);
    expect(result.fakes.findOrder.calls).toHaveLength(2);
    result.fakes.findOrder.latest().resolve(ORDERS.paid);
    await settle();
    expect(result.effects.shown).toEqual([{ page: "thankYou", orderReference: ORDER_REFERENCE }]);
  });

  it("waits for an order that is not made yet, then says the bank's answer is late and offers the retry page", async () => {
    const result = startPayment();
    result.actor.send({ type: "payment.await", cartId: PAYMENT_CART_ID });
    for (let elapsed = 0; elapsed < BANK_PATIENCE_MS; elapsed += ORDER_POLL_MS) {
      result.fakes.findOrder.latest().resolve(null);
      await settle();
      expect(selectView(result.snapshot())).toBe("awaitingBank");
      result.clock.increment(ORDER_POLL_MS);
    }
    expect(selectView(result.snapshot())).toBe("bankSilent");
    expect(result.effects.shown).toEqual([]);
    result.actor.send({ type: "payment.retry" });
    expect(result.effects.shown).toEqual([{ page: "retry", cartId: PAYMENT_CART_ID, reason: "error" }]);
  });

  it("a 3-D Secure challenge passed in place hands its result over and ends on the thank-you page", async () => {
    const step = startPayment();
    step.actor.send({ type: "payment.open", cartId: PAYMENT_CART_ID, consented: false });
    expect(step.newRequests()).toEqual([]);
    step.actor.send({ type: "payment.consented" });
    step.fakes.loadPaymentMethods.latest().resolve();
    await settle();
    step.actor.send({ type: "payment.dropinReady" });
    step.actor.send({ type: "payment.submit", ...card });
    step.fakes.initiatePayment.latest().resolve(RESULTS.challenge);
    await settle();
    step.actor.send({ type: "payment.details", details: { threeDSResult: "ok" }, paymentData: null });
    step.fakes.submitDetails.latest().resolve(RESULTS.authorised);
    await settle();
    expect(step.effects.dropin).toEqual([{ answer: RESULTS.challenge }, { answer: RESULTS.authorised }]);
    expect(step.effects.shown).toEqual([{ page: "thankYou", orderReference: ORDER_REFERENCE }]);
  });

  it("a changed amount reloads the cart and shows the component again", async () => {
    const step = startPayment();
    step.actor.send({ type: "payment.open", cartId: PAYMENT_CART_ID, consented: true });
    step.fakes.loadPaymentMethods.latest().resolve();
    await settle();
    step.actor.send({ type: "payment.dropinReady" });
    step.actor.send({ type: "payment.submit", ...card });
    step.fakes.initiatePayment.latest().reject(ERRORS.amountMismatch);
    await settle();
    const fresh = readyCart();
    step.fakes.fetchCart.latest().resolve(fresh);
    await settle();
    expect(step.effects.written).toEqual([fresh]);
    expect(step.effects.notified).toEqual([{ kind: "info", messageId: "payment.amountChanged" }]);
    expect(step.fakes.loadPaymentMethods.calls).toHaveLength(2);
    expect(selectView(step.snapshot())).toBe("starting");
  });
});

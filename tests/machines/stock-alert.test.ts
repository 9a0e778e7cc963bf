// The back-in-stock form: every generated path (shortest and simple: there are few) walked on a real
// actor with a fake alert call, then the prefill, the payload and the notifications one by one.
import { createActor, type SnapshotFrom } from "xstate";
import { describe, expect, it } from "vitest";
import { isValidEmail } from "../../machines/shared/email-rule.ts";
import { describePath, flowPaths, flowSimplePaths, type FlowPath } from "../../machines/shared/flow-model.ts";
import { stockAlertMachine } from "../../machines/stock-alert/stock-alert.machine.ts";
import {
  INVALID_EMAIL,
  OTHER_EMAIL,
  PROFILE_EMAIL,
  SAMPLE_OFFER_ID,
  stockAlertMachineWithEmailRule,
  stockAlertModel,
} from "../../machines/stock-alert/stock-alert.model.ts";
import { isSubmitted, isSubmitting, selectEmail, selectErrorId } from "../../machines/stock-alert/stock-alert.selectors.ts";
import type {
  CreateAlertInput,
  StockAlertEvent,
  StockAlertInput,
  StockAlertNotification,
} from "../../machines/stock-alert/stock-alert.types.ts";
import { createFakePromiseActor, settle } from "./support/fake-promise-actor.ts";
import { isDoneEvent, isErrorEvent, isFlowEvent, tagsOf, walkPath } from "./support/walk-path.ts";

type StockAlertSnapshot = SnapshotFrom<typeof stockAlertMachine>;

const SIMPLE_PATHS_LIMIT = 200;

function startStockAlert(input: StockAlertInput = stockAlertModel.input) {
  const createAlert = createFakePromiseActor<unknown, CreateAlertInput>();
  const notified: StockAlertNotification[] = [];
  const machine = stockAlertMachineWithEmailRule.provide({
    actors: { createAlert: createAlert.logic },
    actions: { notify: (_, notification) => notified.push(notification) },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, createAlert, notified };
}

/** SPEC §8: the notification each answer of the alert call gives. */
function expectedNotification(error: unknown): StockAlertNotification {
  const text = JSON.stringify(error);
  if (text.includes('"status":409')) return { kind: "danger", messageId: "stockAlert.errorMailExist" };
  if (text.includes('"status":429')) return { kind: "danger", messageId: "errors.tooManyRequests" };
  return { kind: "danger", messageId: "errors.server.access" };
}

async function walk(path: FlowPath<StockAlertSnapshot, StockAlertEvent>) {
  const form = startStockAlert();

  const check = (expected: StockAlertSnapshot) => {
    const actual = form.actor.getSnapshot();
    expect(actual.value).toEqual(expected.value);
    expect(actual.context).toEqual(expected.context);
    expect(tagsOf(actual)).toEqual(tagsOf(expected));
    expect(selectErrorId(actual)).toBe(actual.matches({ editing: "invalidEmail" }) ? "stockAlert.invalidEmail" : null);
    expect(isSubmitting(actual)).toBe(actual.matches("submitting"));
    expect(isSubmitted(actual)).toBe(actual.status === "done");
  };

  await walkPath(path, {
    initial: check,
    step: async ({ event, expected }) => {
      const callsBefore = form.createAlert.calls.length;
      if (isFlowEvent<StockAlertEvent>(event, "stockAlert.")) {
        form.actor.send(event);
      } else if (isDoneEvent(event)) {
        form.createAlert.latest().resolve(event.output);
        await settle();
      } else if (isErrorEvent(event)) {
        form.createAlert.latest().reject(event.error);
        await settle();
      }
      check(expected);

      const submitsValid = event.type === "stockAlert.submit" && isValidEmail(event.email);
      expect(form.createAlert.calls.length - callsBefore).toBe(submitsValid ? 1 : 0);
      if (submitsValid) expect(form.createAlert.latest().input).toEqual({ email: event.email, offerId: SAMPLE_OFFER_ID });

      const notifications = form.notified.splice(0);
      if (isDoneEvent(event)) expect(notifications).toEqual([{ kind: "info", messageId: "stockAlert.validMessage" }]);
      else if (isErrorEvent(event)) expect(notifications).toEqual([expectedNotification(event.error)]);
      else expect(notifications).toEqual([]);
    },
  });
}

describe("stock alert form: generated paths", () => {
  const generated = flowPaths(stockAlertModel);
  const simple = flowSimplePaths(stockAlertModel);

  it("reach every state", () => {
    const reached = new Set(generated.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value))));
    expect(reached).toEqual(
      new Set([{ editing: "ready" }, { editing: "invalidEmail" }, "submitting", "submitted"].map((value) => JSON.stringify(value))),
    );
  });

  it(`stay few enough to walk every simple path (under ${SIMPLE_PATHS_LIMIT})`, () => {
    expect(simple.length).toBeLessThan(SIMPLE_PATHS_LIMIT);
  });

  for (const path of generated) it(`path: ${describePath(stockAlertModel, path)}`, () => walk(path));
  for (const path of simple) it(`simple: ${describePath(stockAlertModel, path)}`, () => walk(path));
});

describe("stock alert form: rules", () => {
  it("prefills the signed-in customer's address, or starts empty", () => {
    expect(selectEmail(startStockAlert({ offerId: SAMPLE_OFFER_ID, email: PROFILE_EMAIL }).actor.getSnapshot())).toBe(PROFILE_EMAIL);
    expect(selectEmail(startStockAlert({ offerId: SAMPLE_OFFER_ID }).actor.getSnapshot())).toBe("");
  });

  it("says 'Please enter a valid email address' for an invalid address and sends nothing", () => {
    const form = startStockAlert();
    form.actor.send({ type: "stockAlert.submit", email: INVALID_EMAIL });
    expect(selectErrorId(form.actor.getSnapshot())).toBe("stockAlert.invalidEmail");
    expect(form.createAlert.calls).toHaveLength(0);
    form.actor.send({ type: "stockAlert.submit", email: ` ${OTHER_EMAIL}` });
    expect(selectErrorId(form.actor.getSnapshot())).toBeNull();
    expect(form.createAlert.latest().input).toEqual({ email: OTHER_EMAIL, offerId: SAMPLE_OFFER_ID });
  });

  it("takes no address as valid when the app gives the machine no e-mail rule", () => {
    const actor = createActor(stockAlertMachine, { input: stockAlertModel.input }).start();
    actor.send({ type: "stockAlert.submit", email: OTHER_EMAIL });
    expect(selectErrorId(actor.getSnapshot())).toBe("stockAlert.invalidEmail");
  });

  it("notifies success and is done", async () => {
    const form = startStockAlert();
    form.actor.send({ type: "stockAlert.submit", email: PROFILE_EMAIL });
    form.createAlert.latest().resolve({ id: 7 });
    await settle();
    expect(form.notified).toEqual([{ kind: "info", messageId: "stockAlert.validMessage" }]);
    expect(isSubmitted(form.actor.getSnapshot())).toBe(true);
  });

  it.each([
    [{ status: 409, message: "Conflict", code: "STOCK_ALERT_EXISTS" }, "stockAlert.errorMailExist"],
    [{ status: 429, message: "Too many attempts: try again later", code: "RATE_LIMITED" }, "errors.tooManyRequests"],
    [{ status: 404, message: "Not Found" }, "errors.server.access"],
    [{ status: -1, message: "No response" }, "errors.server.access"],
  ])("notifies the failure %j as danger %s and goes back to the form", async (error, messageId) => {
    const form = startStockAlert();
    form.actor.send({ type: "stockAlert.submit", email: PROFILE_EMAIL });
    form.createAlert.latest().reject(error);
    await settle();
    expect(form.notified).toEqual([{ kind: "danger", messageId }]);
    expect(form.actor.getSnapshot().matches({ editing: "ready" })).toBe(true);
    expect(selectEmail(form.actor.getSnapshot())).toBe(PROFILE_EMAIL);
  });
});

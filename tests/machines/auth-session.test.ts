// The customer session: every generated path from a stored token walked on a real actor with fake
// calls, checking each state and the effects (token, cart, empowerment flags, notices); then the
// starts without a token and with an unreadable one.
import { createActor, type SnapshotFrom } from "xstate";
import { describe, expect, it } from "vitest";
import { SAMPLE_CUSTOMER } from "../../machines/auth/auth.model.ts";
import { sessionMachine } from "../../machines/auth/session.machine.ts";
import { NO_RESPONSE, noTokenSessionModel, sessionModel, UNAUTHORIZED, unreadableTokenSessionModel } from "../../machines/auth/session.model.ts";
import { selectStatus } from "../../machines/auth/session.selectors.ts";
import type { Customer, SessionEvent, SessionInput, SessionNotification } from "../../machines/auth/session.types.ts";
import { describePath, flowPaths, type FlowPath } from "../../machines/shared/flow-model.ts";
import { createFakePromiseActor, settle } from "./support/fake-promise-actor.ts";
import { isDoneEvent, isErrorEvent, isFlowEvent, tagsOf, walkPath } from "./support/walk-path.ts";

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

function startSession(input: SessionInput = { stored: "present" }) {
  const loadCustomer = createFakePromiseActor<Customer, unknown>();
  const revokeSession = createFakePromiseActor<unknown, unknown>();
  const effects: string[] = [];
  const notified: SessionNotification[] = [];
  const announced: Customer[] = [];
  // The app's query cache as the machine writes it: the customer every view shows.
  const cache: { customer: Customer | null } = { customer: null };
  const machine = sessionMachine.provide({
    actors: { loadCustomer: loadCustomer.logic, revokeSession: revokeSession.logic },
    actions: {
      writeCustomer: (_, { customer }) => (cache.customer = customer),
      removeCustomer: () => (cache.customer = null),
      deleteToken: () => effects.push("deleteToken"),
      forgetCart: () => effects.push("forgetCart"),
      clearEmpowermentFlags: () => effects.push("clearEmpowermentFlags"),
      showDisconnected: () => effects.push("showDisconnected"),
      announceCustomer: (_, { customer }) => announced.push(customer),
      announceNotRestored: () => effects.push("announceNotRestored"),
      notify: (_, notification) => notified.push(notification),
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, loadCustomer, revokeSession, effects, notified, announced, cache };
}

async function walk(path: FlowPath<SessionSnapshot, SessionEvent>, input?: SessionInput) {
  const session = startSession(input);
  const check = (expected: SessionSnapshot) => {
    const actual = session.actor.getSnapshot();
    expect(actual.value).toEqual(expected.value);
    expect(actual.context).toEqual(expected.context);
    expect(tagsOf(actual)).toEqual(tagsOf(expected));
  };
  await walkPath(path, {
    initial: (expected) => {
      check(expected);
      // At start: a stored token is checked (the customer asked for); none is not; an unreadable one is forgotten at once.
      expect(session.loadCustomer.calls).toHaveLength(input === undefined || input.stored === "present" ? 1 : 0);
      expect(session.effects.splice(0)).toEqual(input?.stored === "unreadable" ? ["deleteToken", "forgetCart", "showDisconnected"] : []);
    },
    step: async ({ event, expected, previous }) => {
      const wasSignedIn = selectStatus(previous) === "signedIn" && !previous.matches("signingOut");
      if (isFlowEvent<SessionEvent>(event, "session.")) session.actor.send(event);
      else if (isDoneEvent(event)) {
        if (event.type.endsWith(".loadCustomer")) session.loadCustomer.latest().resolve(SAMPLE_CUSTOMER);
        else session.revokeSession.latest().resolve(event.output);
        await settle();
      } else if (isErrorEvent(event)) {
        if (event.type.endsWith(".loadCustomer")) session.loadCustomer.latest().reject(event.error);
        else session.revokeSession.latest().reject(event.error);
        await settle();
      }
      check(expected);
      const after = session.actor.getSnapshot();
      const effects = session.effects.splice(0);
      const notified = session.notified.splice(0);
      const announced = session.announced.splice(0);

      if (event.type === "xstate.done.actor.loadCustomer" || (event.type === "session.signedIn" && selectStatus(previous) === "anonymous")) {
        expect(selectStatus(after)).toBe("signedIn");
        expect(announced).toEqual([SAMPLE_CUSTOMER]);
        expect(session.cache.customer).toEqual(SAMPLE_CUSTOMER);
      }
      if (event.type === "xstate.error.actor.loadCustomer") {
        expect(selectStatus(after)).toBe("anonymous");
        if (event.error === UNAUTHORIZED) {
          expect(effects).toEqual(["deleteToken", "forgetCart", "showDisconnected"]);
          expect(notified).toEqual([]);
        } else {
          // The cart, which waited for the session, loads the stored cart; the token is kept for the next visit.
          expect(effects).toEqual(["announceNotRestored"]);
          expect(notified).toEqual([{ kind: "danger", messageId: "errors.server.access" }]);
        }
      }
      if (event.type === "session.expired") {
        expect(selectStatus(after)).toBe("anonymous");
        expect(effects).toEqual(wasSignedIn ? ["deleteToken", "forgetCart"] : []);
        expect(notified).toEqual(wasSignedIn ? [{ kind: "danger", messageId: "errors.unauthorized" }] : []);
        expect(session.cache.customer).toBeNull();
      }
      if (event.type === "session.signOut" && wasSignedIn) expect(session.revokeSession.calls.length).toBeGreaterThan(0);
      if (event.type.endsWith(".revokeSession")) {
        expect(effects.sort()).toEqual(["clearEmpowermentFlags", "deleteToken", "forgetCart"]);
        expect(selectStatus(after)).toBe("anonymous");
        expect(session.cache.customer).toBeNull();
      }
      // Signed in or not, the session keeps no copy of the customer.
      expect(Object.keys(after.context)).toEqual(["stored"]);
    },
  });
}

describe("customer session: generated paths", () => {
  const generated = flowPaths(sessionModel);

  it("reach every state", () => {
    const reached = new Set(generated.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value))));
    expect(reached).toEqual(new Set(["restoring", "anonymous", "signedIn", "signingOut"].map((value) => JSON.stringify(value))));
  });

  for (const path of generated) it(`path: ${describePath(sessionModel, path)}`, () => walk(path));
});

describe("customer session, no token: generated paths", () => {
  for (const path of flowPaths(noTokenSessionModel)) it(`path: ${describePath(noTokenSessionModel, path)}`, () => walk(path, noTokenSessionModel.input));
});

describe("customer session, unreadable token: generated paths", () => {
  for (const path of flowPaths(unreadableTokenSessionModel)) it(`path: ${describePath(unreadableTokenSessionModel, path)}`, () => walk(path, unreadableTokenSessionModel.input));
});

describe("customer session: start", () => {
  it("is anonymous at once without a stored token, and loads nothing", () => {
    const session = startSession({ stored: "none" });
    expect(selectStatus(session.actor.getSnapshot())).toBe("anonymous");
    expect(session.loadCustomer.calls).toHaveLength(0);
    expect(session.effects).toEqual([]);
  });

  it("forgets an unreadable token and opens the login dialog with the 'disconnected' notice", () => {
    const session = startSession({ stored: "unreadable" });
    expect(selectStatus(session.actor.getSnapshot())).toBe("anonymous");
    expect(session.loadCustomer.calls).toHaveLength(0);
    expect(session.effects).toEqual(["deleteToken", "forgetCart", "showDisconnected"]);
  });

  it("is restoring while the stored token is checked", () => {
    const session = startSession();
    expect(selectStatus(session.actor.getSnapshot())).toBe("restoring");
    expect(session.loadCustomer.calls).toHaveLength(1);
  });

  it("keeps the token when the server cannot be reached at start, and lets the cart load the stored one", async () => {
    const session = startSession();
    session.loadCustomer.latest().reject(NO_RESPONSE);
    await settle();
    expect(session.effects).toEqual(["announceNotRestored"]);
    expect(selectStatus(session.actor.getSnapshot())).toBe("anonymous");
  });

  it("ignores a 401 while restoring or anonymous: only a signed-in session expires", async () => {
    const session = startSession();
    session.actor.send({ type: "session.expired" });
    expect(selectStatus(session.actor.getSnapshot())).toBe("restoring");
    session.loadCustomer.latest().resolve(SAMPLE_CUSTOMER);
    await settle();
    session.actor.send({ type: "session.signOut" });
    session.actor.send({ type: "session.expired" });
    expect(session.notified).toEqual([]);
  });
});

// The notification queue: every generated path walked on a real actor whose time is a simulated clock,
// then the cap, the lifetime and dismissal one by one.
import { createActor, SimulatedClock, type SnapshotFrom } from "xstate";
import { describe, expect, it } from "vitest";
import { describePath, flowPaths, stateName } from "../../machines/shared/flow-model.ts";
import { NOTIFICATION_CAP, NOTIFICATION_LIFETIME_MS, notificationsMachine } from "../../machines/notifications/notifications.machine.ts";
import { notificationsModel } from "../../machines/notifications/notifications.model.ts";
import { selectNotifications } from "../../machines/notifications/notifications.selectors.ts";
import type { NotificationRequest, NotificationsEvent } from "../../machines/notifications/notifications.types.ts";
import { isFlowEvent, walkPath } from "./support/walk-path.ts";

type NotificationsSnapshot = SnapshotFrom<typeof notificationsMachine>;

function startQueue() {
  const clock = new SimulatedClock();
  const actor = createActor(notificationsMachine, { clock }).start();
  const shown = () => selectNotifications(actor.getSnapshot());
  const push = (request: NotificationRequest) => actor.send({ type: "notifications.push", ...request });
  return { actor, clock, shown, push };
}

const info = (messageId: string): NotificationRequest => ({ kind: "info", messageId });

describe("notification queue: generated paths", () => {
  const paths = flowPaths(notificationsModel);

  it("reach every state, and every number of shown notifications up to the cap", () => {
    const states = new Set(paths.flatMap((path) => path.steps.map((step) => stateName(step.state.value))));
    expect([...states].sort()).toEqual(["empty", "showing"]);
    const counts = new Set(paths.flatMap((path) => path.steps.map((step) => step.state.context.items.length)));
    expect([...counts].sort()).toEqual([0, 1, 2, 3]);
  });

  for (const path of paths) {
    it(describePath(notificationsModel, path), async () => {
      const queue = startQueue();
      // When each notification was pushed, on the simulated clock.
      const pushedAt = new Map<string, number>();

      const check = (expected: NotificationsSnapshot) => {
        const actual = queue.actor.getSnapshot();
        expect(actual.value).toEqual(expected.value);
        expect(actual.context).toEqual(expected.context);
        expect(queue.shown().length).toBeLessThanOrEqual(NOTIFICATION_CAP);
        expect(actual.matches("empty")).toBe(queue.shown().length === 0);
      };

      await walkPath(path, {
        initial: check,
        step: async ({ event, expected, previous }) => {
          if (event.type === "notifications.expire") {
            const due = (pushedAt.get(event.id) ?? Number.NaN) + NOTIFICATION_LIFETIME_MS;
            expect(due).toBeGreaterThanOrEqual(queue.clock.now());
            queue.clock.increment(due - queue.clock.now());
          } else if (isFlowEvent<NotificationsEvent>(event, "notifications.")) {
            queue.actor.send(event);
            // Things happen one after the other: the next event comes a millisecond later.
            queue.clock.increment(1);
          }
          check(expected);

          if (event.type === "notifications.push") {
            const newest = queue.shown().at(-1);
            expect(newest).toMatchObject({ kind: event.kind, messageId: event.messageId });
            if (newest) pushedAt.set(newest.id, queue.clock.now() - 1);
            const previousIds = previous.context.items.map((item) => item.id);
            if (event.id !== undefined) expect(newest?.id).toBe(event.id);
            else expect(previousIds).not.toContain(newest?.id);
            const others = previousIds.filter((id) => id !== event.id);
            const kept = others.length === NOTIFICATION_CAP ? others.slice(1) : others;
            expect(queue.shown().map((item) => item.id)).toEqual([...kept, newest?.id]);
          }
          if (event.type === "notifications.dismiss" || event.type === "notifications.expire") {
            expect(queue.shown().map((item) => item.id)).toEqual(
              previous.context.items.filter((item) => item.id !== event.id).map((item) => item.id),
            );
          }
        },
      });
    });
  }
});

describe("notification queue: rules", () => {
  it("names the constants of SPEC §9", () => {
    expect({ NOTIFICATION_CAP, NOTIFICATION_LIFETIME_MS }).toEqual({ NOTIFICATION_CAP: 3, NOTIFICATION_LIFETIME_MS: 3000 });
  });

  it("shows at most 3: a 4th pushes out the oldest", () => {
    const queue = startQueue();
    for (const messageId of ["first", "second", "third", "fourth"]) queue.push(info(messageId));
    expect(queue.shown().map((item) => item.messageId)).toEqual(["second", "third", "fourth"]);
  });

  it("pushes out the oldest even when it is persistent", () => {
    const queue = startQueue();
    queue.push({ kind: "danger", messageId: "disconnected", persistent: true });
    for (const messageId of ["second", "third", "fourth"]) queue.push(info(messageId));
    expect(queue.shown().map((item) => item.messageId)).toEqual(["second", "third", "fourth"]);
  });

  it("removes a notification after 3000 ms, each on its own timer", () => {
    const queue = startQueue();
    queue.push(info("first"));
    queue.clock.increment(1000);
    queue.push(info("second"));
    queue.clock.increment(NOTIFICATION_LIFETIME_MS - 1000 - 1);
    expect(queue.shown().map((item) => item.messageId)).toEqual(["first", "second"]);
    queue.clock.increment(1);
    expect(queue.shown().map((item) => item.messageId)).toEqual(["second"]);
    queue.clock.increment(1000);
    expect(queue.shown()).toEqual([]);
    expect(queue.actor.getSnapshot().value).toBe("empty");
  });

  it("keeps a persistent notification until it is dismissed", () => {
    const queue = startQueue();
    queue.push({ kind: "danger", messageId: "disconnected", persistent: true });
    queue.clock.increment(60 * NOTIFICATION_LIFETIME_MS);
    const [notice] = queue.shown();
    expect(notice).toMatchObject({ messageId: "disconnected", persistent: true });
    queue.actor.send({ type: "notifications.dismiss", id: notice?.id ?? "" });
    expect(queue.shown()).toEqual([]);
  });

  it("cancels the timer of a dismissed or pushed-out notification, not the others'", () => {
    const queue = startQueue();
    queue.push(info("first"));
    queue.clock.increment(10);
    queue.push(info("second"));
    const [first] = queue.shown();
    queue.actor.send({ type: "notifications.dismiss", id: first?.id ?? "" });
    const scheduled = Object.values(queue.actor.system.getSnapshot()._scheduledEvents).map((scheduled) => scheduled.event);
    expect(scheduled).toEqual([{ type: "notifications.expire", id: queue.shown()[0]?.id }]);
    for (const messageId of ["third", "fourth", "fifth"]) queue.push(info(messageId));
    expect(Object.keys(queue.actor.system.getSnapshot()._scheduledEvents)).toHaveLength(NOTIFICATION_CAP);
  });

  it("does not let the timer of a dismissed notification remove a later one that got its id", () => {
    const queue = startQueue();
    queue.push(info("first"));
    queue.actor.send({ type: "notifications.dismiss", id: queue.shown()[0]?.id ?? "" });
    queue.clock.increment(1000);
    queue.push(info("second"));
    expect(queue.shown().map((item) => item.id)).toEqual(["notification-1"]);
    queue.clock.increment(NOTIFICATION_LIFETIME_MS - 1);
    expect(queue.shown().map((item) => item.messageId)).toEqual(["second"]);
    queue.clock.increment(1);
    expect(queue.shown()).toEqual([]);
  });

  it("does not let the timer of a pushed-out notification remove a later one that got its id", () => {
    const queue = startQueue();
    for (const messageId of ["first", "second", "third", "fourth"]) {
      queue.push(info(messageId));
      queue.clock.increment(100);
    }
    queue.actor.send({ type: "notifications.dismiss", id: queue.shown()[0]?.id ?? "" });
    queue.push(info("fifth"));
    const fifth = queue.shown().at(-1);
    expect(fifth?.id).toBe("notification-1");
    queue.clock.increment(NOTIFICATION_LIFETIME_MS - 1);
    expect(queue.shown().map((item) => item.messageId)).toContain("fifth");
  });

  it("makes a notification stay by its persistence, whatever its kind", () => {
    const queue = startQueue();
    queue.push({ kind: "danger", messageId: "errors.server.access" });
    queue.push({ kind: "info", messageId: "welcome.back", persistent: true });
    queue.clock.increment(NOTIFICATION_LIFETIME_MS);
    expect(queue.shown().map((item) => item.messageId)).toEqual(["welcome.back"]);
  });

  it("replaces a notification pushed again with the same id, restarting its lifetime", () => {
    const queue = startQueue();
    queue.push({ ...info("cart.saved"), id: "cart" });
    queue.clock.increment(2000);
    queue.push({ ...info("cart.saved.again"), id: "cart" });
    expect(queue.shown()).toEqual([{ id: "cart", kind: "info", messageId: "cart.saved.again" }]);
    queue.clock.increment(NOTIFICATION_LIFETIME_MS - 1);
    expect(queue.shown()).toHaveLength(1);
    queue.clock.increment(1);
    expect(queue.shown()).toEqual([]);
  });

  it("carries the message's values and ignores dismissing what is not shown", () => {
    const queue = startQueue();
    queue.push({ kind: "info", messageId: "errors.auth.count", values: { count: 2 } });
    queue.actor.send({ type: "notifications.dismiss", id: "unknown" });
    expect(queue.shown()).toEqual([{ id: "notification-1", kind: "info", messageId: "errors.auth.count", values: { count: 2 } }]);
  });
});

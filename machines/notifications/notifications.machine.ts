// The notification queue: at most NOTIFICATION_CAP shown, each leaving after NOTIFICATION_LIFETIME_MS
// unless persistent. Each notification's lifetime is a delayed `notifications.expire` event whose
// send id names the notification, so dismissing it (or pushing it out) cancels exactly its timer.
import { assign, enqueueActions, setup } from "xstate";
import type { Notification, NotificationRequest, NotificationsContext, NotificationsEvent } from "./notifications.types.ts";

/** At most this many notifications are shown; a further one pushes out the oldest. */
export const NOTIFICATION_CAP = 3;
/** A notification that is not persistent leaves after this long. */
export const NOTIFICATION_LIFETIME_MS = 3000;

const lifetimeTimerId = (notificationId: string) => `notification-lifetime:${notificationId}`;

function firstFreeId(shown: readonly Notification[]): string {
  const used = new Set(shown.map((item) => item.id));
  let slot = 1;
  while (used.has(`notification-${slot}`)) slot += 1;
  return `notification-${slot}`;
}

export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
  },
  delays: {
    notificationLifetime: NOTIFICATION_LIFETIME_MS,
  },
  guards: {
    isShown: ({ context }, params: { id: string }) => context.items.some((item) => item.id === params.id),
    isLastShown: ({ context }, params: { id: string }) => context.items.length === 1 && context.items[0]?.id === params.id,
  },
  actions: {
    showNotification: enqueueActions(({ context, enqueue }, params: { request: NotificationRequest }) => {
      const { id: requestedId, kind, messageId, values, persistent } = params.request;
      const others = context.items.filter((item) => item.id !== requestedId);
      const kept = others.slice(Math.max(0, others.length - (NOTIFICATION_CAP - 1)));
      // Not the id of one pushed out now: the view sees a new notification, not an old one moving.
      const id = requestedId ?? firstFreeId(context.items);
      const notification: Notification = {
        id,
        kind,
        messageId,
        ...(values === undefined ? {} : { values }),
        ...(persistent === undefined ? {} : { persistent }),
      };
      for (const removed of context.items.filter((item) => !kept.includes(item))) enqueue.cancel(lifetimeTimerId(removed.id));
      enqueue.assign({ items: [...kept, notification] });
      if (!notification.persistent) {
        enqueue.raise({ type: "notifications.expire", id }, { id: lifetimeTimerId(id), delay: "notificationLifetime" });
      }
    }),
    cancelLifetime: enqueueActions(({ enqueue }, params: { id: string }) => {
      enqueue.cancel(lifetimeTimerId(params.id));
    }),
    removeNotification: assign({
      items: ({ context }, params: { id: string }) => context.items.filter((item) => item.id !== params.id),
    }),
  },
}).createMachine({
  id: "notifications",
  context: { items: [] },
  initial: "empty",
  states: {
    empty: {
      description: "Nothing is shown.",
      on: {
        "notifications.push": {
          target: "showing",
          actions: { type: "showNotification", params: ({ event }) => ({ request: event }) },
        },
      },
    },
    showing: {
      description: "One to NOTIFICATION_CAP notifications are shown, oldest first.",
      on: {
        "notifications.push": {
          actions: { type: "showNotification", params: ({ event }) => ({ request: event }) },
        },
        "notifications.dismiss": [
          {
            guard: { type: "isLastShown", params: ({ event }) => ({ id: event.id }) },
            target: "empty",
            actions: [
              { type: "cancelLifetime", params: ({ event }) => ({ id: event.id }) },
              { type: "removeNotification", params: ({ event }) => ({ id: event.id }) },
            ],
          },
          {
            guard: { type: "isShown", params: ({ event }) => ({ id: event.id }) },
            actions: [
              { type: "cancelLifetime", params: ({ event }) => ({ id: event.id }) },
              { type: "removeNotification", params: ({ event }) => ({ id: event.id }) },
            ],
          },
        ],
        "notifications.expire": [
          {
            guard: { type: "isLastShown", params: ({ event }) => ({ id: event.id }) },
            target: "empty",
            actions: { type: "removeNotification", params: ({ event }) => ({ id: event.id }) },
          },
          {
            guard: { type: "isShown", params: ({ event }) => ({ id: event.id }) },
            actions: { type: "removeNotification", params: ({ event }) => ({ id: event.id }) },
          },
        ],
      },
    },
  },
});

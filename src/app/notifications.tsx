// The app's notification queue: one actor of the notifications machine, created once where the
// app is assembled (loaded just after the first render) and provided to every view. Any feature
// pushes a notification with `useNotify()` (it is queued if the machine is not loaded yet); the
// notification area (features/notifications) shows them.
import { createContext, useCallback, useContext, type ReactNode } from "react";
import type { ActorRefFrom } from "xstate";
import type { notificationsMachine } from "../../machines/notifications/notifications.machine.ts";
import type { Notification, NotificationRequest } from "../../machines/notifications/notifications.types.ts";
import { lazyActor, type LazyActor } from "./lazy-actor.ts";
import { reportLoadFailure } from "../ui/chunk-load.ts";
import { inspection } from "./flow-inspection.ts";

export type { Notification, NotificationRequest };
type NotificationsActor = ActorRefFrom<typeof notificationsMachine>;
export type Notifications = LazyActor<NotificationsActor>;

/** Creates the app's notification queue (once, before the router); it starts on first use or `load()`. */
export function createNotifications(): Notifications {
  return lazyActor(async () => {
    const [{ createActor }, { notificationsMachine }] = await Promise.all([
      import("xstate"),
      import("../../machines/notifications/notifications.machine.ts"),
    ]);
    return createActor(notificationsMachine, inspection()).start();
  });
}

/** Shows a notification from outside React (loaders, actors' provided actions). */
export function pushNotification(notifications: Notifications, request: NotificationRequest): void {
  notifications.send({ type: "notifications.push", ...request });
}

const NotificationsContext = createContext<Notifications | null>(null);

export function NotificationsProvider({ notifications, children }: { notifications: Notifications; children: ReactNode }) {
  return <NotificationsContext.Provider value={notifications}>{children}</NotificationsContext.Provider>;
}

export function useNotificationsQueue(): Notifications {
  const notifications = useContext(NotificationsContext);
  if (!notifications) throw new Error("useNotificationsQueue needs a NotificationsProvider above it");
  return notifications;
}

/**
 * Shows a notification: `notify({ kind: "danger", messageId: "errors.server.access" })`
 * (`persistent: true` keeps it until dismissed; an `id` already shown is replaced).
 * The function is stable across renders.
 */
export function useNotify(): (request: NotificationRequest) => void {
  const notifications = useNotificationsQueue();
  return useCallback((request: NotificationRequest) => pushNotification(notifications, request), [notifications]);
}

/** Says that a part of the shop the visitor asked for could not be loaded (offline) as a failed
 *  call to the shop is said: errors.server.access. Reports the error too; stable across renders. */
export function useNotifyLoadFailure(): (error: unknown) => void {
  const notify = useNotify();
  return useCallback(
    (error: unknown) => {
      reportLoadFailure(error);
      notify({ kind: "danger", messageId: "errors.server.access" });
    },
    [notify],
  );
}

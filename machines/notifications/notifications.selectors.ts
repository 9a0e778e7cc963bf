// What the notification area reads from the queue's snapshot.
import type { SnapshotFrom } from "xstate";
import type { notificationsMachine } from "./notifications.machine.ts";
import type { Notification } from "./notifications.types.ts";

type NotificationsSnapshot = SnapshotFrom<typeof notificationsMachine>;

/** The notifications to show, oldest first. */
export function selectNotifications(snapshot: NotificationsSnapshot): readonly Notification[] {
  return snapshot.context.items;
}

// The vocabulary of the notification queue (SPEC §2 "Notifications", §9 cap and lifetime): what a
// notification is and the events that feed the queue (its limits are the machine's own constants).

type NotificationKind = "info" | "danger";

/** Values interpolated into the message's placeholders. */
type MessageValues = Readonly<Record<string, string | number>>;

export interface Notification {
  id: string;
  kind: NotificationKind;
  /** A message id of the catalogue (`addToCart.add`, `errors.server.access`…); the view translates it. */
  messageId: string;
  values?: MessageValues;
  /** Stays until dismissed instead of leaving after NOTIFICATION_LIFETIME_MS. */
  persistent?: boolean;
}

/**
 * What a caller asks to show. Without an id the queue gives it the first free one of `notification-1`,
 * `notification-2`…: unique among the notifications shown, which is what keys and dismissal need, and
 * it keeps the queue a finite state machine (its paths can be generated exactly). With an id already
 * shown, the new notification replaces the old one (a repeated "disconnected" notice is shown once).
 */
export type NotificationRequest = Omit<Notification, "id"> & { id?: string };

export interface NotificationsContext {
  /** Shown notifications, oldest first. */
  items: Notification[];
}

export type NotificationsEvent =
  | ({ type: "notifications.push" } & NotificationRequest)
  | { type: "notifications.dismiss"; id: string }
  /** Raised by the queue itself when a notification's lifetime is over; views do not send it. */
  | { type: "notifications.expire"; id: string };

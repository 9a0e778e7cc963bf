// What the notification area reads of the queue (src/app/notifications.tsx): apart from it, so that
// this code loads with the area, after the first render.
import { useCallback } from "react";
import { selectNotifications } from "../../machines/notifications/notifications.selectors.ts";
import { useNotificationsQueue, type Notification } from "./notifications.tsx";
import { useLazySelector } from "./lazy-actor.ts";

const NONE: readonly Notification[] = [];

/** The notifications shown now, oldest first. */
export function useNotifications(): readonly Notification[] {
  return useLazySelector(useNotificationsQueue(), selectNotifications, NONE);
}

/** Removes a notification before its time. */
export function useDismissNotification(): (id: string) => void {
  const notifications = useNotificationsQueue();
  return useCallback((id: string) => notifications.send({ type: "notifications.dismiss", id }), [notifications]);
}

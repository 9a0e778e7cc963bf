// The notification area: the queue's notifications (at most 3, each leaving after 3 s unless
// persistent), oldest first. Info ones are polite (role=status), danger ones assertive
// (role=alert). While a dialog is open the area moves into it, to stay visible and usable.
import { useLingui } from "@lingui/react";
import { createPortal } from "react-dom";
import type { Notification } from "../../app/notifications.tsx";
import { useDismissNotification, useNotifications } from "../../app/use-notifications.ts";
import { useTopModalSlot } from "../../ui/modal.tsx";
import "./notifications.css";

export function NotificationsArea() {
  const { _ } = useLingui();
  const notifications = useNotifications();
  const slot = useTopModalSlot();
  const area = (
    <section className="notifications" aria-label={_("notifications.label")}>
      <div role="status" className="notifications__region">
        {notifications.map((notification, index) =>
          notification.kind === "info" ? <NotificationItem key={notification.id} notification={notification} order={index} /> : null,
        )}
      </div>
      <div role="alert" className="notifications__region">
        {notifications.map((notification, index) =>
          notification.kind === "danger" ? <NotificationItem key={notification.id} notification={notification} order={index} /> : null,
        )}
      </div>
    </section>
  );
  return slot ? createPortal(area, slot) : area;
}

function NotificationItem({ notification, order }: { notification: Notification; order: number }) {
  const { _ } = useLingui();
  const dismiss = useDismissNotification();
  return (
    <div className={`notification notification--${notification.kind}`} style={{ order }}>
      <svg className="notification__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        {notification.kind === "danger" ? (
          <path d="M12 3l10 18H2L12 3zm0 6v6m0 2.5v.5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
        ) : (
          <path d="M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zm0-11v6m0-9.5V7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        )}
      </svg>
      <p className="notification__message">{_(notification.messageId, notification.values)}</p>
      <button type="button" className="notification__close" onClick={() => dismiss(notification.id)} aria-label={_("notifications.dismiss")}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
        </svg>
      </button>
    </div>
  );
}

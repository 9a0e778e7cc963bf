// The notification queue's model: a passing info notification, the persistent notice of a lost session
// (pushed with its own id, so shown once however often it is pushed), dismissing any shown notification,
// and the lifetime of the oldest passing one running out (lifetimes are equal, so they run out in the
// order of pushing).
import { defineFlowModel } from "../shared/flow-model.ts";
import { notificationsMachine } from "./notifications.machine.ts";
import type { NotificationRequest } from "./notifications.types.ts";

const SAMPLE_INFO: NotificationRequest = { kind: "info", messageId: "addToCart.add" };
const SAMPLE_PERSISTENT: NotificationRequest = { id: "session", kind: "danger", messageId: "errors.unauthorized", persistent: true };

export const notificationsModel = defineFlowModel(notificationsMachine, {
  name: "notifications",
  input: undefined,
  events: (snapshot) => {
    const { items } = snapshot.context;
    const oldestPassing = items.find((item) => !item.persistent);
    return [
      { type: "notifications.push", ...SAMPLE_INFO },
      { type: "notifications.push", ...SAMPLE_PERSISTENT },
      ...items.map((item) => ({ type: "notifications.dismiss" as const, id: item.id })),
      ...(oldestPassing ? [{ type: "notifications.expire" as const, id: oldestPassing.id }] : []),
    ];
  },
  describeEvent: (event) => {
    if (event.type === "notifications.push") return `notifications.push ${event.kind}${event.persistent ? " persistent" : ""}`;
    if (event.type === "notifications.dismiss") return `notifications.dismiss ${event.id}`;
    if (event.type === "notifications.expire") return `(lifetime of ${event.id} runs out)`;
    return undefined;
  },
});

// The provider's notifications (Adyen's webhooks), outside the storefront API: `POST
// /webhooks/adyen`. Basic authentication when configured, every item's HMAC signature checked
// before anything is applied (one bad item: 401, nothing applied), each item stored once and
// applied by the ledger; the answer is the `[accepted]` Adyen waits for, or it sends again.
import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError, unauthorized } from "../../http/errors.ts";
import type { NotificationItem, PaymentGateway } from "./payment-gateway.ts";
import type { PaymentLedger } from "./payment-ledger.ts";

const ADYEN_WEBHOOK_PATH = "/webhooks/adyen";
/** Adyen sends up to 6 items per notification; a few kilobytes each. */
const MAX_ITEMS = 100;
const BODY_LIMIT_BYTES = 256 * 1024;

export interface WebhookCredentials {
  username: string;
  password: string;
}

const text = (maxLength: number) => ({ type: "string", maxLength });

const ITEM_SCHEMA = {
  type: "object",
  required: ["pspReference", "merchantReference", "eventCode", "success", "amount"],
  properties: {
    pspReference: { ...text(64), minLength: 1 },
    originalReference: text(64),
    merchantReference: text(256),
    merchantAccountCode: text(256),
    eventCode: { ...text(64), minLength: 1 },
    eventDate: text(64),
    success: { type: "string", enum: ["true", "false"] },
    amount: {
      type: "object",
      required: ["value", "currency"],
      properties: { value: { type: "integer" }, currency: text(3) },
    },
    paymentMethod: text(100),
    reason: text(2000),
    additionalData: { type: "object", maxProperties: 200, additionalProperties: text(10_000) },
  },
} as const;

const BODY_SCHEMA = {
  type: "object",
  required: ["notificationItems"],
  properties: {
    live: text(5),
    notificationItems: {
      type: "array",
      minItems: 1,
      maxItems: MAX_ITEMS,
      items: { type: "object", required: ["NotificationRequestItem"], properties: { NotificationRequestItem: ITEM_SCHEMA } },
    },
  },
} as const;

interface NotificationBody {
  live?: string;
  notificationItems: { NotificationRequestItem: NotificationItem }[];
}

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function checkBasicAuth(request: FastifyRequest, credentials: WebhookCredentials): void {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(request.headers.authorization ?? "");
  const decoded = match?.[1] ? Buffer.from(match[1], "base64").toString("utf8") : "";
  const at = decoded.indexOf(":");
  const username = at < 0 ? "" : decoded.slice(0, at);
  const password = at < 0 ? "" : decoded.slice(at + 1);
  // Both compared, whatever the first gives, so the time taken says nothing.
  const userMatches = sameText(username, credentials.username);
  const passwordMatches = sameText(password, credentials.password);
  if (!userMatches || !passwordMatches) throw new HttpError(401, "Bad webhook credentials", "UNAUTHORIZED", undefined, { "www-authenticate": 'Basic realm="webhooks"' });
}

export async function adyenWebhookRoutes(
  app: FastifyInstance,
  options: { ledger: PaymentLedger; gateway: PaymentGateway; credentials: WebhookCredentials | undefined },
): Promise<void> {
  app.post<{ Body: NotificationBody }>(ADYEN_WEBHOOK_PATH, { bodyLimit: BODY_LIMIT_BYTES, schema: { body: BODY_SCHEMA } }, async (request, reply) => {
    if (options.credentials) checkBasicAuth(request, options.credentials);
    const { ledger, gateway } = options;
    const items = request.body.notificationItems.map((entry) => entry.NotificationRequestItem);
    const verified = await Promise.all(items.map((item) => gateway.verifyNotification(item)));
    if (verified.includes(false)) throw unauthorized("A notification item's signature is invalid", "HMAC_INVALID");
    for (const item of items) await ledger.receiveNotification(item);
    return reply.type("text/plain").send("[accepted]");
  });
}

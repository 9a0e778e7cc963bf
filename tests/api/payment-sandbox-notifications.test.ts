// The payment sandbox notifies the shop's webhook as Adyen does: a job of the queue delivers each
// final outcome (AUTHORISATION), cancellation and refund once, in Adyen's body with a valid HMAC
// signature; a delivery the webhook does not accept is tried again.
import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPaymentSandbox, type PaymentSandbox } from "../../server/adapters/payment-sandbox/payment-sandbox.ts";
import { PAYMENT_SANDBOX_NOTIFICATION_QUEUE, type NotificationBody } from "../../server/adapters/payment-sandbox/sandbox-notifications.ts";
import { createShopJobs } from "../../server/jobs/shop-jobs.ts";
import type { NotificationItem } from "../../server/modules/payment/payment-gateway.ts";
import type { JobWorker } from "../../server/platform/job-queue.ts";
import { silentLogger } from "../../server/platform/logger.ts";
import { backends, QUICK_RETRY, startTestApp, type TestApp } from "../support/test-app.ts";
import { sandboxPayment } from "./payment-sandbox-support.ts";

const NOW = new Date("2026-11-25T10:00:00Z");
const visa = (holderName = "Camille Martin") => ({ type: "scheme", number: "4111111145551142", expiryMonth: "03", expiryYear: "2030", cvc: "737", holderName });

describe.each(backends())("the payment sandbox's notifications on $name", (backend) => {
  let shop: TestApp;
  let sandbox: PaymentSandbox;
  let worker: JobWorker;
  const delivered: NotificationBody[] = [];
  /** What the webhook answers next (the test changes it). */
  let webhookStatus = 200;

  beforeAll(async () => {
    shop = await startTestApp(backend, { seed: false, app: { now: () => NOW } });
    const gateway = shop.adapters.paymentGateway;
    if (!isPaymentSandbox(gateway)) throw new Error("the shop should run on the payment sandbox");
    sandbox = gateway;
    worker = createShopJobs({
      db: shop.db,
      config: shop.config,
      adapters: shop.adapters,
      log: silentLogger,
      retry: QUICK_RETRY,
      deliverPaymentNotification: async (body) => {
        delivered.push(body);
        return { statusCode: webhookStatus };
      },
    });
  });
  afterAll(async () => {
    await shop?.close();
  });

  /** Runs the due jobs; answers the items delivered meanwhile. */
  async function deliverDue(): Promise<NotificationItem[]> {
    const from = delivered.length;
    await worker.runDue();
    return delivered.slice(from).flatMap((body) => body.notificationItems.map((item) => item.NotificationRequestItem));
  }

  it("notifies an authorised payment once, in Adyen's body, signed so that the gateway and Adyen's library accept it", async () => {
    const request = sandboxPayment({ paymentMethod: visa(), amount: { value: 12_345, currency: "EUR" } });
    const paid = await sandbox.payments(request);
    await sandbox.payments(request);
    const items = await deliverDue();
    expect(delivered.at(-1)).toMatchObject({ live: "false" });
    expect(items).toEqual([
      {
        pspReference: paid.pspReference,
        merchantReference: request.reference,
        merchantAccountCode: "EscalePaymentSandbox",
        eventCode: "AUTHORISATION",
        eventDate: NOW.toISOString(),
        success: "true",
        amount: { value: 12_345, currency: "EUR" },
        paymentMethod: "visa",
        additionalData: { hmacSignature: expect.any(String) },
      },
    ]);
    const [item] = items;
    if (!item) throw new Error("one notification expected");
    expect(await sandbox.verifyNotification(item)).toBe(true);
    expect(await sandbox.verifyNotification({ ...item, amount: { value: 1, currency: "EUR" } })).toBe(false);
    expect(await sandbox.verifyNotification({ ...item, success: "false" })).toBe(false);
    expect(await sandbox.verifyNotification({ ...item, additionalData: {} })).toBe(false);
    // Signed as Adyen documents it: HMAC-SHA256 with the hexadecimal key over the item's fields joined by colons.
    const [secret] = await shop.db.rows<{ value: string }>(sql`select value from generated_secrets where name = 'payment-sandbox-key'`);
    const hexKey = createHmac("sha256", secret?.value ?? "").update("payment-sandbox notifications").digest("hex");
    const signed = [item.pspReference, "", item.merchantAccountCode, item.merchantReference, 12_345, "EUR", "AUTHORISATION", "true"].join(":");
    expect(createHmac("sha256", Buffer.from(hexKey, "hex")).update(signed).digest("base64")).toBe(item.additionalData?.hmacSignature);
    expect(await deliverDue()).toEqual([]);
  });

  it("notifies a refusal with its reason", async () => {
    const request = sandboxPayment({ paymentMethod: visa("CARD_EXPIRED") });
    const refused = await sandbox.payments(request);
    const [item] = await deliverDue();
    expect(item).toMatchObject({ pspReference: refused.pspReference, eventCode: "AUTHORISATION", success: "false", reason: "Expired Card" });
    expect(item && (await sandbox.verifyNotification(item))).toBe(true);
  });

  it("notifies the cancellation and the refund of a payment, naming it as their original reference", async () => {
    const paid = await sandbox.payments(sandboxPayment({ paymentMethod: visa() }));
    await deliverDue();
    const pspReference = paid.pspReference ?? "";
    const cancel = await sandbox.cancel({ pspReference, reference: "order-42", idempotencyKey: "cancel-42" });
    const refund = await sandbox.refund({ pspReference, reference: "order-42", amount: { value: 1000, currency: "EUR" }, idempotencyKey: "refund-42" });
    const items = await deliverDue();
    expect(items).toEqual([
      expect.objectContaining({ eventCode: "CANCELLATION", pspReference: cancel.pspReference, originalReference: pspReference, merchantReference: "order-42", success: "true", amount: { value: 4200, currency: "EUR" } }),
      expect.objectContaining({ eventCode: "REFUND", pspReference: refund.pspReference, originalReference: pspReference, success: "true", amount: { value: 1000, currency: "EUR" } }),
    ]);
    for (const item of items) expect(await sandbox.verifyNotification(item)).toBe(true);
    const tooMuch = await sandbox.refund({ pspReference, reference: "order-42", amount: { value: 4201, currency: "EUR" }, idempotencyKey: "refund-43" });
    expect(await deliverDue()).toEqual([expect.objectContaining({ eventCode: "REFUND", pspReference: tooMuch.pspReference, success: "false" })]);
  });

  it("tries a delivery again when the webhook does not accept it", async () => {
    webhookStatus = 500;
    try {
      await sandbox.payments(sandboxPayment({ paymentMethod: visa() }));
      expect(await deliverDue()).toHaveLength(1);
      const [job] = await shop.db.rows<{ attempts: number; state: string; last_error: string }>(
        sql`select attempts, state, last_error from jobs where queue = ${PAYMENT_SANDBOX_NOTIFICATION_QUEUE}`,
      );
      expect(job).toMatchObject({ attempts: 1, state: "pending", last_error: "the webhook answered 500" });
    } finally {
      webhookStatus = 200;
    }
    await shop.db.rows(sql`update jobs set run_at = now() where queue = ${PAYMENT_SANDBOX_NOTIFICATION_QUEUE}`);
    expect(await deliverDue()).toEqual([expect.objectContaining({ eventCode: "AUTHORISATION", success: "true" })]);
    expect(await shop.db.rows(sql`select id from jobs where queue = ${PAYMENT_SANDBOX_NOTIFICATION_QUEUE}`)).toEqual([]);
  });
});

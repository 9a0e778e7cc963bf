// Cancellations and refunds in the sandbox: accepted at once when the payment is known (as Adyen
// answers `received`), their outcome notified (CANCELLATION, REFUND) with the payment as original
// reference; a payment not authorised, or a refund above its amount, is notified as failed.
import { GatewayRejectedError, type CancelRequest, type ModificationAnswer, type RefundRequest } from "../../modules/payment/payment-gateway.ts";
import type { SandboxKit } from "./sandbox-kit.ts";
import { enqueueSandboxNotification } from "./sandbox-notifications.ts";
import { SANDBOX_MERCHANT_ACCOUNT } from "./sandbox-payments.ts";

const NOT_AUTHORISED = "Payment not authorised";

export async function sandboxModification(kit: SandboxKit, request: CancelRequest | RefundRequest): Promise<ModificationAnswer> {
  const original = await kit.outcomes.find(request.pspReference);
  if (!original) throw new GatewayRejectedError("Original pspReference is invalid for this environment", "167");
  const isRefund = "amount" in request;
  const eventCode = isRefund ? "REFUND" : "CANCELLATION";
  const amount = isRefund ? request.amount : { value: original.amountCents, currency: original.currency };
  const reason =
    original.resultCode !== "Authorised" ? NOT_AUTHORISED : amount.value > original.amountCents ? "Refund amount exceeds the authorised amount" : undefined;
  const pspReference = await kit.pspReferenceFor(`${eventCode}:${request.idempotencyKey}`);
  await enqueueSandboxNotification(
    kit.orm,
    {
      pspReference,
      originalReference: original.pspReference,
      merchantReference: request.reference,
      merchantAccountCode: SANDBOX_MERCHANT_ACCOUNT,
      eventCode,
      eventDate: kit.now().toISOString(),
      success: reason ? "false" : "true",
      amount,
      ...(original.brand ? { paymentMethod: original.brand } : {}),
      ...(reason ? { reason } : {}),
    },
    await kit.notificationKey(),
  );
  return { pspReference, status: "received" };
}

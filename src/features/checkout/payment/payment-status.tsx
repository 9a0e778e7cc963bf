// What the payment pages say as the payment goes: a polite status for what is in flight (read out by
// screen readers), and the notice of a payment that cannot go on, which takes the focus.
import { useLingui } from "@lingui/react";
import { useEffect, useRef } from "react";
import { isBusy, selectMessage, type PaymentSnapshot } from "../../../../machines/payment/payment.selectors.ts";

/** The status line: what the payment is doing now. */
export function PaymentStatus({ snapshot }: { snapshot: PaymentSnapshot }) {
  const { _ } = useLingui();
  const text = statusOf(snapshot);
  return (
    <p className="payment-status" role="status" aria-live="polite" aria-busy={isBusy(snapshot)}>
      {text === null ? "" : _(text)}
    </p>
  );
}

function statusOf(snapshot: PaymentSnapshot): string | null {
  if (snapshot.matches("loadingMethods") || snapshot.matches("mounting") || snapshot.matches("refreshingAmount")) return "payment.status.loading";
  if (snapshot.matches("submitting") || snapshot.matches("confirming") || snapshot.matches("returning")) return "payment.status.paying";
  if (snapshot.matches("actionInProgress")) return "payment.status.action";
  if (snapshot.matches("checkingStock")) return "payment.status.stock";
  if (snapshot.matches("waitingForBank")) return "payment.status.bank";
  if (snapshot.matches("reopening")) return "payment.status.reopening";
  if (snapshot.matches("thankYou") || snapshot.matches("retryPage") || snapshot.matches("resultPage")) return "payment.status.leaving";
  return null;
}

/** Why the payment stopped, and what to do: focused when it appears. */
export function PaymentNotice({ snapshot, messageId: shown, action, onAction }: { snapshot: PaymentSnapshot; messageId?: string; action: string; onAction: () => void }) {
  const { _ } = useLingui();
  const ref = useRef<HTMLDivElement>(null);
  const messageId = shown ?? selectMessage(snapshot);
  useEffect(() => {
    ref.current?.focus();
  }, [messageId]);
  return (
    <div ref={ref} className="payment-notice" role="alert" tabIndex={-1}>
      <p>{_(messageId ?? "payment.error")}</p>
      <button type="button" className="button" onClick={onAction}>
        {action}
      </button>
    </div>
  );
}

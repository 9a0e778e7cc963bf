// What the sandbox's payments carry from one page to the next (inside signed tokens), and the
// table of their decided outcomes: an outcome is written once, with its AUTHORISATION notification
// queued in the same transaction, and every later answer about the payment reads it back.
import { eq } from "drizzle-orm";
import * as v from "valibot";
import type { Database } from "../../db/client.ts";
import { paymentSandboxOutcomes } from "../../db/schema.ts";
import type { GatewayResult } from "../../modules/payment/payment-gateway.ts";
import { enqueueSandboxNotification } from "./sandbox-notifications.ts";
import type { CardBrand, DeclinedOutcome } from "./test-cards.ts";

/** The merchant account the sandbox's notifications name. */
export const SANDBOX_MERCHANT_ACCOUNT = "EscalePaymentSandbox";

/** The sandbox's own payment method, listed to Drop-in (which shows it as a pay button). */
export const SANDBOX_METHOD_TYPE = "sandbox_card";

export const SandboxLocaleSchema = v.picklist(["fr", "en"]);
export type SandboxLocale = v.InferOutput<typeof SandboxLocaleSchema>;

/** A payment waiting for the shopper on the issuer's pages (the pay page's token). */
export const PendingPaymentSchema = v.object({
  psp: v.string(),
  ref: v.string(),
  amt: v.number(),
  cur: v.string(),
  ret: v.string(),
  loc: SandboxLocaleSchema,
});
export type PendingPayment = v.InferOutput<typeof PendingPaymentSchema>;

const DeclinedOutcomeSchema = v.object({ resultCode: v.picklist(["Refused", "Error"]), refusalReason: v.string() });

/** A payment waiting for its 3-D Secure challenge (the challenge page's token). */
export const PendingChallengeSchema = v.object({
  ...PendingPaymentSchema.entries,
  brand: v.picklist(["visa", "mc", "amex", "cartebancaire"]),
  after: v.optional(DeclinedOutcomeSchema),
});
export type PendingChallenge = v.InferOutput<typeof PendingChallengeSchema>;

/** A redirect result: which payment it speaks for. */
export const RedirectResultSchema = v.object({ psp: v.string() });

export type Outcome =
  | { resultCode: "Authorised"; brand: CardBrand }
  | (DeclinedOutcome & { brand: CardBrand | undefined })
  | { resultCode: "Cancelled" };

type OutcomeRow = typeof paymentSandboxOutcomes.$inferSelect;

export function resultOf(row: OutcomeRow): GatewayResult {
  const base = { pspReference: row.pspReference, merchantReference: row.merchantReference };
  switch (row.resultCode) {
    case "Authorised":
      return { ...base, resultCode: "Authorised", paymentMethod: { type: "scheme", brand: row.brand ?? undefined } };
    case "Refused":
    case "Error":
      return {
        ...base,
        resultCode: row.resultCode,
        refusalReason: row.refusalReason ?? undefined,
        paymentMethod: { type: "scheme", ...(row.brand ? { brand: row.brand } : {}) },
      };
    default:
      return { ...base, resultCode: "Cancelled", paymentMethod: { type: SANDBOX_METHOD_TYPE } };
  }
}

export interface OutcomeStore {
  /** Fixes the payment's outcome unless it has one (then that one stays); answers the one kept. */
  decide(payment: PendingPayment, outcome: Outcome): Promise<OutcomeRow>;
  find(pspReference: string): Promise<OutcomeRow | undefined>;
}

export function outcomeStore(db: Database, notificationKey: () => Promise<string>, now: () => Date): OutcomeStore {
  async function find(pspReference: string) {
    const [row] = await db.orm.select().from(paymentSandboxOutcomes).where(eq(paymentSandboxOutcomes.pspReference, pspReference));
    return row;
  }
  return {
    find,
    async decide(payment, outcome) {
      const hexKey = await notificationKey();
      const brand = outcome.resultCode === "Cancelled" ? null : (outcome.brand ?? null);
      const refusalReason = outcome.resultCode === "Refused" || outcome.resultCode === "Error" ? outcome.refusalReason : null;
      await db.orm.transaction(async (tx) => {
        const inserted = await tx
          .insert(paymentSandboxOutcomes)
          .values({
            pspReference: payment.psp,
            merchantReference: payment.ref,
            resultCode: outcome.resultCode,
            refusalReason,
            brand,
            amountCents: payment.amt,
            currency: payment.cur,
          })
          .onConflictDoNothing()
          .returning({ pspReference: paymentSandboxOutcomes.pspReference });
        if (inserted.length === 0) return;
        await enqueueSandboxNotification(
          tx,
          {
            pspReference: payment.psp,
            merchantReference: payment.ref,
            merchantAccountCode: SANDBOX_MERCHANT_ACCOUNT,
            eventCode: "AUTHORISATION",
            eventDate: now().toISOString(),
            success: outcome.resultCode === "Authorised" ? "true" : "false",
            amount: { value: payment.amt, currency: payment.cur },
            ...(brand ? { paymentMethod: brand } : {}),
            ...(refusalReason ? { reason: refusalReason } : outcome.resultCode === "Cancelled" ? { reason: "Shopper Cancelled" } : {}),
          },
          hexKey,
        );
      });
      const row = await find(payment.psp);
      if (!row) throw new Error("the sandbox's outcome was not stored");
      return row;
    },
  };
}

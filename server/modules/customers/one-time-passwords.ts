// Two-factor codes: six digits e-mailed at sign-in, valid 10 minutes, 3 attempts, single use.
// One pending code per customer, stored as a keyed hash.
import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database, Orm } from "../../db/client.ts";
import { oneTimePasswords } from "../../db/schema.ts";
import { HttpError } from "../../http/errors.ts";

export const ONE_TIME_PASSWORD_TTL_MINUTES = 10;
const ONE_TIME_PASSWORD_ATTEMPTS = 3;

// The spec's fixed texts: the client maps them to its messages.
const otpMismatch = (remaining: number) =>
  new HttpError(401, `The provided one time password doesn't match|${remaining}`, "OTP_MISMATCH");
const otpTooManyAttempts = () => new HttpError(401, "Too much attempts for one time password", "OTP_TOO_MANY_ATTEMPTS");
const otpExpired = () => new HttpError(401, "One time password is expired", "OTP_EXPIRED");

export function createOneTimePasswords(deps: { db: Database; now: () => Date; hash: (code: string) => Promise<string> }) {
  const { db, now, hash } = deps;
  return {
    /** A new code for the customer, replacing any pending one. */
    async issue(customerId: number, orm: Orm = db.orm): Promise<string> {
      const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
      const values = {
        codeHash: await hash(`${customerId}:${code}`),
        attemptsLeft: ONE_TIME_PASSWORD_ATTEMPTS,
        expiresAt: new Date(now().getTime() + ONE_TIME_PASSWORD_TTL_MINUTES * 60_000),
        createdAt: now(),
      };
      await orm
        .insert(oneTimePasswords)
        .values({ customerId, ...values })
        .onConflictDoUpdate({ target: oneTimePasswords.customerId, set: values });
      return code;
    },

    /**
     * Uses the customer's pending code up when it matches; otherwise throws the spec's answer
     * (mismatch with the attempts left, too many attempts, expired). The caller's transaction
     * must commit the attempt count even when this throws, so it runs on its own.
     */
    async consume(customerId: number, code: string): Promise<void> {
      const expectedHash = await hash(`${customerId}:${code}`);
      const outcome = await db.orm.transaction(async (tx) => {
        const [pending] = await tx.select().from(oneTimePasswords).where(eq(oneTimePasswords.customerId, customerId)).for("update");
        if (!pending) return otpExpired();
        if (pending.attemptsLeft <= 0) return otpTooManyAttempts();
        if (pending.expiresAt.getTime() <= now().getTime()) {
          await tx.delete(oneTimePasswords).where(eq(oneTimePasswords.customerId, customerId));
          return otpExpired();
        }
        if (pending.codeHash === expectedHash) {
          await tx.delete(oneTimePasswords).where(eq(oneTimePasswords.customerId, customerId));
          return null;
        }
        const attemptsLeft = pending.attemptsLeft - 1;
        await tx.update(oneTimePasswords).set({ attemptsLeft }).where(eq(oneTimePasswords.customerId, customerId));
        return attemptsLeft > 0 ? otpMismatch(attemptsLeft) : otpTooManyAttempts();
      });
      if (outcome) throw outcome;
    },
  };
}

export type OneTimePasswords = ReturnType<typeof createOneTimePasswords>;

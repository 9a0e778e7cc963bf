// Removes what the accounts no longer need: ended sessions, expired codes and reset tokens, old
// abuse counts and spent captcha answers. A recurring job of the queue, every hour.
import { lt, or } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  authAttempts,
  customerSessions,
  oneTimePasswords,
  passwordResetTokens,
  usedCaptchaChallenges,
} from "../../db/schema.ts";
import { LONGEST_WINDOW_MS } from "../../platform/attempt-limits.ts";
import type { RecurringJob } from "../../platform/job-queue.ts";
import type { Logger } from "../../platform/logger.ts";

const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** Deletes the rows past use; returns how many of each went. */
export async function purgeAccountData(db: Database, now: Date = new Date()) {
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const [sessions, codes, resetTokens, attempts, captchas] = [
    await db.orm
      .delete(customerSessions)
      .where(or(lt(customerSessions.revokedAt, dayAgo), lt(customerSessions.expiresAt, dayAgo)))
      .returning({ id: customerSessions.id }),
    await db.orm.delete(oneTimePasswords).where(lt(oneTimePasswords.expiresAt, dayAgo)).returning({ id: oneTimePasswords.customerId }),
    await db.orm
      .delete(passwordResetTokens)
      .where(or(lt(passwordResetTokens.expiresAt, dayAgo), lt(passwordResetTokens.usedAt, dayAgo)))
      .returning({ id: passwordResetTokens.tokenHash }),
    await db.orm
      .delete(authAttempts)
      .where(lt(authAttempts.at, new Date(now.getTime() - LONGEST_WINDOW_MS)))
      .returning({ id: authAttempts.id }),
    await db.orm.delete(usedCaptchaChallenges).where(lt(usedCaptchaChallenges.expiresAt, now)).returning({ id: usedCaptchaChallenges.id }),
  ];
  return {
    sessions: sessions.length,
    codes: codes.length,
    resetTokens: resetTokens.length,
    attempts: attempts.length,
    captchas: captchas.length,
  };
}

export function accountHousekeeping(options: { db: Database; log: Logger; intervalMs?: number }): RecurringJob {
  return {
    name: "account-housekeeping",
    intervalMs: options.intervalMs ?? HOUSEKEEPING_INTERVAL_MS,
    run: async () => {
      const purged = await purgeAccountData(options.db);
      if (Object.values(purged).some((count) => count > 0)) options.log.info(purged, "account data purged");
    },
  };
}

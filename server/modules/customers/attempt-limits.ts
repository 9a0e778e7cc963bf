// Abuse limits of the account operations: at most 5 failures (sign-in, one-time password,
// registration) or requests (password reset) per 15 minutes for one account and for one client
// address, then 429. The counts are rows of the database, so every server sees the same.
import { and, asc, eq, gt, inArray, lt } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { Database } from "../../db/client.ts";
import { authAttempts } from "../../db/schema.ts";
import { HttpError } from "../../http/errors.ts";

export const ATTEMPT_LIMIT = 5;
export const ATTEMPT_WINDOW_MS = 15 * 60_000;

/** `reset` counts reset e-mails asked for; `reset-link` the unknown, used or expired links tried. */
export type LimitedAction = "sign-in" | "one-time-password" | "reset" | "reset-link" | "register";

export const accountSubject = (email: string) => `account:${email.trim().toLowerCase()}`;
export const addressSubject = (ip: string) => `ip:${ip}`;

export function createAttemptLimits(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;
  return {
    /** 429 (with Retry-After) when one of the subjects used up its attempts. */
    async check(action: LimitedAction, subjects: string[], reply: FastifyReply): Promise<void> {
      const since = new Date(now().getTime() - ATTEMPT_WINDOW_MS);
      const rows = await db.orm
        .select({ subject: authAttempts.subject, at: authAttempts.at })
        .from(authAttempts)
        .where(and(eq(authAttempts.action, action), inArray(authAttempts.subject, subjects), gt(authAttempts.at, since)))
        .orderBy(asc(authAttempts.at));
      let freeAt = 0;
      for (const subject of subjects) {
        const times = rows.filter((row) => row.subject === subject).map((row) => row.at.getTime());
        if (times.length < ATTEMPT_LIMIT) continue;
        // Below the limit again once enough of the oldest attempts leave the window.
        freeAt = Math.max(freeAt, (times[times.length - ATTEMPT_LIMIT] ?? 0) + ATTEMPT_WINDOW_MS);
      }
      if (freeAt === 0) return;
      reply.header("retry-after", String(Math.max(1, Math.ceil((freeAt - now().getTime()) / 1000))));
      throw new HttpError(429, "Too many attempts: try again later", "RATE_LIMITED");
    },

    async record(action: LimitedAction, subjects: string[]): Promise<void> {
      const at = now();
      await db.orm.delete(authAttempts).where(lt(authAttempts.at, new Date(at.getTime() - ATTEMPT_WINDOW_MS)));
      await db.orm.insert(authAttempts).values(subjects.map((subject) => ({ action, subject, at })));
    },

    /** Forgets an account's failures (after a successful sign-in). */
    async clear(action: LimitedAction, subject: string): Promise<void> {
      await db.orm.delete(authAttempts).where(and(eq(authAttempts.action, action), eq(authAttempts.subject, subject)));
    },
  };
}

export type AttemptLimits = ReturnType<typeof createAttemptLimits>;

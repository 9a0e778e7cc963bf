// Abuse limits counted in the database, so that every server sees the same counts: failures of
// the account operations (sign-in, one-time password, registration, reset links), requests of the
// public forms (contact, newsletter, restock alert, reset e-mails). A subject is an account
// (`account:<e-mail>`), a client address (`ip:<address>`) or an e-mail given in a form
// (`email:<e-mail>`); each limit counts one action of one subject in a sliding window.
import { and, asc, eq, gt, inArray, lt } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { authAttempts } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";

export const ATTEMPT_LIMIT = 5;
const ATTEMPT_WINDOW_MS = 15 * 60_000;
/** The longest window of any limit: older rows count for nothing and may be deleted. */
export const LONGEST_WINDOW_MS = 60 * 60_000;

/**
 * `sign-in` and `one-time-password` count failures; `reset` the reset e-mails asked for;
 * `reset-link` the unknown, used or expired links tried; the forms their requests; `single-sign-on`
 * the employee sign-ins started.
 */
export type LimitedAction =
  | "sign-in"
  | "one-time-password"
  | "reset"
  | "reset-link"
  | "register"
  | "contact"
  | "newsletter"
  | "restock-alert"
  | "single-sign-on";

export const accountSubject = (email: string) => `account:${email.trim().toLowerCase()}`;
export const addressSubject = (ip: string) => `ip:${ip}`;
export const emailSubject = (email: string) => `email:${email.trim().toLowerCase()}`;

export interface Limit {
  subject: string;
  /** How many events of the window are allowed; the next one is refused. */
  max: number;
  windowMs: number;
}

/** At most `max` events per window (15 minutes unless told) for a subject. */
export const limitOf = (subject: string, max = ATTEMPT_LIMIT, windowMs = ATTEMPT_WINDOW_MS): Limit => ({ subject, max, windowMs });

const tooManyAttempts = (retryAfterSeconds: number) =>
  new HttpError(429, "Too many attempts: try again later", "RATE_LIMITED", undefined, { "retry-after": String(retryAfterSeconds) });

export function createAttemptLimits(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;

  async function timesOf(action: LimitedAction, subjects: string[], windowMs: number): Promise<Map<string, number[]>> {
    const since = new Date(now().getTime() - windowMs);
    const rows = await db.orm
      .select({ subject: authAttempts.subject, at: authAttempts.at })
      .from(authAttempts)
      .where(and(eq(authAttempts.action, action), inArray(authAttempts.subject, subjects), gt(authAttempts.at, since)))
      .orderBy(asc(authAttempts.at));
    const times = new Map<string, number[]>(subjects.map((subject) => [subject, []]));
    for (const row of rows) times.get(row.subject)?.push(row.at.getTime());
    return times;
  }

  return {
    /** 429 RATE_LIMITED (with Retry-After) when one of the limits is used up. */
    async check(action: LimitedAction, limits: Limit[]): Promise<void> {
      if (limits.length === 0) return;
      const windowMs = Math.max(...limits.map((limit) => limit.windowMs));
      const times = await timesOf(action, limits.map((limit) => limit.subject), windowMs);
      const current = now().getTime();
      let freeAt = 0;
      for (const limit of limits) {
        const inWindow = (times.get(limit.subject) ?? []).filter((at) => at > current - limit.windowMs);
        if (inWindow.length < limit.max) continue;
        // Below the limit again once enough of the oldest events leave the window.
        freeAt = Math.max(freeAt, (inWindow[inWindow.length - limit.max] ?? 0) + limit.windowMs);
      }
      if (freeAt > 0) throw tooManyAttempts(Math.max(1, Math.ceil((freeAt - current) / 1000)));
    },

    /** How many events of an action a subject had in the window. */
    async count(action: LimitedAction, subject: string, windowMs = ATTEMPT_WINDOW_MS): Promise<number> {
      return (await timesOf(action, [subject], windowMs)).get(subject)?.length ?? 0;
    },

    async record(action: LimitedAction, subjects: string[]): Promise<void> {
      if (subjects.length === 0) return;
      const at = now();
      await db.orm.delete(authAttempts).where(lt(authAttempts.at, new Date(at.getTime() - LONGEST_WINDOW_MS)));
      await db.orm.insert(authAttempts).values(subjects.map((subject) => ({ action, subject, at })));
    },

    /** Checks the limits, then counts this request against them (the public forms). */
    async take(action: LimitedAction, limits: Limit[]): Promise<void> {
      await this.check(action, limits);
      await this.record(action, limits.map((limit) => limit.subject));
    },

    /** Forgets a subject's events of an action (an account's failures after it proved itself). */
    async clear(action: LimitedAction, subject: string): Promise<void> {
      await db.orm.delete(authAttempts).where(and(eq(authAttempts.action, action), eq(authAttempts.subject, subject)));
    },
  };
}

export type AttemptLimits = ReturnType<typeof createAttemptLimits>;

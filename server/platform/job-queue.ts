// The job queue, kept in the `jobs` table so that it works the same on PGlite and PostgreSQL and
// across server instances. A job is added in the transaction of the change that asks for it; a
// worker of any instance claims a due job (`FOR UPDATE SKIP LOCKED`: never two at once), runs it,
// then deletes it. A failed job is retried after an exponential backoff and is left `dead` after
// its last attempt; a job whose worker stopped mid-way is claimed again once its lease ends.
// Recurring jobs are one row each (its singleton key), moved to their next run when they finish.
import { sql } from "drizzle-orm";
import { rowsOf, type Database, type Orm } from "../db/client.ts";
import { jobs } from "../db/schema.ts";
import type { Logger } from "./logger.ts";

/** A job's data: plain JSON. */
type JobPayload = Record<string, unknown>;

export interface NewJob {
  queue: string;
  payload?: JobPayload;
  /** Not before this moment (default: now). */
  runAt?: Date;
  maxAttempts?: number;
}

/** Attempts of a job before it is left dead. */
const DEFAULT_MAX_ATTEMPTS = 10;
/** How long a claim holds: a job still running after this is taken to have lost its worker. */
const DEFAULT_LEASE_MS = 10 * 60_000;
/** How often an idle worker looks for due jobs. */
const DEFAULT_POLL_INTERVAL_MS = 1000;
const ERROR_TEXT_LIMIT = 2000;

/** The pause after a failed attempt: `baseDelayMs` doubled at each attempt, up to `maxDelayMs`. */
export interface RetryPolicy {
  baseDelayMs: number;
  maxDelayMs: number;
}

/** 30 s, 1 min, 2 min… (never more than 6 h): the ten attempts of a job span about four hours. */
export const DEFAULT_RETRY: RetryPolicy = { baseDelayMs: 30_000, maxDelayMs: 6 * 60 * 60_000 };

/** The pause after the given failed attempt (1 for the first). */
export function retryDelayMs(attempt: number, policy: RetryPolicy = DEFAULT_RETRY): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
}

/** Adds a job in the caller's transaction (or on the database): it exists only once that commits. */
export async function enqueueJob(orm: Orm, job: NewJob): Promise<number> {
  const [row] = await orm
    .insert(jobs)
    .values({
      queue: job.queue,
      payload: job.payload ?? {},
      maxAttempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      ...(job.runAt ? { runAt: job.runAt } : {}),
    })
    .returning({ id: jobs.id });
  if (!row) throw new Error("the job was not stored");
  return row.id;
}

interface ClaimedJob {
  id: number;
  queue: string;
  payload: JobPayload;
  /** This attempt's number, from 1. */
  attempts: number;
  maxAttempts: number;
}

export type JobHandler = (payload: JobPayload, job: ClaimedJob) => Promise<void>;

/** Work done every `intervalMs` by one server instance at a time. */
export interface RecurringJob {
  name: string;
  intervalMs: number;
  run(): Promise<void>;
}

interface ClaimedRow {
  id: string | number;
  queue: string;
  payload: JobPayload | null;
  attempts: number;
  max_attempts: number;
}

export interface JobWorkerOptions {
  db: Database;
  log: Logger;
  pollIntervalMs?: number;
  leaseMs?: number;
  retry?: RetryPolicy;
}

export interface JobWorker {
  /** Runs the jobs of a queue. */
  handle(queue: string, handler: JobHandler): void;
  /** Runs the job every `intervalMs`, on one instance at a time (one row, keyed by its name). */
  schedule(job: RecurringJob): void;
  /** Claims and runs due jobs until none is left; returns how many ran (the loop's step; tests call it). */
  runDue(): Promise<number>;
  /** Schedules the recurring jobs, then runs due jobs until stopped. */
  start(): Promise<void>;
  /** Lets the running job finish, then stops. */
  stop(): Promise<void>;
}

const seconds = (ms: number) => ms / 1000;

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.slice(0, ERROR_TEXT_LIMIT);
}

export function createJobWorker(options: JobWorkerOptions): JobWorker {
  const { db, log } = options;
  const pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const retry = options.retry ?? DEFAULT_RETRY;
  const handlers = new Map<string, JobHandler>();
  const intervals = new Map<string, number>();
  let stopped = true;
  let loop: Promise<void> | undefined;
  let wake: (() => void) | undefined;

  async function claim(): Promise<ClaimedJob | undefined> {
    const queues = [...handlers.keys()];
    if (queues.length === 0) return undefined;
    const [row] = await rowsOf<ClaimedRow>(
      db.orm,
      sql`
        with due as (
          select id from jobs
          where queue in (${sql.join(queues.map((queue) => sql`${queue}`), sql`, `)})
            and ((state = 'pending' and run_at <= now()) or (state = 'running' and locked_until <= now()))
          order by run_at, id
          limit 1
          for update skip locked
        )
        update jobs set state = 'running', attempts = jobs.attempts + 1,
                        locked_until = now() + make_interval(secs => ${seconds(leaseMs)})
        from due where jobs.id = due.id
        returning jobs.id, jobs.queue, jobs.payload, jobs.attempts, jobs.max_attempts`,
    );
    if (!row) return undefined;
    return { id: Number(row.id), queue: row.queue, payload: row.payload ?? {}, attempts: row.attempts, maxAttempts: row.max_attempts };
  }

  /** The claim still ours: nobody claimed the job again after our lease ended. */
  const ours = (job: ClaimedJob) => sql`id = ${job.id} and state = 'running' and attempts = ${job.attempts}`;

  async function succeeded(job: ClaimedJob): Promise<void> {
    const interval = intervals.get(job.queue);
    if (interval === undefined) {
      await db.rows(sql`delete from jobs where ${ours(job)}`);
      return;
    }
    await db.rows(sql`
      update jobs set state = 'pending', attempts = 0, locked_until = null, last_error = null,
                      run_at = now() + make_interval(secs => ${seconds(interval)})
      where ${ours(job)}`);
  }

  async function failed(job: ClaimedJob, error: unknown): Promise<void> {
    const interval = intervals.get(job.queue);
    const message = errorText(error);
    if (interval !== undefined) {
      // A recurring job tries again at its next run.
      log.error({ err: error, queue: job.queue }, "recurring job failed");
      await db.rows(sql`
        update jobs set state = 'pending', attempts = 0, locked_until = null, last_error = ${message},
                        run_at = now() + make_interval(secs => ${seconds(interval)})
        where ${ours(job)}`);
      return;
    }
    const dead = job.attempts >= job.maxAttempts;
    const delayMs = retryDelayMs(job.attempts, retry);
    log[dead ? "error" : "warn"](
      { err: error, queue: job.queue, jobId: job.id, attempt: job.attempts, ...(dead ? {} : { retryInMs: delayMs }) },
      dead ? "job failed for the last time" : "job failed, will retry",
    );
    await db.rows(sql`
      update jobs set state = ${dead ? "dead" : "pending"}, locked_until = null, last_error = ${message},
                      run_at = now() + make_interval(secs => ${seconds(dead ? 0 : delayMs)})
      where ${ours(job)}`);
  }

  async function runOne(job: ClaimedJob): Promise<void> {
    const handler = handlers.get(job.queue);
    if (!handler) return;
    if (job.attempts > job.maxAttempts) {
      // Claimed again after its last attempt lost its worker: it has had all its tries.
      log.error({ queue: job.queue, jobId: job.id }, "job left dead: its worker stopped during its last attempt");
      await db.rows(sql`
        update jobs set state = 'dead', locked_until = null, last_error = 'its worker stopped during its last attempt'
        where ${ours(job)}`);
      return;
    }
    try {
      await handler(job.payload, job);
    } catch (error) {
      await failed(job, error);
      return;
    }
    await succeeded(job);
  }

  async function runDue(): Promise<number> {
    let ran = 0;
    for (;;) {
      const job = await claim();
      if (!job) return ran;
      await runOne(job);
      ran += 1;
      if (stopped && loop !== undefined) return ran;
    }
  }

  const pause = () =>
    new Promise<void>((resolve) => {
      // Never the reason the process stays alive.
      const timer = setTimeout(resolve, pollIntervalMs).unref();
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function run(): Promise<void> {
    while (!stopped) {
      try {
        await runDue();
      } catch (error) {
        log.error({ err: error }, "the job queue could not be read");
      }
      if (!stopped) await pause();
    }
  }

  return {
    handle(queue, handler) {
      handlers.set(queue, handler);
    },

    schedule(job) {
      intervals.set(job.name, job.intervalMs);
      handlers.set(job.name, () => job.run());
    },

    runDue,

    async start() {
      for (const [queue, interval] of intervals) {
        // Every instance asks; the singleton key keeps one row per recurring job.
        await db.rows(sql`
          insert into jobs (queue, singleton_key, max_attempts, run_at)
          values (${queue}, ${queue}, ${DEFAULT_MAX_ATTEMPTS}, now() + make_interval(secs => ${seconds(interval)}))
          on conflict (singleton_key) where singleton_key is not null and state <> 'dead' do nothing`);
      }
      stopped = false;
      loop = run();
    },

    async stop() {
      stopped = true;
      wake?.();
      await loop;
      loop = undefined;
    },
  };
}

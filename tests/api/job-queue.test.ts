// The job queue on PGlite and PostgreSQL: jobs exist once their transaction commits, failures are
// retried after a doubling pause and end dead, a job is never claimed twice, a job whose worker
// stopped is claimed again, and a recurring job runs on one worker at a time.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../server/db/client.ts";
import { jobs } from "../../server/db/schema.ts";
import { createJobWorker, enqueueJob, retryDelayMs, type JobWorker, type JobWorkerOptions } from "../../server/platform/job-queue.ts";
import { silentLogger } from "../../server/platform/logger.ts";
import { createDatabase, dropDatabase, testDatabaseName } from "../support/postgres-cluster.ts";
import { backends, openTestDatabase, QUICK_RETRY, type Backend } from "../support/test-app.ts";
import { waitFor } from "../support/wait-for.ts";

/** Two handles on one database: the same PGlite (one connection), or two pools of PostgreSQL connections. */
async function openTwice(backend: Backend): Promise<{ first: Database; second: Database; close(): Promise<void> }> {
  if (!backend.url) {
    const db = await openTestDatabase(backend);
    await db.migrate();
    return { first: db, second: db, close: () => db.close() };
  }
  const url = await createDatabase(backend.url, testDatabaseName("queue"));
  const first = await openDatabase({ databaseUrl: url, dataDir: "memory://" });
  await first.migrate();
  const second = await openDatabase({ databaseUrl: url, dataDir: "memory://" });
  return {
    first,
    second,
    async close() {
      await first.close();
      await second.close();
      await dropDatabase(url);
    },
  };
}

let queueCounter = 0;
/** A queue name no other test uses. */
const freshQueue = (label: string) => `${label}-${(queueCounter += 1)}`;

describe("the retry pause", () => {
  it("doubles at each attempt from the base, up to the ceiling", () => {
    const policy = { baseDelayMs: 30_000, maxDelayMs: 300_000 };
    expect([1, 2, 3, 4, 5, 6].map((attempt) => retryDelayMs(attempt, policy))).toEqual([30_000, 60_000, 120_000, 240_000, 300_000, 300_000]);
  });
});

describe.each(backends())("the job queue on $name", (backend) => {
  let databases: Awaited<ReturnType<typeof openTwice>>;
  let db: Database;
  const workers: JobWorker[] = [];
  beforeAll(async () => {
    databases = await openTwice(backend);
    db = databases.first;
  });
  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    await databases?.close();
  });

  const worker = (options: Partial<JobWorkerOptions> = {}) => {
    const created = createJobWorker({ db, log: silentLogger, pollIntervalMs: 5, ...options });
    workers.push(created);
    return created;
  };
  const rowOf = async (id: number) => (await db.orm.select().from(jobs).where(eq(jobs.id, id)))[0];
  /** Milliseconds from the database's now to the job's next run. */
  const msUntilRun = async (id: number) =>
    Number((await db.rows<{ ms: string }>(sql`select extract(epoch from run_at - now()) * 1000 as ms from jobs where id = ${id}`))[0]?.ms);
  const makeDue = (id: number) => db.rows(sql`update jobs set run_at = now() where id = ${id}`);

  it("runs a job only once the transaction that added it commits, then removes it", async () => {
    const queue = freshQueue("commit");
    const ran: unknown[] = [];
    const jobsWorker = worker();
    jobsWorker.handle(queue, async (payload) => {
      ran.push(payload.value);
    });
    await db.orm
      .transaction(async (tx) => {
        await enqueueJob(tx, { queue, payload: { value: "rolled back" } });
        throw new Error("the change fails");
      })
      .catch(() => undefined);
    const id = await db.orm.transaction((tx) => enqueueJob(tx, { queue, payload: { value: "committed" } }));

    expect(await jobsWorker.runDue()).toBe(1);
    expect(ran).toEqual(["committed"]);
    expect(await rowOf(id)).toBeUndefined();
  });

  it("retries a failed job after a pause that doubles, and leaves it dead after its last attempt", async () => {
    const queue = freshQueue("failing");
    const jobsWorker = worker({ retry: { baseDelayMs: 60_000, maxDelayMs: 600_000 } });
    let calls = 0;
    jobsWorker.handle(queue, async () => {
      calls += 1;
      throw new Error(`mail server down (${calls})`);
    });
    const id = await enqueueJob(db.orm, { queue, maxAttempts: 3 });

    expect(await jobsWorker.runDue()).toBe(1);
    expect(await rowOf(id)).toMatchObject({ state: "pending", attempts: 1, lastError: "mail server down (1)", lockedUntil: null });
    expect(await msUntilRun(id)).toBeGreaterThan(50_000);
    expect(await msUntilRun(id)).toBeLessThanOrEqual(60_000);
    // Not due yet: nothing runs.
    expect(await jobsWorker.runDue()).toBe(0);

    await makeDue(id);
    expect(await jobsWorker.runDue()).toBe(1);
    expect(await rowOf(id)).toMatchObject({ state: "pending", attempts: 2, lastError: "mail server down (2)" });
    expect(await msUntilRun(id)).toBeGreaterThan(110_000);
    expect(await msUntilRun(id)).toBeLessThanOrEqual(120_000);

    await makeDue(id);
    expect(await jobsWorker.runDue()).toBe(1);
    expect(await rowOf(id)).toMatchObject({ state: "dead", attempts: 3, lastError: "mail server down (3)" });
    await makeDue(id);
    expect(await jobsWorker.runDue()).toBe(0);
    expect(calls).toBe(3);
  });

  it("runs a job again after a failure once its pause is over, until it succeeds", async () => {
    const queue = freshQueue("flaky");
    const attempts: number[] = [];
    const jobsWorker = worker({ retry: QUICK_RETRY });
    jobsWorker.handle(queue, async (_payload, job) => {
      attempts.push(job.attempts);
      if (job.attempts === 1) throw new Error("temporary failure");
    });
    const id = await enqueueJob(db.orm, { queue });
    await jobsWorker.start();
    await waitFor(async () => ((await rowOf(id)) ? undefined : true), "the job done on its second attempt");
    expect(attempts).toEqual([1, 2]);
  });

  it("never gives one job to two workers", async () => {
    const queue = freshQueue("shared");
    const count = 30;
    const ran: { worker: string; id: number }[] = [];
    for (const [name, database] of [
      ["first", databases.first],
      ["second", databases.second],
    ] as const) {
      const jobsWorker = worker({ db: database });
      jobsWorker.handle(queue, async (payload) => {
        // A round trip to the database while holding the job, as real work does.
        await database.rows(sql`select count(*) from jobs`);
        ran.push({ worker: name, id: Number(payload.n) });
      });
      await jobsWorker.start();
    }
    for (let n = 1; n <= count; n += 1) await enqueueJob(db.orm, { queue, payload: { n } });

    await waitFor(async () => (ran.length >= count ? true : undefined), `the ${count} jobs done`);
    await waitFor(async () => ((await db.orm.$count(jobs, eq(jobs.queue, queue))) === 0 ? true : undefined), "the queue emptied");
    expect(ran.map((item) => item.id).sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, index) => index + 1));
  });

  it("claims again a job whose worker stopped mid-way, once its lease has ended, and not before", async () => {
    const queue = freshQueue("orphan");
    const attempts: number[] = [];
    const jobsWorker = worker();
    jobsWorker.handle(queue, async (_payload, job) => {
      attempts.push(job.attempts);
    });
    const id = await enqueueJob(db.orm, { queue });
    // Another worker claimed it and is still within its lease.
    await db.rows(sql`update jobs set state = 'running', attempts = 1, locked_until = now() + interval '1 minute' where id = ${id}`);
    expect(await jobsWorker.runDue()).toBe(0);
    // That worker stopped: its lease ends.
    await db.rows(sql`update jobs set locked_until = now() - interval '1 second' where id = ${id}`);
    expect(await jobsWorker.runDue()).toBe(1);
    expect(attempts).toEqual([2]);
    expect(await rowOf(id)).toBeUndefined();
  });

  it("runs a recurring job again and again, on one worker at a time, with one row for it", async () => {
    const name = freshQueue("recurring");
    let running = 0;
    let mostAtOnce = 0;
    let runs = 0;
    const task = async (database: Database) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      await database.rows(sql`select count(*) from jobs`);
      running -= 1;
      runs += 1;
    };
    for (const database of [databases.first, databases.second]) {
      const jobsWorker = worker({ db: database });
      jobsWorker.schedule({ name, intervalMs: 10, run: () => task(database) });
      await jobsWorker.start();
    }
    await waitFor(async () => (runs >= 6 ? true : undefined), "six runs of the recurring job");
    expect(mostAtOnce).toBe(1);
    expect(await db.orm.$count(jobs, eq(jobs.queue, name))).toBe(1);
  });
});

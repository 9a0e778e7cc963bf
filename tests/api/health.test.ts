import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type Readiness } from "../../server/app.ts";
import { createAdapters } from "../../server/composition.ts";
import { loadConfig } from "../../server/config.ts";
import { openDatabase, type Database } from "../../server/db/client.ts";
import type { FastifyInstance } from "fastify";
import { TEST_TOKEN } from "../support/test-app.ts";

describe("health and readiness", () => {
  let db: Database;
  let app: FastifyInstance;
  const readiness: Readiness = { ready: false };

  beforeAll(async () => {
    db = await openDatabase({ dataDir: "memory://" });
    const config = loadConfig({ STOREFRONT_API_TOKEN: TEST_TOKEN });
    app = await buildApp({ config, db, readiness, logger: false, adapters: createAdapters(config, db) });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it("answers 503 until the migrations ran, then 200", async () => {
    const before = await app.inject({ url: "/healthz" });
    expect(before.statusCode).toBe(503);
    const api = await app.inject({ url: "/api/v1/categories", headers: { authorization: `Bearer ${TEST_TOKEN}` } });
    expect(api.statusCode).toBe(503);
    expect(api.json()).toMatchObject({ status: 503, code: "STARTING" });

    await db.migrate();
    readiness.ready = true;

    const after = await app.inject({ url: "/healthz" });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ status: "ok" });
    const empty = await app.inject({ url: "/api/v1/categories", headers: { authorization: `Bearer ${TEST_TOKEN}` } });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);
  });
});

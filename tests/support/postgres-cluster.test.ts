import pg from "pg";
import { afterAll, afterEach, describe, expect, inject, it } from "vitest";
import { createDatabase, dropDatabase, findPostgresBinDir, startPostgresCluster, testDatabaseName } from "./postgres-cluster.ts";

const postgresUrl = inject("postgresUrl");

function serverUrl(): string {
  if (!postgresUrl) throw new Error("no PostgreSQL URL was provided");
  return postgresUrl;
}

// Skipped only where no PostgreSQL server is installed nor TEST_DATABASE_URL given (CI installs one).
describe.skipIf(postgresUrl === null)("PostgreSQL test database", () => {
  const clients = new Set<pg.Client>();
  const created: string[] = [];

  async function connect(url: string): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: url });
    clients.add(client);
    await client.connect();
    return client;
  }

  async function disconnect(client: pg.Client): Promise<void> {
    clients.delete(client);
    await client.end();
  }

  async function newDatabase(name: string): Promise<string> {
    const url = await createDatabase(serverUrl(), name);
    created.push(url);
    return url;
  }

  afterEach(async () => {
    await Promise.all([...clients].map(disconnect));
  });

  afterAll(async () => {
    for (const url of created) await dropDatabase(url);
  });

  it("accepts connections on the provided URL", async () => {
    const client = await connect(serverUrl());

    const { rows } = await client.query<{ one: number }>("select 1 as one");

    expect(rows).toEqual([{ one: 1 }]);
  });

  it("creates a UTF-8 database of its own for a test file", async () => {
    const name = testDatabaseName("cluster_test");

    const url = await newDatabase(name);
    const client = await connect(url);
    const { rows } = await client.query<{ db: string; encoding: string }>(
      "select current_database() as db, pg_encoding_to_char(encoding) as encoding from pg_database where datname = current_database()",
    );

    expect(new URL(url).pathname).toBe(`/${name}`);
    expect(rows).toEqual([{ db: name, encoding: "UTF8" }]);
  });

  it("gives back an empty database when the name is reused", async () => {
    const name = testDatabaseName("cluster_reuse");
    const first = await connect(await newDatabase(name));
    await first.query("create table leftover (id int)");
    await disconnect(first);

    const second = await connect(await newDatabase(name));
    const { rows } = await second.query("select 1 from pg_tables where tablename = 'leftover'");

    expect(rows).toHaveLength(0);
  });

  it("drops a database", async () => {
    const url = await newDatabase(testDatabaseName("cluster_drop"));

    await dropDatabase(url);
    const admin = await connect(serverUrl());
    const { rows } = await admin.query("select 1 from pg_database where datname = $1", [new URL(url).pathname.slice(1)]);

    expect(rows).toHaveLength(0);
  });
});

// Skipped only where PostgreSQL's server binaries are not installed (CI installs them).
describe.skipIf(findPostgresBinDir() === null)("throwaway PostgreSQL cluster", () => {
  it("serves a database until it is stopped", async () => {
    const cluster = await startPostgresCluster();
    if (!cluster) throw new Error("binaries were found, so a cluster must start");
    const before = new pg.Client({ connectionString: cluster.url });
    await before.connect();
    const { rows } = await before.query<{ db: string }>("select current_database() as db");
    await before.end();

    await cluster.stop();
    const after = new pg.Client({ connectionString: cluster.url, connectionTimeoutMillis: 2_000 });

    expect(rows).toEqual([{ db: "escale_test" }]);
    await expect(after.connect()).rejects.toThrow(/ECONNREFUSED/);
  });
});

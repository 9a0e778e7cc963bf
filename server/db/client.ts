// Opens the database: PGlite in DATA_DIR when no DATABASE_URL is configured, else a pg pool.
// Both speak the same SQL and run the same migrations.
import { createHash } from "node:crypto";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { cube } from "@electric-sql/pglite/contrib/cube";
import { earthdistance } from "@electric-sql/pglite/contrib/earthdistance";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { fillPlaceholders, type SQL } from "drizzle-orm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { BytesClient, RAW_TYPES, type FieldBytes } from "./pg-bytes.ts";
import * as schema from "./schema.ts";

export type Orm = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Runs a raw statement on the database or inside a transaction (`orm.transaction`) and returns its rows. */
export async function rowsOf<T>(orm: Orm, statement: SQL): Promise<T[]> {
  // Both drivers answer `{ rows }`; the shared Orm type does not know which driver it is.
  const result: unknown = await orm.execute(statement);
  if (typeof result !== "object" || result === null || !("rows" in result) || !Array.isArray(result.rows)) {
    throw new Error("The database driver returned no rows array");
  }
  return result.rows as T[];
}

export interface Database {
  readonly kind: "pglite" | "postgres";
  readonly orm: Orm;
  /** Runs a raw statement and returns its rows. */
  rows<T>(statement: SQL): Promise<T[]>;
  /**
   * Runs a raw statement read often with different values: on PostgreSQL as a named prepared
   * statement (named after its text), PostgreSQL choosing for each call between its generic plan
   * and one made for the values; JSON columns come parsed, 64-bit integers as strings.
   */
  preparedRows<T>(statement: SQL): Promise<T[]>;
  /**
   * Like `preparedRows`, for a statement whose values are named placeholders (`sql.placeholder`):
   * its text is made once, here, and each `run` only fills the values in (the busiest reads, where
   * building the text again cost as much as the database's work). On PostgreSQL the statement always
   * runs its generic plan, as `preparedBytes` does: no value may change which plan fits.
   */
  prepare<T>(statement: SQL): PreparedStatement<T>;
  /**
   * Like `preparedRows`, for a statement whose columns are text or integers: each value comes as the
   * UTF-8 bytes of its text form (NULL: null). On PostgreSQL they are the bytes the database sent,
   * never made into a JS string (large JSON texts written by the database go to the socket as they
   * are); on PGlite they are made from its values. On PostgreSQL the statement always runs its generic
   * plan (each connection plans it once): it must be written so that no value changes which plan fits.
   */
  preparedBytes<K extends string>(statement: SQL): Promise<Record<K, FieldBytes>[]>;
  /** Applies the SQL migrations that have not run yet. */
  migrate(): Promise<void>;
  /** The embedded database's files, to start others from (`embeddedDump`); absent on PostgreSQL. */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface PreparedStatement<T> {
  /** Runs the statement with a value for each of its placeholders, by name. */
  run(values: Record<string, unknown>): Promise<T[]>;
}

/** The names of the statement texts seen lately (texts are few: their shapes, not their values). */
const statementNames = new Map<string, string>();
const MAX_STATEMENT_NAMES = 1000;

/** A prepared statement's name, from its text: each pooled connection plans a statement once. */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    if (statementNames.size >= MAX_STATEMENT_NAMES) statementNames.clear();
    name = `q_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; `memory://` keeps it in memory (tests). */
  dataDir: string;
  /** A new embedded database starts as a copy of this one (`Database.dump()`), instead of empty. */
  embeddedDump?: Blob | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir, options.embeddedDump);
}

async function openPglite(dataDir: string, dump?: Blob): Promise<Database> {
  const inMemory = dataDir.startsWith("memory://");
  const location = inMemory ? dataDir : path.resolve(dataDir, "pglite");
  if (!inMemory) await mkdir(location, { recursive: true });
  const client = await PGlite.create(location, { extensions: { unaccent, cube, earthdistance }, ...(dump ? { loadDataDir: dump } : {}) });
  const orm = drizzlePglite(client, { schema });
  return {
    kind: "pglite",
    orm,
    rows: <T>(statement: SQL) => rowsOf<T>(orm, statement),
    // One connection, in the same process: nothing to gain from naming statements.
    preparedRows: <T>(statement: SQL) => rowsOf<T>(orm, statement),
    prepare<T>(statement: SQL): PreparedStatement<T> {
      const query = new PgDialect().sqlToQuery(statement);
      return { run: async (values) => (await client.query<T>(query.sql, fillPlaceholders(query.params, values))).rows };
    },
    preparedBytes: async <K extends string>(statement: SQL) =>
      (await rowsOf<Record<K, unknown>>(orm, statement)).map((row) => {
        const bytes = {} as Record<K, FieldBytes>;
        for (const [name, value] of Object.entries(row) as [K, unknown][]) bytes[name] = valueBytes(value);
        return bytes;
      }),
    migrate: () => migratePglite(orm, { migrationsFolder }),
    dump: () => client.dumpDataDir("none"),
    close: () => client.close(),
  };
}

/** An embedded database's text or integer value as the bytes of its text form. */
function valueBytes(value: unknown): FieldBytes {
  if (value === null) return null;
  if (typeof value === "string") return Buffer.from(value);
  if (typeof value === "number" || typeof value === "bigint") return Buffer.from(String(value));
  throw new Error(`preparedBytes reads text and integer columns, not ${typeof value}`);
}

async function openPostgres(databaseUrl: string): Promise<Database> {
  const poolOptions = { connectionString: databaseUrl, max: 10, idleTimeoutMillis: 30_000 };
  const pool = new pg.Pool(poolOptions);
  // The connections of `preparedBytes` (the listings and searches) and `prepare` (the autocomplete).
  // Left to choose, PostgreSQL planned a listing again on every call (its page's limit and offset make
  // the generic plan look dearer than a custom one, though it is the same walk along an index): the
  // planning cost more than the run (0.6 ms against 0.4 ms); the autocomplete's, made for several
  // requests' words at once, 1.8 ms against 1 ms. Those statements are written for a generic plan,
  // which `force_generic_plan` keeps for every call.
  // BytesClient: pg's client, which can also hand values over as bytes.
  const generic = new pg.Pool({ ...poolOptions, options: "-c plan_cache_mode=force_generic_plan", Client: BytesClient as unknown as new () => pg.ClientBase });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on("error", () => undefined);
  generic.on("error", () => undefined);
  const orm = drizzlePg(pool, { schema });
  const dialect = new PgDialect();
  return {
    kind: "postgres",
    orm,
    rows: <T>(statement: SQL) => rowsOf<T>(orm, statement),
    async preparedRows<T>(statement: SQL) {
      const query = dialect.sqlToQuery(statement);
      const result = await pool.query({ name: statementName(query.sql), text: query.sql, values: query.params });
      return result.rows as T[];
    },
    prepare<T>(statement: SQL): PreparedStatement<T> {
      const query = dialect.sqlToQuery(statement);
      const name = statementName(query.sql);
      return { run: async (values) => (await generic.query({ name, text: query.sql, values: fillPlaceholders(query.params, values) })).rows as T[] };
    },
    async preparedBytes<K extends string>(statement: SQL) {
      const query = dialect.sqlToQuery(statement);
      const result = await generic.query({ name: statementName(query.sql), text: query.sql, values: query.params, types: RAW_TYPES });
      return result.rows as Record<K, FieldBytes>[];
    },
    migrate: () => migratePg(orm, { migrationsFolder }),
    close: async () => {
      await Promise.all([pool.end(), generic.end()]);
    },
  };
}

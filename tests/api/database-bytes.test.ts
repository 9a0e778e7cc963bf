// `Database.preparedBytes`, on PGlite and PostgreSQL: a statement's text and integer values come as the
// UTF-8 bytes of their text form (on PostgreSQL the bytes it sent, read by the pool's own row parser,
// server/db/pg-bytes.ts), equal to what `rows` decodes, whatever their characters and size (a value
// spread over several socket reads); the statements run meanwhile still get their values decoded and
// typed as before; and the statements read as bytes keep their generic plan.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/client.ts";
import { backends, openTestDatabase } from "../support/test-app.ts";

/** Characters of one, two, three and four UTF-8 bytes, and JSON's escapes. */
const MIXED = `a é € 😀 中 "quoted" \\ back\nline`;

/** A statement of text (small, large, empty, NULL) and integer columns. */
const statement = (repeat: number) => sql`
  select repeat(${MIXED}, ${repeat}) as big, ${MIXED}::text as small, ''::text as empty, null::text as missing,
         ${repeat}::int as count, (2147483647::bigint * 3) as wide`;

describe.each(backends())("values as bytes on $name", (backend) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(backend);
  });
  afterAll(async () => {
    await db?.close();
  });

  it("come as the bytes of the values the plain statement answers", async () => {
    for (const repeat of [1, 1_000, 20_000]) {
      const [bytes] = await db.preparedBytes<"big" | "small" | "empty" | "missing" | "count" | "wide">(statement(repeat));
      const [plain] = await db.rows<Record<string, string | number | null>>(statement(repeat));
      expect(bytes?.big).toBeInstanceOf(Buffer);
      expect(bytes?.big?.length).toBe(Buffer.byteLength(MIXED) * repeat);
      expect(bytes?.big?.equals(Buffer.from(String(plain?.big)))).toBe(true);
      expect(bytes?.small?.toString()).toBe(MIXED);
      expect(bytes?.empty).toEqual(Buffer.alloc(0));
      expect(bytes?.missing).toBeNull();
      expect(bytes?.count?.toString()).toBe(String(repeat));
      expect(bytes?.wide?.toString()).toBe("6442450941");
    }
  });

  it("leave the other statements' values decoded and typed, also when run at the same time", async () => {
    const rounds = Array.from({ length: 40 }, async (_, index) => {
      if (index % 2 === 0) {
        const [row] = await db.preparedBytes<"big" | "count">(statement(200 + index));
        expect(row?.big?.equals(Buffer.from(MIXED.repeat(200 + index)))).toBe(true);
        expect(Number(row?.count?.toString())).toBe(200 + index);
      } else {
        const [row] = await db.preparedRows<{ big: string; count: number; doc: { text: string }; flag: boolean }>(sql`
          select repeat(${MIXED}, ${200 + index}) as big, ${200 + index}::int as count,
                 json_build_object('text', ${MIXED}::text) as doc, true as flag`);
        expect(row).toEqual({ big: MIXED.repeat(200 + index), count: 200 + index, doc: { text: MIXED }, flag: true });
      }
    });
    await Promise.all(rounds);
  });

  it("run the statements read as bytes on their generic plan and leave the others' plans to PostgreSQL's choice", async () => {
    const setting = sql`select current_setting('plan_cache_mode') as mode`;
    const [generic] = await db.preparedBytes<"mode">(setting);
    const [prepared] = await db.preparedRows<{ mode: string }>(setting);
    const [plain] = await db.rows<{ mode: string }>(setting);
    // On PostgreSQL the listings' statements would otherwise be planned again on every call; on PGlite
    // they are not prepared statements (planned with their values on each call).
    expect(generic?.mode?.toString()).toBe(db.kind === "postgres" ? "force_generic_plan" : "auto");
    expect(prepared?.mode).toBe("auto");
    expect(plain?.mode).toBe("auto");
  });
});

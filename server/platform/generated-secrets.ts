// Secrets the shop makes for itself when none is configured: random, generated once and kept in
// the database, so that every server on the same database (and every restart) shares them.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { generatedSecrets } from "../db/schema.ts";

async function generatedSecret(db: Database, name: string): Promise<string> {
  await db.orm
    .insert(generatedSecrets)
    .values({ name, value: randomBytes(48).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.orm.select({ value: generatedSecrets.value }).from(generatedSecrets).where(eq(generatedSecrets.name, name));
  if (!row) throw new Error(`the generated secret ${name} could not be stored`);
  return row.value;
}

/** The configured secret, else the generated one; looked up once (on first use, after migrations). */
export function secretSource(db: Database, name: string, configured: string | undefined): () => Promise<string> {
  let value: Promise<string> | undefined;
  return () => {
    value ??= configured !== undefined ? Promise.resolve(configured) : generatedSecret(db, name);
    value.catch(() => {
      value = undefined;
    });
    return value;
  };
}

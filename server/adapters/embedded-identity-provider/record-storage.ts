// The embedded identity provider's storage (oidc-provider's adapter interface) on the
// identity_provider_records table: sessions, interactions, grants, codes and tokens live in the
// database, so that a restart or another server of the shop carries on the same sign-in.
import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import type { Adapter, AdapterFactory, AdapterPayload } from "oidc-provider";
import type { Database } from "../../db/client.ts";
import { identityProviderRecords } from "../../db/schema.ts";

/** A stored payload: what upsert was given, read back from JSON. */
function isPayload(value: unknown): value is AdapterPayload {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function recordStorage(db: Database, now: () => Date = () => new Date()): AdapterFactory {
  return (kind: string): Adapter => {
    const records = identityProviderRecords;
    const live = () => or(isNull(records.expiresAt), gt(records.expiresAt, now()));

    async function findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
      const [row] = await db.orm
        .select({ payload: records.payload, consumedAt: records.consumedAt })
        .from(records)
        .where(and(eq(records.kind, kind), condition, live()))
        .limit(1);
      if (!row || !isPayload(row.payload)) return undefined;
      return row.consumedAt ? { ...row.payload, consumed: epochSeconds(row.consumedAt) } : row.payload;
    }

    return {
      async upsert(id, payload, expiresIn) {
        const values = {
          payload,
          grantId: typeof payload.grantId === "string" ? payload.grantId : null,
          userCode: typeof payload.userCode === "string" ? payload.userCode : null,
          uid: typeof payload.uid === "string" ? payload.uid : null,
          expiresAt: typeof expiresIn === "number" ? new Date(now().getTime() + expiresIn * 1000) : null,
        };
        await db.orm
          .insert(records)
          .values({ kind, id, ...values })
          .onConflictDoUpdate({ target: [records.kind, records.id], set: values });
      },
      find: (id) => findWhere(eq(records.id, id)),
      findByUid: (uid) => findWhere(eq(records.uid, uid)),
      findByUserCode: (userCode) => findWhere(eq(records.userCode, userCode)),
      async consume(id) {
        await db.orm.update(records).set({ consumedAt: now() }).where(and(eq(records.kind, kind), eq(records.id, id)));
      },
      async destroy(id) {
        await db.orm.delete(records).where(and(eq(records.kind, kind), eq(records.id, id)));
      },
      async revokeByGrantId(grantId) {
        // Every code and token of the grant goes, whatever its kind (as the reference adapter does).
        await db.orm.delete(records).where(eq(records.grantId, grantId));
      },
    };
  };
}

/** Deletes the records past their expiry; returns how many went (the housekeeping job). */
export async function purgeExpiredRecords(db: Database, before: Date): Promise<number> {
  const gone = await db.orm
    .delete(identityProviderRecords)
    .where(lt(identityProviderRecords.expiresAt, before))
    .returning({ id: identityProviderRecords.id });
  return gone.length;
}

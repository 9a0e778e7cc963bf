// Authorization requests on their way to the employees' identity provider: the state (kept as its
// SHA-256), the nonce and the PKCE verifier of each, for ten minutes, single use.
import { createHash, randomBytes } from "node:crypto";
import { eq, lt } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { singleSignOnRequests } from "../../db/schema.ts";

export const SIGN_ON_REQUEST_TTL_MS = 10 * 60_000;

export type HabileType = "BRAND_EMPLOYEE" | "EMPOWERMENT";

export interface SignOnRequest {
  habileType: HabileType;
  codeVerifier: string;
  nonce: string;
  redirectUri: string;
}

const stateHashOf = (state: string) => createHash("sha256").update(state).digest("hex");

/** 256 random bits, base64url: a state, a nonce or a PKCE verifier (43 characters). */
export const randomToken = () => randomBytes(32).toString("base64url");

const isHabileType = (value: string): value is HabileType => value === "BRAND_EMPLOYEE" || value === "EMPOWERMENT";

export function createSignOnRequests(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;
  return {
    async save(state: string, request: SignOnRequest): Promise<void> {
      const at = now();
      await db.orm.insert(singleSignOnRequests).values({
        stateHash: stateHashOf(state),
        ...request,
        createdAt: at,
        expiresAt: new Date(at.getTime() + SIGN_ON_REQUEST_TTL_MS),
      });
    },

    /** Takes the request of this state out (single use); undefined when unknown or expired. */
    async consume(state: string): Promise<SignOnRequest | undefined> {
      const [row] = await db.orm.delete(singleSignOnRequests).where(eq(singleSignOnRequests.stateHash, stateHashOf(state))).returning();
      if (!row || row.expiresAt.getTime() <= now().getTime() || !isHabileType(row.habileType)) return undefined;
      return { habileType: row.habileType, codeVerifier: row.codeVerifier, nonce: row.nonce, redirectUri: row.redirectUri };
    },
  };
}

export type SignOnRequests = ReturnType<typeof createSignOnRequests>;

/** Deletes the requests past their life; returns how many went. */
export async function purgeExpiredSignOnRequests(db: Database, now: Date): Promise<number> {
  const gone = await db.orm.delete(singleSignOnRequests).where(lt(singleSignOnRequests.expiresAt, now)).returning({ state: singleSignOnRequests.stateHash });
  return gone.length;
}

// What the embedded identity provider keeps secret, made at first start and kept in the database
// (generated_secrets) so that restarts and every server of the shop agree: the ID tokens' signing
// key, the key of its cookies, and the shop's client id and secret at the provider.
import { eq } from "drizzle-orm";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from "jose";
import type { Database } from "../../db/client.ts";
import { generatedSecrets } from "../../db/schema.ts";
import { secretSource } from "../../platform/generated-secrets.ts";

/** ID tokens are signed RS256: the algorithm every relying party accepts by default. */
export const SIGNING_ALGORITHM = "RS256";

async function newSigningKey(): Promise<string> {
  const { privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
  const jwk = await exportJWK(privateKey);
  return JSON.stringify({ ...jwk, kid: await calculateJwkThumbprint(jwk), alg: SIGNING_ALGORITHM, use: "sig" });
}

/** The stored signing key; the first server to ask makes it, the others read the same one. */
async function signingKey(db: Database): Promise<JWK> {
  const name = "identity-provider-signing-key";
  await db.orm.insert(generatedSecrets).values({ name, value: await newSigningKey() }).onConflictDoNothing();
  const [row] = await db.orm.select({ value: generatedSecrets.value }).from(generatedSecrets).where(eq(generatedSecrets.name, name));
  if (!row) throw new Error("the identity provider's signing key could not be stored");
  const parsed: unknown = JSON.parse(row.value);
  if (typeof parsed !== "object" || parsed === null || !("kty" in parsed) || typeof parsed.kty !== "string") {
    throw new Error("the identity provider's stored signing key is not a JWK");
  }
  return { ...parsed, kty: parsed.kty };
}

export interface ProviderSecrets {
  signingKey: JWK;
  cookieKey: string;
  clientId: string;
  clientSecret: string;
}

/** The embedded provider's secrets, read (or made) once. */
export function providerSecrets(db: Database): () => Promise<ProviderSecrets> {
  const cookieKey = secretSource(db, "identity-provider-cookie-key", undefined);
  const clientId = secretSource(db, "identity-provider-client-id", undefined);
  const clientSecret = secretSource(db, "identity-provider-client-secret", undefined);
  let secrets: Promise<ProviderSecrets> | undefined;
  return () => {
    secrets ??= (async () => ({
      signingKey: await signingKey(db),
      cookieKey: await cookieKey(),
      clientId: `escale-${(await clientId()).slice(0, 24)}`,
      clientSecret: await clientSecret(),
    }))();
    secrets.catch(() => {
      secrets = undefined;
    });
    return secrets;
  };
}

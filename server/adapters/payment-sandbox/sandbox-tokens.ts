// Signed, expiring tokens of the payment sandbox: the issuer pages' addresses and the redirect
// results carry what the sandbox needs in them, signed with its key (HMAC-SHA256), so that nobody
// can make one up or change it, and none is valid for long.
import { createHmac, timingSafeEqual } from "node:crypto";
import * as v from "valibot";

/** What a token is for: a token of one purpose is never accepted for another. */
export type TokenPurpose = "pay" | "challenge" | "result";

/** The longest token accepted (the pay page's carries the return address). */
export const MAX_TOKEN_LENGTH = 4096;

export type TokenCheck<T> = { status: "valid"; payload: T } | { status: "invalid" } | { status: "expired" };

const EnvelopeSchema = v.object({ p: v.string(), e: v.number(), d: v.unknown() });

const signatureOf = (key: Buffer, body: string) => createHmac("sha256", key).update(body).digest("base64url");

export function signToken(key: Buffer, purpose: TokenPurpose, payload: unknown, expiresAt: Date): string {
  const body = Buffer.from(JSON.stringify({ p: purpose, e: Math.floor(expiresAt.getTime() / 1000), d: payload })).toString("base64url");
  return `${body}.${signatureOf(key, body)}`;
}

/** The token's payload if it is ours, of this purpose, unexpired at `now` and of the expected shape. */
export function checkToken<TSchema extends v.GenericSchema>(
  key: Buffer,
  purpose: TokenPurpose,
  token: string,
  schema: TSchema,
  now: Date,
): TokenCheck<v.InferOutput<TSchema>> {
  if (token.length > MAX_TOKEN_LENGTH) return { status: "invalid" };
  const [body, signature, extra] = token.split(".");
  if (!body || !signature || extra !== undefined) return { status: "invalid" };
  const expected = Buffer.from(signatureOf(key, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { status: "invalid" };
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    return { status: "invalid" };
  }
  const envelope = v.safeParse(EnvelopeSchema, json);
  if (!envelope.success || envelope.output.p !== purpose) return { status: "invalid" };
  if (envelope.output.e * 1000 <= now.getTime()) return { status: "expired" };
  const payload = v.safeParse(schema, envelope.output.d);
  return payload.success ? { status: "valid", payload: payload.output } : { status: "invalid" };
}

// ALTCHA proof-of-work (protocol v2): the API serves signed challenges; the widget finds the
// counter and submits a Base64 JSON payload `{challenge, solution}` that the server checks with the
// HMAC key alone. A payload submitted with a form is recorded so that it serves once.
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { lt } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { usedCaptchaChallenges } from "../../db/schema.ts";
import { MAX_CAPTCHA_LEVEL, type Captcha } from "./captcha.ts";

const ALTCHA_ALGORITHM = "PBKDF2/SHA-256";
/** PBKDF2 iterations of one try. */
const ALTCHA_COST = 1000;
/** How long a challenge may be solved and submitted. */
const ALTCHA_CHALLENGE_TTL_MS = 10 * 60_000;

export interface AltchaOptions {
  db: Database;
  /** The HMAC key, resolved when first needed (configured, or generated once and stored). */
  hmacKey: () => Promise<string>;
  /** The largest counter to find: the difficulty. */
  maxNumber: number;
  now: () => Date;
}

interface AltchaPayload {
  challenge: Challenge;
  solution: Solution;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** The widget's answer, or null when it is not a well-formed payload. */
function parseAltchaPayload(answer: string): AltchaPayload | null {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(answer, "base64").toString("utf8"));
  } catch {
    return null;
  }
  if (!isRecord(decoded) || !isRecord(decoded.challenge) || !isRecord(decoded.solution)) return null;
  const { challenge, solution } = decoded;
  if (!isRecord(challenge.parameters) || typeof challenge.signature !== "string") return null;
  if (typeof challenge.parameters.nonce !== "string" || typeof challenge.parameters.algorithm !== "string") return null;
  if (typeof solution.counter !== "number" || typeof solution.derivedKey !== "string") return null;
  return decoded as unknown as AltchaPayload;
}

/** The difficulty level a (verified, so signed) challenge was issued at. */
function levelOf(challenge: Challenge): number {
  const level = challenge.parameters.data?.level;
  return typeof level === "number" ? level : 0;
}

export function altchaCaptcha(options: AltchaOptions): Captcha {
  const { db, hmacKey, maxNumber, now } = options;
  const keys = async () => {
    const key = await hmacKey();
    // One key signs the challenge, a derived one the expected key (deterministic challenges).
    return { signature: key, keySignature: `${key}:derived-key` };
  };

  return {
    provider: "altcha",

    async challenge(level = 0) {
      const { signature, keySignature } = await keys();
      const clamped = Math.max(0, Math.min(MAX_CAPTCHA_LEVEL, Math.floor(level)));
      const largest = maxNumber * 2 ** clamped;
      const challenge = await createChallenge({
        algorithm: ALTCHA_ALGORITHM,
        cost: ALTCHA_COST,
        counter: randomInt(Math.ceil(largest / 2), largest),
        // Signed with the challenge: the level it was issued at cannot be lowered by the client.
        data: { level: clamped },
        deriveKey,
        expiresAt: new Date(now().getTime() + ALTCHA_CHALLENGE_TTL_MS),
        hmacSignatureSecret: signature,
        hmacKeySignatureSecret: keySignature,
      });
      return { parameters: { ...challenge.parameters }, signature: challenge.signature ?? "" };
    },

    async verify(answer, check) {
      const payload = parseAltchaPayload(answer);
      if (!payload || payload.challenge.parameters.algorithm !== ALTCHA_ALGORITHM) return false;
      const { signature, keySignature } = await keys();
      let verified: boolean;
      try {
        const result = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret: signature,
          hmacKeySignatureSecret: keySignature,
        });
        const expiresAt = payload.challenge.parameters.expiresAt;
        verified = result.verified && typeof expiresAt === "number" && expiresAt * 1000 > now().getTime() && levelOf(payload.challenge) >= (check.minLevel ?? 0);
      } catch {
        return false;
      }
      if (!verified || !check.consume) return verified;
      const expiresAt = new Date((payload.challenge.parameters.expiresAt ?? 0) * 1000);
      await db.orm.delete(usedCaptchaChallenges).where(lt(usedCaptchaChallenges.expiresAt, now()));
      const recorded = await db.orm
        .insert(usedCaptchaChallenges)
        .values({ id: payload.challenge.parameters.nonce, expiresAt })
        .onConflictDoNothing()
        .returning({ id: usedCaptchaChallenges.id });
      return recorded.length > 0;
    },
  };
}

// Password hashing: argon2id with at least the OWASP minimum (19 MiB of memory, 2 passes).
import { hash, verify, type Algorithm } from "@node-rs/argon2";

/** `Algorithm.Argon2id` (a const enum the module syntax cannot read). */
const ARGON2ID: Algorithm = 2;

const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let decoy: Promise<string> | undefined;

/** Spends the time of a real check when there is no account, so that timing tells nothing. */
export async function checkDecoyPassword(password: string): Promise<false> {
  decoy ??= hashPassword("no account has this password");
  await passwordMatches(await decoy, password);
  return false;
}

// What the sandbox's parts share: its keys (derived from its one secret), its clock, its signed
// tokens, its psp references, its table of outcomes, and the addresses of its issuer pages.
import { createHmac, randomBytes } from "node:crypto";
import type { Database, Orm } from "../../db/client.ts";
import { outcomeStore, SANDBOX_METHOD_TYPE, type OutcomeStore, type Outcome, type PendingChallenge, type PendingPayment } from "./sandbox-payments.ts";
import { signToken, type TokenPurpose } from "./sandbox-tokens.ts";
import type { CardDecision } from "./test-cards.ts";

/** Where the issuer pages live on the shop's server. */
export const SANDBOX_PATH = "/payment-sandbox";

/** How long the shopper has on the pay page, on the challenge page, and to bring a redirect result back. */
export const PAY_PAGE_MS = 30 * 60_000;
const CHALLENGE_PAGE_MS = 10 * 60_000;
export const REDIRECT_RESULT_MS = 24 * 60 * 60_000;

const PSP_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/** 16 characters, as Adyen's psp references. */
function pspReferenceOf(bytes: Buffer): string {
  return [...bytes.subarray(0, 16)].map((byte) => PSP_ALPHABET[byte % PSP_ALPHABET.length]).join("");
}

export interface SandboxKitOptions {
  db: Database;
  /** The shop's address as shoppers reach it: the issuer pages' addresses start with it. */
  publicUrl: string;
  /** The sandbox's secret, kept in the database (server/platform/generated-secrets.ts). */
  secret: () => Promise<string>;
  now: () => Date;
}

export interface SandboxKit {
  now: () => Date;
  orm: Orm;
  outcomes: OutcomeStore;
  tokenKey(): Promise<Buffer>;
  /** The hexadecimal key of the notifications' HMAC signatures. */
  notificationKey(): Promise<string>;
  sign(purpose: TokenPurpose, payload: unknown, validForMs: number): Promise<string>;
  /** The same psp reference for a request retried with its idempotency key, as Adyen answers; else a random one. */
  pspReferenceFor(idempotencyKey: string | undefined): Promise<string>;
  /** The action that sends Drop-in's shopper to a page of the sandbox. */
  redirectAction(url: string): Record<string, unknown>;
  payPageUrl(payment: PendingPayment): Promise<string>;
  challengeUrl(payment: PendingPayment, decision: Extract<CardDecision, { kind: "challenge" }>): Promise<string>;
}

/** The outcome a decision without a challenge stands for. */
export const outcomeOf = (decision: Exclude<CardDecision, { kind: "challenge" }>): Outcome =>
  decision.kind === "authorised" ? { resultCode: "Authorised", brand: decision.brand } : { ...decision.outcome, brand: decision.brand };

export function createSandboxKit(options: SandboxKitOptions): SandboxKit {
  const { now } = options;
  const publicUrl = options.publicUrl.replace(/\/$/, "");
  const derived = (label: string) => options.secret().then((secret) => createHmac("sha256", secret).update(label).digest());
  const tokenKey = () => derived("payment-sandbox tokens");
  const notificationKey = () => derived("payment-sandbox notifications").then((key) => key.toString("hex"));
  const sign = async (purpose: TokenPurpose, payload: unknown, validForMs: number) =>
    signToken(await tokenKey(), purpose, payload, new Date(now().getTime() + validForMs));
  return {
    now,
    orm: options.db.orm,
    outcomes: outcomeStore(options.db, notificationKey, now),
    tokenKey,
    notificationKey,
    sign,
    async pspReferenceFor(idempotencyKey) {
      if (!idempotencyKey) return pspReferenceOf(randomBytes(16));
      return pspReferenceOf(createHmac("sha256", await tokenKey()).update(`psp:${idempotencyKey}`).digest());
    },
    redirectAction: (url) => ({ type: "redirect", method: "GET", url, paymentMethodType: SANDBOX_METHOD_TYPE }),
    payPageUrl: async (payment) => `${publicUrl}${SANDBOX_PATH}/pay/${await sign("pay", payment, PAY_PAGE_MS)}`,
    async challengeUrl(payment, decision) {
      const pending: PendingChallenge = { ...payment, brand: decision.brand, ...(decision.after ? { after: decision.after } : {}) };
      return `${publicUrl}${SANDBOX_PATH}/challenge/${await sign("challenge", pending, CHALLENGE_PAGE_MS)}`;
    },
  };
}

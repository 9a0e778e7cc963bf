// The issuer pages' side of the sandbox (what sandbox-routes.ts asks): open a payment or a
// challenge from its token, decide it with the card typed or the challenge's answer, or give it
// up; each ends with where the browser goes next.
import { checkToken, type TokenCheck } from "./sandbox-tokens.ts";
import { outcomeOf, REDIRECT_RESULT_MS, type SandboxKit } from "./sandbox-kit.ts";
import { PendingChallengeSchema, PendingPaymentSchema, type Outcome, type PendingChallenge, type PendingPayment } from "./sandbox-payments.ts";
import { decideCard, decideChallenge, type CardEntry } from "./test-cards.ts";

export type PageStep = { status: "invalid" } | { status: "expired" } | { status: "redirect"; location: string };

export interface SandboxIssuer {
  openPayment(token: string): Promise<TokenCheck<PendingPayment>>;
  /** Decides the payment with the card typed: to the challenge page, or back to the shop. */
  submitCard(token: string, entry: CardEntry): Promise<PageStep>;
  openChallenge(token: string): Promise<TokenCheck<PendingChallenge>>;
  submitChallenge(token: string, password: string): Promise<PageStep>;
  /** The shopper gave up (on the pay page or the challenge page): Cancelled, back to the shop. */
  abandon(token: string): Promise<PageStep>;
}

export function createSandboxIssuer(kit: SandboxKit): SandboxIssuer {
  const { outcomes, now } = kit;

  async function redirectBack(payment: PendingPayment): Promise<PageStep> {
    const location = new URL(payment.ret);
    location.searchParams.set("redirectResult", await kit.sign("result", { psp: payment.psp }, REDIRECT_RESULT_MS));
    return { status: "redirect", location: location.toString() };
  }

  /** Fixes the outcome (unless one was fixed first) and sends the browser back to the shop. */
  async function backToShop(payment: PendingPayment, outcome: Outcome): Promise<PageStep> {
    await outcomes.decide(payment, outcome);
    return redirectBack(payment);
  }

  const issuer: SandboxIssuer = {
    async openPayment(token) {
      return checkToken(await kit.tokenKey(), "pay", token, PendingPaymentSchema, now());
    },
    async submitCard(token, entry) {
      const check = await issuer.openPayment(token);
      if (check.status !== "valid") return { status: check.status };
      const payment = check.payload;
      // Decided already (the form posted twice, the back button): the first outcome stands.
      if (await outcomes.find(payment.psp)) return redirectBack(payment);
      const decision = decideCard(entry, now());
      if (decision.kind === "challenge") return { status: "redirect", location: await kit.challengeUrl(payment, decision) };
      return backToShop(payment, outcomeOf(decision));
    },
    async openChallenge(token) {
      return checkToken(await kit.tokenKey(), "challenge", token, PendingChallengeSchema, now());
    },
    async submitChallenge(token, password) {
      const check = await issuer.openChallenge(token);
      if (check.status !== "valid") return { status: check.status };
      const pending = check.payload;
      const refusal = decideChallenge(password, pending.after);
      return backToShop(pending, refusal ? { ...refusal, brand: pending.brand } : { resultCode: "Authorised", brand: pending.brand });
    },
    async abandon(token) {
      const key = await kit.tokenKey();
      const pay = checkToken(key, "pay", token, PendingPaymentSchema, now());
      const check = pay.status === "valid" ? pay : checkToken(key, "challenge", token, PendingChallengeSchema, now());
      if (check.status !== "valid") return { status: pay.status === "expired" ? "expired" : check.status };
      return backToShop(check.payload, { resultCode: "Cancelled" });
    },
  };
  return issuer;
}

// The payment sandbox's test cards and the outcomes they stand for: Adyen's documented test card
// numbers (test card numbers and 3-D Secure 2 pages of Adyen's docs) and the holder names that
// Adyen's test platform turns into a refusal (its "testing result codes and refusal reasons"
// table). The README lists this table; the sandbox answers nothing that is not in it.

export type CardBrand = "visa" | "mc" | "amex" | "cartebancaire";

export interface TestCard {
  number: string;
  brand: CardBrand;
  /** The scheme's name as a shopper reads it. */
  label: string;
  cvc: string;
  /** Enrolled in 3-D Secure 2: the issuer asks for the challenge's password. */
  threeDSecure: boolean;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: "4111111145551142", brand: "visa", label: "Visa", cvc: "737", threeDSecure: false },
  { number: "5555555555554444", brand: "mc", label: "Mastercard", cvc: "737", threeDSecure: false },
  { number: "370000000000002", brand: "amex", label: "American Express", cvc: "7373", threeDSecure: false },
  { number: "4917610000000000", brand: "visa", label: "Visa", cvc: "737", threeDSecure: true },
  { number: "5454545454545454", brand: "mc", label: "Mastercard", cvc: "737", threeDSecure: true },
  { number: "4035501428146300", brand: "cartebancaire", label: "Cartes Bancaires", cvc: "737", threeDSecure: true },
];

/** The password of the 3-D Secure 2 challenge for web integrations; anything else fails it. */
export const CHALLENGE_PASSWORD = "password";

export type DeclinedOutcome = { resultCode: "Refused" | "Error"; refusalReason: string };

/** Holder names that make Adyen's test platform refuse whichever test card carries them. */
export const HOLDER_NAME_OUTCOMES: Readonly<Record<string, DeclinedOutcome>> = {
  DECLINED: { resultCode: "Refused", refusalReason: "Refused" },
  CARD_EXPIRED: { resultCode: "Refused", refusalReason: "Expired Card" },
  NOT_ENOUGH_BALANCE: { resultCode: "Refused", refusalReason: "Not enough balance" },
  BLOCK_CARD: { resultCode: "Refused", refusalReason: "Blocked Card" },
  CVC_DECLINED: { resultCode: "Refused", refusalReason: "CVC Declined" },
  ISSUER_UNAVAILABLE: { resultCode: "Refused", refusalReason: "Issuer Unavailable" },
  ERROR: { resultCode: "Error", refusalReason: "Acquirer Error" },
};

/** Adyen's refusal reasons for what the test card itself gets wrong. */
export const CARD_REFUSALS = {
  unknownCard: { resultCode: "Refused", refusalReason: "Invalid Card Number" },
  expired: { resultCode: "Refused", refusalReason: "Expired Card" },
  wrongCvc: { resultCode: "Refused", refusalReason: "CVC Declined" },
  challengeFailed: { resultCode: "Refused", refusalReason: "3D Not Authenticated" },
} as const satisfies Record<string, DeclinedOutcome>;

/** What the shopper typed (digits only in the number). */
export interface CardEntry {
  number: string;
  expiryMonth: number;
  /** Four digits. */
  expiryYear: number;
  cvc: string;
  holderName: string;
}

export type CardDecision =
  | { kind: "authorised"; brand: CardBrand }
  | { kind: "declined"; brand: CardBrand | undefined; outcome: DeclinedOutcome }
  /** 3-D Secure 2: the challenge comes first, then `after` (the holder name's outcome, if any). */
  | { kind: "challenge"; brand: CardBrand; after: DeclinedOutcome | undefined };

export function testCardOf(number: string): TestCard | undefined {
  return TEST_CARDS.find((card) => card.number === number);
}

/** The outcome of a payment with this card at `now`, as Adyen's test platform decides it. */
export function decideCard(entry: CardEntry, now: Date): CardDecision {
  const card = testCardOf(entry.number);
  if (!card) return { kind: "declined", brand: undefined, outcome: CARD_REFUSALS.unknownCard };
  // A card is valid until the end of its expiry month.
  const endOfExpiry = Date.UTC(entry.expiryYear, entry.expiryMonth, 1);
  if (endOfExpiry <= now.getTime()) return { kind: "declined", brand: card.brand, outcome: CARD_REFUSALS.expired };
  if (entry.cvc !== card.cvc) return { kind: "declined", brand: card.brand, outcome: CARD_REFUSALS.wrongCvc };
  const holderOutcome = HOLDER_NAME_OUTCOMES[entry.holderName.trim().toUpperCase()];
  if (card.threeDSecure) return { kind: "challenge", brand: card.brand, after: holderOutcome };
  return holderOutcome ? { kind: "declined", brand: card.brand, outcome: holderOutcome } : { kind: "authorised", brand: card.brand };
}

/** The refusal once the shopper answered the 3-D Secure 2 challenge; undefined: authorised. */
export function decideChallenge(password: string, after: DeclinedOutcome | undefined): DeclinedOutcome | undefined {
  return password === CHALLENGE_PASSWORD ? after : CARD_REFUSALS.challengeFailed;
}

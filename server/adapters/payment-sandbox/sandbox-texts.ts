// The issuer pages' texts, in French and English (the shopper's language at the shop).
import type { SandboxLocale } from "./sandbox-payments.ts";

export interface SandboxTexts {
  sandbox: string;
  /** "label : value" with the language's punctuation. */
  labelled: (label: string, value: string) => string;
  payTitle: string;
  payIntro: string;
  amount: string;
  number: string;
  numberHint: string;
  expiry: string;
  expiryHint: string;
  cvc: string;
  cvcHint: string;
  holderName: string;
  holderNameHint: string;
  pay: (amount: string) => string;
  cancel: string;
  errorSummary: string;
  required: string;
  numberInvalid: string;
  expiryInvalid: string;
  cvcInvalid: string;
  holderNameInvalid: string;
  testCards: string;
  testCardsCaption: string;
  card: string;
  brand: string;
  securityCode: string;
  threeDSecure: string;
  yes: string;
  no: string;
  holderNames: string;
  holderNameOutcome: string;
  refusal: string;
  challengeTitle: string;
  challengeIntro: (amount: string, brand: string) => string;
  challengeHint: string;
  password: string;
  confirm: string;
  invalidTitle: string;
  invalidText: string;
  expiredTitle: string;
  expiredText: string;
  backToShop: string;
}

export const SANDBOX_TEXTS: Record<SandboxLocale, SandboxTexts> = {
  fr: {
    sandbox: "Bac à sable de paiement",
    labelled: (label, value) => `${label}\u00a0: ${value}`,
    payTitle: "Payer par carte de test",
    payIntro: "Cette page tient lieu de banque pour essayer la boutique\u00a0: aucune somme n'est débitée. Saisissez une des cartes de test ci-dessous.",
    amount: "Montant",
    number: "Numéro de carte",
    numberHint: "De 12 à 19 chiffres, par exemple 4111 1111 4555 1142.",
    expiry: "Date d'expiration",
    expiryHint: "Au format MM/AA, par exemple 03/30.",
    cvc: "Cryptogramme visuel (CVC)",
    cvcHint: "Les 3 ou 4 chiffres au dos de la carte.",
    holderName: "Nom du titulaire",
    holderNameHint: "Facultatif. Certains noms de test font refuser le paiement (voir le tableau).",
    pay: (amount) => `Payer ${amount}`,
    cancel: "Annuler et revenir à la boutique",
    errorSummary: "Le formulaire contient des erreurs",
    required: "Ce champ est obligatoire.",
    numberInvalid: "Saisissez un numéro de carte de 12 à 19 chiffres.",
    expiryInvalid: "Saisissez la date d'expiration au format MM/AA.",
    cvcInvalid: "Saisissez 3 ou 4 chiffres.",
    holderNameInvalid: "100 caractères au plus.",
    testCards: "Cartes de test",
    testCardsCaption: "Cartes de test d'Adyen ; date d'expiration : toute date à venir, par exemple 03/30.",
    card: "Numéro",
    brand: "Réseau",
    securityCode: "CVC",
    threeDSecure: "3-D Secure",
    yes: "oui",
    no: "non",
    holderNames: "Noms de titulaire qui font refuser le paiement",
    holderNameOutcome: "Nom du titulaire",
    refusal: "Motif de refus",
    challengeTitle: "Authentification 3-D Secure",
    challengeIntro: (amount, brand) => `Votre banque vous demande de confirmer ce paiement de ${amount} par carte ${brand}.`,
    challengeHint: "Mot de passe de test\u00a0: password. Tout autre mot de passe fait échouer l'authentification.",
    password: "Mot de passe",
    confirm: "Confirmer",
    invalidTitle: "Lien de paiement invalide",
    invalidText: "Ce lien de paiement n'est pas valide. Revenez à la boutique pour payer à nouveau.",
    expiredTitle: "Lien de paiement expiré",
    expiredText: "Ce lien de paiement a expiré. Revenez à la boutique pour payer à nouveau.",
    backToShop: "Revenir à la boutique",
  },
  en: {
    sandbox: "Payment sandbox",
    labelled: (label, value) => `${label}: ${value}`,
    payTitle: "Pay with a test card",
    payIntro: "This page stands in for a bank so that the shop can be tried: no money is taken. Enter one of the test cards below.",
    amount: "Amount",
    number: "Card number",
    numberHint: "12 to 19 digits, for example 4111 1111 4555 1142.",
    expiry: "Expiry date",
    expiryHint: "As MM/YY, for example 03/30.",
    cvc: "Security code (CVC)",
    cvcHint: "The 3 or 4 digits on the back of the card.",
    holderName: "Name on card",
    holderNameHint: "Optional. Some test names make the payment refused (see the table).",
    pay: (amount) => `Pay ${amount}`,
    cancel: "Cancel and go back to the shop",
    errorSummary: "The form has errors",
    required: "This field is required.",
    numberInvalid: "Enter a card number of 12 to 19 digits.",
    expiryInvalid: "Enter the expiry date as MM/YY.",
    cvcInvalid: "Enter 3 or 4 digits.",
    holderNameInvalid: "100 characters at most.",
    testCards: "Test cards",
    testCardsCaption: "Adyen's test cards; expiry date: any date to come, for example 03/30.",
    card: "Number",
    brand: "Scheme",
    securityCode: "CVC",
    threeDSecure: "3-D Secure",
    yes: "yes",
    no: "no",
    holderNames: "Holder names that make the payment refused",
    holderNameOutcome: "Name on card",
    refusal: "Refusal reason",
    challengeTitle: "3-D Secure authentication",
    challengeIntro: (amount, brand) => `Your bank asks you to confirm this payment of ${amount} with your ${brand} card.`,
    challengeHint: "Test password: password. Any other password fails the authentication.",
    password: "Password",
    confirm: "Confirm",
    invalidTitle: "Invalid payment link",
    invalidText: "This payment link is not valid. Go back to the shop to pay again.",
    expiredTitle: "Expired payment link",
    expiredText: "This payment link has expired. Go back to the shop to pay again.",
    backToShop: "Back to the shop",
  },
};

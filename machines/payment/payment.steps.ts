// The payment's paths in the payment pages' words (payment.*).
import { defineFlowSteps, type Words } from "../shared/flow-steps.ts";
import { ERRORS, ORDERS, RESULTS, paymentModel } from "./payment.model.ts";
import type { PaymentMessageId } from "./payment.types.ts";

const MESSAGES: Record<PaymentMessageId, Words> = {
  "errors.server.access": { fr: "Une erreur est survenue, veuillez réessayer plus tard.", en: "Something went wrong, please try again later." },
  "payment.unavailable": { fr: "Le module de paiement n'a pas pu être chargé.", en: "The payment form could not be loaded." },
  "payment.locked": {
    fr: "Un paiement de ce panier est en train de démarrer, peut-être dans un autre onglet. Réessayez dans un instant.",
    en: "A payment for this cart is being started, perhaps in another tab. Try again in a moment.",
  },
  "payment.error": { fr: "Le paiement n'a pas pu aboutir.", en: "The payment could not be completed." },
  "payment.amountChanged": {
    fr: "Le montant de votre commande a changé : vérifiez le récapitulatif avant de payer.",
    en: "The amount of your order has changed: check the summary before paying.",
  },
  "payment.notFound": { fr: "Ce paiement est introuvable. Votre panier vous attend.", en: "This payment could not be found. Your cart is waiting for you." },
};

/** What the page says, then what it offers or tells besides. */
function pageSays(messageId: PaymentMessageId | null, then: Words): Words {
  if (messageId === null) return then;
  const message = MESSAGES[messageId];
  return { fr: `la page dit « ${message.fr} » ${then.fr}`, en: `the page says “${message.en}” ${then.en}` };
}

const TRY_AGAIN = { fr: "avec « Réessayer »", en: "with “Try again”" };

const PROVIDER_ANSWERS: Record<keyof typeof RESULTS, Words> = {
  authorised: { fr: "la banque accepte le paiement", en: "the bank accepts the payment" },
  redirect: { fr: "la banque demande de passer par sa page", en: "the bank asks for its own page" },
  challenge: { fr: "la banque demande une vérification 3-D Secure", en: "the bank asks for a 3-D Secure check" },
  pending: { fr: "le paiement est en attente", en: "the payment is pending" },
  received: { fr: "le paiement est reçu, pas encore confirmé", en: "the payment is received, not yet confirmed" },
  refused: { fr: "la banque refuse le paiement", en: "the bank refuses the payment" },
  cancelled: { fr: "le paiement est annulé", en: "the payment is cancelled" },
  outOfStock: { fr: "le paiement est annulé faute de stock", en: "the payment is cancelled for want of stock" },
  error: { fr: "le prestataire de paiement est en erreur", en: "the payment provider is in error" },
};

const REFUSALS: Record<keyof typeof ERRORS, Words> = {
  amountMismatch: { fr: "le montant du panier a changé", en: "the cart’s amount has changed" },
  outOfStock: { fr: "un produit n’est plus en stock", en: "a product is out of stock" },
  locked: { fr: "un paiement de ce panier démarre déjà", en: "a payment of this cart is already starting" },
  incomplete: { fr: "la livraison du panier est incomplète", en: "the cart’s delivery is incomplete" },
  empty: { fr: "le panier est vide", en: "the cart is empty" },
  alreadyPaid: { fr: "la commande est déjà payée", en: "the order is already paid" },
  notFound: { fr: "le panier est introuvable", en: "the cart cannot be found" },
  server: { fr: "le serveur échoue", en: "the server fails" },
  gateway: { fr: "le prestataire de paiement ne répond pas", en: "the payment provider does not answer" },
};

const ORDER_ANSWERS: Record<keyof typeof ORDERS, Words> = {
  paid: { fr: "la commande est payée", en: "the order is paid" },
  pending: { fr: "la commande attend toujours son paiement", en: "the order still awaits its payment" },
  cancelled: { fr: "la commande est annulée", en: "the order is cancelled" },
};

function nameOf<T extends object>(table: T, value: unknown): keyof T | undefined {
  const keys = Object.keys(table).filter((key): key is Extract<keyof T, string> => key in table);
  return keys.find((key) => table[key] === value);
}

function answered(words: Words | undefined): Words | undefined {
  return words && { fr: `(${words.fr})`, en: `(${words.en})` };
}

export const paymentSteps = defineFlowSteps(paymentModel, {
  states: {
    idle: { fr: "aucune page du paiement n’est ouverte", en: "no payment page is open" },
    needsConsent: {
      fr: "l’étape « Paiement » demande l’accord pour la catégorie « Paiement » des cookies, avec « Autoriser le module de paiement »",
      en: "the “Payment” step asks for consent to the “Payment” cookie category, with “Allow the payment form”",
    },
    loadingMethods: { fr: "la page dit « Chargement du paiement… »", en: "the page says “Loading the payment…”" },
    mounting: { fr: "le module de paiement s’affiche", en: "the payment form is being shown" },
    ready: { fr: "le « Module de paiement » est prêt, avec « Payer »", en: "the “Payment form” is ready, with “Pay”" },
    submitting: { fr: "la page dit « Paiement en cours… »", en: "the page says “Payment in progress…”" },
    actionInProgress: { fr: "le module dit « Vérification auprès de votre banque… »", en: "the form says “Checking with your bank…”" },
    confirming: { fr: "la réponse de la banque part au serveur", en: "the bank’s answer goes to the server" },
    refreshingAmount: { fr: "la boutique recharge le panier pour son nouveau montant", en: "the shop reloads the cart for its new amount" },
    checkingStock: { fr: "la page dit « Vérification du stock… »", en: "the page says “Checking the stock…”" },
    outOfStock: { fr: "la fenêtre « Produits en rupture de stock » s’ouvre", en: "the “Products out of stock” modal opens" },
    locked: (snapshot) => pageSays(snapshot.context.messageId, TRY_AGAIN),
    failed: (snapshot) => pageSays(snapshot.context.messageId, TRY_AGAIN),
    returning: { fr: "la page « Retour de votre banque » transmet la réponse de la banque", en: "the “Back from your bank” page hands over the bank’s answer" },
    "waitingForBank.lookingUpOrder": { fr: "la page « Confirmation du paiement » demande où en est la commande", en: "the “Confirming your payment” page asks how the order stands" },
    "waitingForBank.awaitingBank": {
      fr: "la page dit « Votre banque n'a pas encore confirmé le paiement. »",
      en: "the page says “Your bank has not confirmed the payment yet.”",
    },
    bankSilent: { fr: "la page dit « Votre banque n'a toujours pas répondu. » et propose de payer à nouveau", en: "the page says “Your bank has still not answered.” and offers to pay again" },
    reopening: { fr: "la page dit « Réouverture de votre panier… »", en: "the page says “Reopening your cart…”" },
    retryOffered: {
      fr: "la page « Paiement non abouti » dit « Votre panier est conservé : vous pouvez payer à nouveau. » avec « Payer à nouveau »",
      en: "the “Payment not completed” page says “Your cart has been kept: you can pay again.” with “Pay again”",
    },
    reopenFailed: (snapshot) => pageSays(snapshot.context.messageId, { fr: ": le panier n’a pas pu être rouvert", en: ": the cart could not be reopened" }),
    thankYou: { fr: "la page « Merci pour votre commande ! » s’ouvre", en: "the “Thank you for your order!” page opens" },
    retryPage: { fr: "la page « Paiement non abouti » s’ouvre", en: "the “Payment not completed” page opens" },
    resultPage: { fr: "la page « Confirmation du paiement » s’ouvre", en: "the “Confirming your payment” page opens" },
    paymentStep: { fr: "l’étape « Paiement » s’ouvre", en: "the “Payment” step opens" },
    shippingStep: { fr: "retour à l’étape « Livraison »", en: "back to the “Delivery” step" },
    cartPage: { fr: "retour à la page du panier", en: "back to the cart page" },
  },
  event: (event) => {
    switch (event.type) {
      case "payment.open":
        return event.consented
          ? { fr: "Ouvrir l’étape « Paiement » (cookies de paiement acceptés)", en: "Open the “Payment” step (payment cookies allowed)" }
          : { fr: "Ouvrir l’étape « Paiement » (cookies de paiement non acceptés)", en: "Open the “Payment” step (payment cookies not allowed)" };
      case "payment.return":
        if (event.redirectResult === null) return { fr: "Revenir de la banque sans sa réponse", en: "Come back from the bank without its answer" };
        return event.alreadySubmitted
          ? { fr: "Recharger la page « Retour de votre banque »", en: "Reload the “Back from your bank” page" }
          : { fr: "Revenir de la page de la banque", en: "Come back from the bank’s page" };
      case "payment.await":
        return { fr: "Ouvrir la page « Confirmation du paiement »", en: "Open the “Confirming your payment” page" };
      case "payment.reopen":
        return { fr: "Ouvrir la page « Paiement non abouti »", en: "Open the “Payment not completed” page" };
      case "payment.consented":
        return { fr: "Cliquer sur « Autoriser le module de paiement »", en: "Click “Allow the payment form”" };
      case "payment.dropinReady":
        return { fr: "(le module de paiement s’affiche)", en: "(the payment form shows)" };
      case "payment.dropinFailed":
        return { fr: "(le module de paiement échoue)", en: "(the payment form fails)" };
      case "payment.submit":
        return { fr: "Saisir la carte et cliquer sur « Payer »", en: "Enter the card and click “Pay”" };
      case "payment.details":
        return { fr: "Valider la vérification 3-D Secure de la banque", en: "Complete the bank’s 3-D Secure check" };
      case "payment.abandon":
        return { fr: "Abandonner la vérification de la banque", en: "Give up the bank’s check" };
      case "payment.retry":
        return { fr: "Cliquer sur « Réessayer »", en: "Click “Try again”" };
      case "payment.closeOutOfStock":
        return { fr: "Cliquer sur « Modifier mon panier »", en: "Click “Edit my shopping cart”" };
      case "payment.payAgain":
        return { fr: "Cliquer sur « Payer à nouveau »", en: "Click “Pay again”" };
      case "xstate.done.actor.initiatePayment":
      case "xstate.done.actor.submitDetails": {
        const name = nameOf(RESULTS, event.output);
        return answered(name === undefined ? undefined : PROVIDER_ANSWERS[name]);
      }
      case "xstate.error.actor.initiatePayment":
      case "xstate.error.actor.submitDetails":
      case "xstate.error.actor.reopenCart":
      case "xstate.error.actor.loadPaymentMethods":
      case "xstate.error.actor.fetchCart":
      case "xstate.error.actor.findOrder": {
        const name = nameOf(ERRORS, event.error);
        return answered(name === undefined ? undefined : REFUSALS[name]);
      }
      case "xstate.done.actor.loadPaymentMethods":
        return { fr: "(le serveur envoie les moyens de paiement)", en: "(the server sends the payment methods)" };
      case "xstate.done.actor.fetchCart":
        return { fr: "(le serveur renvoie le panier)", en: "(the server sends back the cart)" };
      case "xstate.done.actor.reopenCart":
        return { fr: "(le serveur rouvre le panier)", en: "(the server reopens the cart)" };
      case "xstate.done.actor.findOrder": {
        if (event.output === null) return { fr: "(le serveur ne trouve pas encore de commande)", en: "(the server finds no order yet)" };
        const name = nameOf(ORDERS, event.output);
        return answered(name === undefined ? undefined : ORDER_ANSWERS[name]);
      }
      case "xstate.after.orderPoll.payment.waitingForBank.awaitingBank":
        return { fr: "(quelques secondes passent)", en: "(a few seconds pass)" };
      case "xstate.after.bankPatience.payment.waitingForBank":
        return { fr: "(la banque tarde trop à répondre)", en: "(the bank takes too long to answer)" };
      default:
        return undefined;
    }
  },
});

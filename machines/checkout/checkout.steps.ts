// The checkout's paths in the checkout pages' words (checkout.*, errors.cartAdresse.*, relais.open).
import { defineFlowSteps, type Words } from "../shared/flow-steps.ts";
import { statusOf } from "./checkout.machine.ts";
import { STARTS, checkoutModel } from "./checkout.model.ts";
import type { Cart } from "./checkout.types.ts";

const SERVER_ERROR_SAID = { fr: "« Une erreur est survenue, veuillez réessayer plus tard. »", en: "“Something went wrong, please try again later.”" };

/** What a notification says, after the server's answer. */
function says(answer: Words, message: Words): Words {
  return { fr: `(${answer.fr} ; une notification dit ${message.fr})`, en: `(${answer.en}; a notification says ${message.en})` };
}

const FAILS = { fr: "le serveur échoue", en: "the server fails" };

const VISITS: Record<string, Words> = {
  guest: { fr: "un visiteur non connecté", en: "a visitor who is not signed in" },
  guestWithEmployeeFlag: { fr: "un visiteur non connecté qui a choisi la connexion salarié", en: "a visitor not signed in who chose the employee sign-in" },
  noCart: { fr: "un client sans panier", en: "a customer with no cart" },
  emptyCart: { fr: "un client au panier vide", en: "a customer with an empty cart" },
  empowerment: { fr: "un client du programme Empowerment", en: "a customer of the Empowerment programme" },
  overStock: { fr: "un client dont le panier dépasse le stock", en: "a customer whose cart is above the stock" },
  notReady: { fr: "un client dont la livraison reste à choisir", en: "a customer whose delivery is still to be chosen" },
  ready: { fr: "un client prêt à payer", en: "a customer ready to pay" },
  defaults: {
    fr: "un client dont l’adresse « Maison » est l’adresse de livraison et de facturation par défaut, et dont le panier n’a encore ni l’une ni l’autre",
    en: "a customer whose address “Maison” is the default delivery and billing address, and whose cart has neither yet",
  },
  defaultBilling: {
    fr: "un client dont le panier est livré à « Maison » mais sans adresse de facturation, « Maison » étant celle par défaut",
    en: "a customer whose cart goes to “Maison” but has no billing address yet, “Maison” being the default one",
  },
};

function cartState(cart: Cart): Words {
  if (cart.cartItems.some((line) => line.quantity > line.offer.stockQuantity)) return { fr: "un panier au-dessus du stock", en: "a cart above the stock" };
  return cart.billingAddress !== null && cart.shipments.length > 0
    ? { fr: "un panier prêt à payer", en: "a cart ready to pay" }
    : { fr: "un panier dont la livraison reste à choisir", en: "a cart whose delivery is still to be chosen" };
}

function isCart(value: unknown): value is Cart {
  return typeof value === "object" && value !== null && "cartItems" in value;
}

export const checkoutSteps = defineFlowSteps(checkoutModel, {
  states: {
    idle: { fr: "aucune page de la commande n’est ouverte", en: "no checkout page is open" },
    loading: { fr: "la page dit « Chargement… »", en: "the page says “Loading…”" },
    failed: { fr: "la page dit « Votre commande n’a pas pu être chargée » avec « Réessayer »", en: "the page says “Your order could not be loaded” with “Try again”" },
    emptyCart: { fr: "retour à la page du panier", en: "back to the cart page" },
    signIn: {
      fr: "la page « Identification » de la commande s’ouvre (ou s’affiche à la place de l’étape quand la session a pris fin)",
      en: "the checkout’s “Sign in” page opens (or shows in the step’s place when the session has ended)",
    },
    singleSignOn: { fr: "la connexion salarié (Habile) est proposée", en: "the employee sign-in (Habile) is offered" },
    empowerment: { fr: "la commande Empowerment s’ouvre", en: "the Empowerment checkout opens" },
    payment: { fr: "l’étape du paiement s’ouvre", en: "the payment step opens" },
    "shipping.editing": { fr: "l’étape « Livraison » attend les choix", en: "the “Delivery” step waits for the choices" },
    "shipping.relay": { fr: "la fenêtre « Choisir un point relais Colissimo » est ouverte", en: "the “Choose a Colissimo relay point” modal is open" },
    "shipping.addressList": { fr: "la fenêtre « Adresse de facturation » est ouverte", en: "the “Billing address” modal is open" },
    "shipping.savingAddress": { fr: "l’adresse de livraison part au serveur", en: "the delivery address goes to the server" },
    "shipping.savingBilling": { fr: "l’adresse de facturation part au serveur", en: "the billing address goes to the server" },
    "shipping.savingDefaultBilling": {
      fr: "l’adresse de facturation par défaut part au serveur (l’étape attend, sans fenêtre)",
      en: "the default billing address goes to the server (the step waits, no modal open)",
    },
    "shipping.savingMethods": { fr: "le mode de livraison part au serveur", en: "the delivery method goes to the server" },
    "shipping.verifyingStock": { fr: "la boutique vérifie le stock une dernière fois", en: "the shop checks the stock once more" },
    "shipping.outOfStock": { fr: "la fenêtre « Produits en rupture de stock » s’ouvre", en: "the “Products out of stock” modal opens" },
  },
  event: (event) => {
    switch (event.type) {
      case "checkout.enter":
        if (event.step === "payment") return { fr: "Ouvrir la page du paiement", en: "Open the payment page" };
        if (event.step === "signIn") return { fr: "Ouvrir la page « Identification » de la commande", en: "Open the checkout’s “Sign in” page" };
        return { fr: "Ouvrir l’étape « Livraison »", en: "Open the “Delivery” step" };
      case "checkout.chooseAddress":
        return { fr: `Choisir l’adresse « ${event.address.name ?? ""} »`, en: `Choose the address “${event.address.name ?? ""}”` };
      case "checkout.openRelay":
        return { fr: "Cliquer sur « Choisir un point relais »", en: "Click “Choose a relay point”" };
      case "checkout.chooseRelay":
        return { fr: `Valider le point relais n° ${event.relayPointId}`, en: `Validate relay point no. ${event.relayPointId}` };
      case "checkout.closeRelay":
        return { fr: "Cliquer sur « Retour »", en: "Click “Back”" };
      case "checkout.openAddressList":
        return { fr: "Cliquer sur « Choisir l’adresse de facturation »", en: "Click “Choose the billing address”" };
      case "checkout.chooseBilling":
        return { fr: `Choisir l’adresse de facturation « ${event.name} » et cliquer sur « Confirmer »`, en: `Choose the billing address “${event.name}” and click “Confirm”` };
      case "checkout.closeAddressList":
        return { fr: "Cliquer sur « Annuler »", en: "Click “Cancel”" };
      case "checkout.chooseMethods":
        return { fr: "Choisir le mode de livraison Colissimo", en: "Choose the Colissimo delivery method" };
      case "checkout.continue": {
        const cart = event.cart === null ? { fr: "sans panier", en: "with no cart" } : cartState(event.cart);
        return { fr: `Cliquer sur « Continuer vers le paiement » (${cart.fr})`, en: `Click “Continue to payment” (${cart.en})` };
      }
      case "checkout.closeOutOfStock":
        return { fr: "Fermer la fenêtre des produits en rupture", en: "Close the out-of-stock modal" };
      case "xstate.done.actor.loadCheckout": {
        const found = Object.entries(STARTS).find(([, start]) => start === event.output)?.[0];
        const who = found === undefined ? undefined : VISITS[found];
        return who && { fr: `(la boutique charge la commande : ${who.fr})`, en: `(the shop loads the checkout: ${who.en})` };
      }
      case "xstate.error.actor.loadCheckout":
        return says(FAILS, SERVER_ERROR_SAID);
      case "xstate.done.actor.setShippingAddress":
        return { fr: "(le serveur enregistre l’adresse de livraison)", en: "(the server saves the delivery address)" };
      case "xstate.error.actor.setShippingAddress":
        return statusOf(event.error) === 400
          ? says(
              { fr: "le serveur refuse l’adresse", en: "the server refuses the address" },
              { fr: "« Cette adresse ne peut pas être utilisée pour la livraison : vérifiez-la. »", en: "“This address cannot be used for delivery: please check it.”" },
            )
          : says(FAILS, SERVER_ERROR_SAID);
      case "xstate.done.actor.setBillingAddress":
        return { fr: "(le serveur enregistre l’adresse de facturation)", en: "(the server saves the billing address)" };
      case "xstate.error.actor.setBillingAddress":
        switch (statusOf(event.error)) {
          case 401:
            return says(
              { fr: "le serveur répond 401", en: "the server answers 401" },
              { fr: "« Votre session a expiré : reconnectez-vous pour choisir l’adresse de facturation. »", en: "“Your session has expired: sign in again to choose the billing address.”" },
            );
          case 409:
            return says(
              { fr: "le serveur répond 409", en: "the server answers 409" },
              { fr: "« Cette adresse de facturation ne peut pas être choisie pour le moment. »", en: "“This billing address cannot be chosen right now.”" },
            );
          case 404:
            return says(
              { fr: "le serveur répond 404", en: "the server answers 404" },
              { fr: "« Cette adresse n’existe plus dans votre carnet : choisissez-en une autre. »", en: "“This address is no longer in your address book: please choose another.”" },
            );
          default:
            return says(FAILS, SERVER_ERROR_SAID);
        }
      case "xstate.done.actor.setShipmentMethods":
        return { fr: "(le serveur enregistre le mode de livraison : le panier est prêt à payer)", en: "(the server saves the delivery method: the cart is ready to pay)" };
      case "xstate.error.actor.setShipmentMethods":
        return statusOf(event.error) === 400
          ? says(
              { fr: "le serveur refuse le mode de livraison", en: "the server refuses the delivery method" },
              { fr: "« Ce mode de livraison n’est pas disponible pour cette adresse : choisissez-en un autre. »", en: "“This delivery method is not available for this address: please choose another.”" },
            )
          : says(FAILS, SERVER_ERROR_SAID);
      case "xstate.done.actor.fetchCart":
        if (!isCart(event.output)) return undefined;
        return { fr: `(le serveur renvoie ${cartState(event.output).fr})`, en: `(the server sends back ${cartState(event.output).en})` };
      case "xstate.error.actor.fetchCart":
        return says(FAILS, SERVER_ERROR_SAID);
      default:
        return undefined;
    }
  },
});

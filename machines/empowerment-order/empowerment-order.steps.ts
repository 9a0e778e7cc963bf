// The empowerment checkout's paths in its page's words (empowerment.order.*, empowerment.pot.*).
import { defineFlowSteps, type Words } from "../shared/flow-steps.ts";
import { statusOf } from "./empowerment-order.machine.ts";
import { CARD_MESSAGE, empowermentOrderModel } from "./empowerment-order.model.ts";

const SERVER_ERROR_SAID = { fr: "« Une erreur est survenue, veuillez réessayer plus tard. »", en: "“Something went wrong, please try again later.”" };

function says(answer: Words, message: Words): Words {
  return { fr: `(${answer.fr} ; une notification dit ${message.fr})`, en: `(${answer.en}; a notification says ${message.en})` };
}

const FAILS = { fr: "le serveur échoue", en: "the server fails" };
const CARD_REFUSED = { fr: "« Le message de la carte n'a pas pu être enregistré. »", en: "“The card message could not be saved.”" };

function pageSays(message: Words): Words {
  return { fr: `la page dit « ${message.fr} »`, en: `the page says “${message.en}”` };
}

const REFUSALS: Record<string, Words> = {
  BUDGET_EXCEEDED: { fr: "le budget du mois ne suffit pas", en: "the month’s budget is not enough" },
  CART_EMPTY: { fr: "le panier est vide", en: "the cart is empty" },
  CART_INCOMPLETE: { fr: "la commande est incomplète", en: "the order is not complete" },
  CART_LOCKED: { fr: "le panier est en cours de paiement ailleurs", en: "the cart is being paid elsewhere" },
  COUNTRY_NOT_ALLOWED: { fr: "le pays est hors du programme", en: "the country is outside the programme" },
  MONEY_POT_NOT_FOUND: { fr: "aucun budget ce mois-ci", en: "no budget this month" },
  OUT_OF_STOCK: { fr: "un produit n’est plus en stock", en: "a product is out of stock" },
};

function codeOf(error: unknown): string {
  return typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
}

export const empowermentOrderSteps = defineFlowSteps(empowermentOrderModel, {
  states: {
    "editing.ready": { fr: "la page « Commande empowerment » attend les choix, avec « Valider la commande »", en: "the “Empowerment order” page waits for the choices, with “Place the order”" },
    "editing.budgetExceeded": pageSays({
      fr: "Le total de … dépasse ce qui reste de votre budget empowerment : retirez un article ou choisissez une livraison moins chère.",
      en: "The total of … is more than what is left of your empowerment budget: remove an item or choose a cheaper delivery.",
    }),
    "editing.incomplete": pageSays({ fr: "La commande est incomplète :", en: "The order is not complete:" }),
    "editing.cartEmpty": pageSays({ fr: "Votre panier est vide.", en: "Your cart is empty." }),
    "editing.cartLocked": pageSays({
      fr: "Ce panier est en cours de paiement par ailleurs : attendez la fin du paiement ou rechargez la page.",
      en: "This cart is being paid elsewhere: wait for the payment to end or reload the page.",
    }),
    "editing.countryNotAllowed": pageSays({
      fr: "L'adresse de livraison est hors des pays du programme empowerment : choisissez-en une autre.",
      en: "The delivery address is outside the empowerment programme's countries: choose another one.",
    }),
    "editing.failed": pageSays({ fr: "Une erreur est survenue, veuillez réessayer plus tard.", en: "Something went wrong, please try again later." }),
    savingAddress: { fr: "l’adresse de livraison du cadeau part au serveur", en: "the gift’s delivery address goes to the server" },
    savingBilling: { fr: "l’adresse de facturation part au serveur", en: "the billing address goes to the server" },
    savingDefaultBilling: {
      fr: "l’adresse de facturation par défaut part au serveur, sans fenêtre ; la page attend",
      en: "the default billing address goes to the server, with no modal; the page waits",
    },
    savingMethods: { fr: "le mode de livraison part au serveur", en: "the delivery method goes to the server" },
    savingMessage: { fr: "le message de la carte part au serveur", en: "the card message goes to the server" },
    "placing.savingMessage": { fr: "le bouton dit « Validation… » ; le message de la carte est enregistré d’abord", en: "the button says “Placing the order…”; the card message is saved first" },
    "placing.validating": { fr: "le bouton dit « Validation… »", en: "the button says “Placing the order…”" },
    checkingStock: { fr: "la boutique recharge le panier", en: "the shop reloads the cart" },
    outOfStock: { fr: "la fenêtre « Produits en rupture de stock » s’ouvre", en: "the “Products out of stock” modal opens" },
    noMoneyPot: pageSays({
      fr: "Aucun budget empowerment n'est prévu pour vous ce mois-ci : la commande ne peut pas être validée.",
      en: "No empowerment budget is set for you this month: the order cannot be placed.",
    }),
    ordered: { fr: "la page « Merci pour votre commande ! » s’ouvre, réglée avec le budget empowerment", en: "the “Thank you for your order!” page opens, paid from the empowerment budget" },
  },
  event: (event) => {
    switch (event.type) {
      case "empowermentOrder.chooseAddress":
        return {
          fr: `Choisir l’adresse du passager « ${event.address.name ?? ""} » (${event.address.city}, ${event.address.country})`,
          en: `Choose the passenger’s address “${event.address.name ?? ""}” (${event.address.city}, ${event.address.country})`,
        };
      case "empowermentOrder.chooseBilling":
        return { fr: `Choisir l’adresse de facturation « ${event.name} »`, en: `Choose the billing address “${event.name}”` };
      case "empowermentOrder.chooseMethods":
        return { fr: "Choisir le mode de livraison Colissimo", en: "Choose the Colissimo delivery method" };
      case "empowermentOrder.saveMessage":
        return { fr: `Écrire « ${event.message} » dans « Message de la carte » et quitter le champ`, en: `Write “${event.message}” in “Card message” and leave the field` };
      case "empowermentOrder.validate":
        return event.message === CARD_MESSAGE
          ? { fr: `Cliquer sur « Valider la commande » avec le message « ${event.message} »`, en: `Click “Place the order” with the message “${event.message}”` }
          : { fr: "Cliquer sur « Valider la commande » sans changer le message", en: "Click “Place the order” without changing the message" };
      case "empowermentOrder.closeOutOfStock":
        return { fr: "Fermer la fenêtre des produits en rupture", en: "Close the out-of-stock modal" };
      case "xstate.done.actor.setShippingAddress":
        return { fr: "(le serveur enregistre l’adresse de livraison)", en: "(the server saves the delivery address)" };
      case "xstate.done.actor.setBillingAddress":
        return { fr: "(le serveur enregistre l’adresse de facturation)", en: "(the server saves the billing address)" };
      case "xstate.done.actor.setShipmentMethods":
        return { fr: "(le serveur enregistre le mode de livraison)", en: "(the server saves the delivery method)" };
      case "xstate.done.actor.setCustomCard":
      case "xstate.done.actor.setCustomCardBeforeOrder":
        return { fr: "(le serveur enregistre le message)", en: "(the server saves the message)" };
      case "xstate.done.actor.validateOrder":
        return { fr: "(le serveur valide la commande, payée avec le budget)", en: "(the server places the order, paid from the budget)" };
      case "xstate.done.actor.fetchCart":
        return { fr: "(le serveur renvoie le panier tel qu’il est)", en: "(the server sends back the cart as it is now)" };
      case "xstate.error.actor.setShippingAddress":
        return statusOf(event.error) === 400
          ? says(
              { fr: "le serveur refuse l’adresse", en: "the server refuses the address" },
              { fr: "« Cette adresse ne peut pas être utilisée pour la livraison : vérifiez-la. »", en: "“This address cannot be used for delivery: please check it.”" },
            )
          : says(FAILS, SERVER_ERROR_SAID);
      case "xstate.error.actor.setBillingAddress":
        return says(
          { fr: "le serveur répond 404", en: "the server answers 404" },
          { fr: "« Cette adresse n’existe plus dans votre carnet : choisissez-en une autre. »", en: "“This address is no longer in your address book: please choose another.”" },
        );
      case "xstate.error.actor.setShipmentMethods":
        return statusOf(event.error) === 400
          ? says(
              { fr: "le serveur refuse le mode de livraison", en: "the server refuses the delivery method" },
              { fr: "« Ce mode de livraison n’est pas disponible pour cette adresse : choisissez-en un autre. »", en: "“This delivery method is not available for this address: please choose another.”" },
            )
          : says(FAILS, SERVER_ERROR_SAID);
      case "xstate.error.actor.setCustomCard":
        return says({ fr: "le serveur refuse le message", en: "the server refuses the message" }, CARD_REFUSED);
      case "xstate.error.actor.setCustomCardBeforeOrder":
        return says(FAILS, CARD_REFUSED);
      case "xstate.error.actor.validateOrder": {
        const reason = REFUSALS[codeOf(event.error)];
        return reason ? { fr: `(le serveur refuse : ${reason.fr})`, en: `(the server refuses: ${reason.en})` } : { fr: `(${FAILS.fr})`, en: `(${FAILS.en})` };
      }
      case "xstate.error.actor.fetchCart":
        return { fr: `(${FAILS.fr})`, en: `(${FAILS.en})` };
      default:
        return undefined;
    }
  },
});

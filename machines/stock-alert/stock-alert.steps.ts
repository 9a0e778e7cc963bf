// The back-in-stock form's paths in the product page's words (product.stockAlert.*, stockAlert.*).
import { defineFlowSteps } from "../shared/flow-steps.ts";
import { OTHER_EMAIL, stockAlertModel } from "./stock-alert.model.ts";

export const stockAlertSteps = defineFlowSteps(stockAlertModel, {
  states: {
    "editing.ready": (snapshot) => ({
      fr: `le formulaire « Être prévenu du retour en stock » montre l’adresse « ${snapshot.context.email} »`,
      en: `the “Get told when it is back” form shows the address “${snapshot.context.email}”`,
    }),
    "editing.invalidEmail": {
      fr: "le champ dit « Veuillez saisir une adresse e-mail valide »",
      en: "the field says “Please enter a valid email address”",
    },
    submitting: { fr: "le bouton dit « Envoi… »", en: "the button says “Sending…”" },
    submitted: (snapshot) => ({
      fr: `le formulaire fait place à « Votre demande est enregistrée : nous écrirons à ${snapshot.context.email} dès le retour de ce produit. »`,
      en: `the form gives way to “Your request is registered: we will write to ${snapshot.context.email} as soon as this product is back.”`,
    }),
  },
  event: (event) => {
    switch (event.type) {
      case "stockAlert.submit":
        return event.email === OTHER_EMAIL
          ? { fr: `Saisir « ${event.email} » et cliquer sur « M'avertir »`, en: `Type “${event.email}” and click “Notify me”` }
          : { fr: `Saisir l’adresse mal formée « ${event.email} » et cliquer sur « M'avertir »`, en: `Type the malformed address “${event.email}” and click “Notify me”` };
      case "xstate.done.actor.createAlert":
        return {
          fr: "(le serveur enregistre l’alerte ; une notification dit « C'est noté : nous vous préviendrons par e-mail dès le retour de ce produit. »)",
          en: "(the server registers the alert; a notification says “Done: we will email you as soon as this product is back in stock.”)",
        };
      case "xstate.error.actor.createAlert": {
        const text = JSON.stringify(event.error);
        if (text.includes("409")) {
          return {
            fr: "(le serveur répond : déjà inscrite ; une notification dit « Cette adresse e-mail est déjà inscrite pour être prévenue du retour de ce produit. »)",
            en: "(the server answers: already registered; a notification says “This email address is already registered to be told when this product is back.”)",
          };
        }
        if (text.includes("429")) {
          return {
            fr: "(le serveur répond : trop de demandes ; une notification dit « Trop de demandes en peu de temps. Veuillez patienter avant de réessayer. »)",
            en: "(the server answers: too many requests; a notification says “Too many requests in a short time. Please wait before trying again.”)",
          };
        }
        return {
          fr: "(le serveur échoue ; une notification dit « Une erreur est survenue, veuillez réessayer plus tard. »)",
          en: "(the server fails; a notification says “Something went wrong, please try again later.”)",
        };
      }
      default:
        return undefined;
    }
  },
});

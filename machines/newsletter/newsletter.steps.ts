// The newsletter form's paths in the footer's words (footer.newsletter.*, newsLetter.*).
import { defineFlowSteps } from "../shared/flow-steps.ts";
import { VALID_EMAIL, newsletterModel } from "./newsletter.model.ts";

export const newsletterSteps = defineFlowSteps(newsletterModel, {
  states: {
    "editing.awaitingTerms": {
      fr: "la case « J’accepte de recevoir la newsletter » n’est pas cochée, « S’inscrire » est inactif",
      en: "the “I agree to receive the newsletter” box is not ticked, “Subscribe” is disabled",
    },
    "editing.termsAccepted.ready": { fr: "la case est cochée, « S’inscrire » est actif", en: "the box is ticked, “Subscribe” is enabled" },
    "editing.termsAccepted.invalidEmail": { fr: "le formulaire dit « Adresse e-mail non valide »", en: "the form says “Not a valid Email”" },
    "editing.termsAccepted.alreadySubscribed": {
      fr: "le formulaire dit « Cette adresse e-mail est déjà inscrite à la newsletter. »",
      en: "the form says “This e-mail address is already subscribed to the newsletter.”",
    },
    "editing.termsAccepted.tooManyRequests": {
      fr: "le formulaire dit « Trop de demandes en peu de temps. Veuillez patienter avant de réessayer. »",
      en: "the form says “Too many requests in a short time. Please wait before trying again.”",
    },
    "editing.termsAccepted.failed": {
      fr: "le formulaire dit « Une erreur est survenue, veuillez réessayer plus tard. »",
      en: "the form says “Something went wrong, please try again later.”",
    },
    submitting: { fr: "le bouton dit « Inscription… »", en: "the button says “Subscribing…”" },
    subscribed: {
      fr: "le formulaire dit « Merci ! Votre inscription à la newsletter est confirmée. »",
      en: "the form says “Thank you! You are now subscribed to the newsletter.”",
    },
  },
  event: (event, before) => {
    switch (event.type) {
      case "newsletter.toggleTerms":
        return before.matches({ editing: "awaitingTerms" })
          ? { fr: "Cocher la case des conditions", en: "Tick the terms box" }
          : { fr: "Décocher la case des conditions", en: "Untick the terms box" };
      case "newsletter.submit":
        return event.email === VALID_EMAIL
          ? { fr: `Saisir « ${event.email} » et cliquer sur « S’inscrire »`, en: `Type “${event.email}” and click “Subscribe”` }
          : { fr: `Saisir l’adresse mal formée « ${event.email} » et cliquer sur « S’inscrire »`, en: `Type the malformed address “${event.email}” and click “Subscribe”` };
      case "xstate.done.actor.subscribe":
        return { fr: "(le serveur confirme l’inscription)", en: "(the server confirms the subscription)" };
      case "xstate.error.actor.subscribe": {
        const text = JSON.stringify(event.error);
        if (text.includes("409")) return { fr: "(le serveur répond : adresse déjà inscrite)", en: "(the server answers: address already subscribed)" };
        if (text.includes("429")) return { fr: "(le serveur répond : trop de demandes)", en: "(the server answers: too many requests)" };
        return { fr: "(le serveur échoue)", en: "(the server fails)" };
      }
      default:
        return undefined;
    }
  },
});

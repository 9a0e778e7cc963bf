// The session's paths in the shop's words (layout.signOut, auth.disconnected, errors.unauthorized).
import { defineFlowSteps } from "../shared/flow-steps.ts";
import { UNAUTHORIZED, sessionModel } from "./session.model.ts";

const DISCONNECTED = {
  fr: "la fenêtre de connexion s’ouvre avec « Vous avez été déconnecté. Veuillez vous connecter à nouveau. »",
  en: "the sign-in dialog opens with “You have been disconnected. Please sign in again.”",
};

export const sessionSteps = defineFlowSteps(sessionModel, {
  states: {
    restoring: { fr: "la boutique vérifie la session enregistrée", en: "the shop checks the stored session" },
    anonymous: { fr: "personne n’est connecté", en: "nobody is signed in" },
    signedIn: { fr: "le client est connecté, son compte s’affiche", en: "the customer is signed in, their account shows" },
    signingOut: { fr: "la déconnexion est en cours", en: "signing out is under way" },
  },
  event: (event) => {
    switch (event.type) {
      case "xstate.done.actor.loadCustomer":
        return { fr: "(le serveur reconnaît la session)", en: "(the server recognises the session)" };
      case "xstate.error.actor.loadCustomer":
        return event.error === UNAUTHORIZED
          ? { fr: `(le serveur refuse la session : ${DISCONNECTED.fr})`, en: `(the server refuses the session: ${DISCONNECTED.en})` }
          : {
              fr: "(le serveur ne répond pas ; une notification dit « Une erreur est survenue, veuillez réessayer plus tard. »)",
              en: "(the server does not answer; a notification says “Something went wrong, please try again later.”)",
            };
      case "session.signedIn":
        return { fr: `${event.customer.firstName} se connecte`, en: `${event.customer.firstName} signs in` };
      case "session.signOut":
        return { fr: "Cliquer sur « Se déconnecter »", en: "Click “Sign out”" };
      case "session.expired":
        return {
          fr: "(le serveur répond que la session a expiré ; une notification dit « Votre session a expiré, veuillez vous reconnecter. »)",
          en: "(the server answers that the session has expired; a notification says “Your session has expired, please sign in again.”)",
        };
      case "xstate.done.actor.revokeSession":
        return { fr: "(le serveur ferme la session)", en: "(the server closes the session)" };
      case "xstate.error.actor.revokeSession":
        return { fr: "(le serveur ne reconnaît plus la session ; elle est oubliée quand même)", en: "(the server no longer knows the session; it is forgotten all the same)" };
      default:
        return undefined;
    }
  },
});

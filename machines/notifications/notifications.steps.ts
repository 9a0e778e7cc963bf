// The notification queue's paths in the notifications' words (addToCart.add, errors.unauthorized).
import { defineFlowSteps, type Words } from "../shared/flow-steps.ts";
import { notificationsModel } from "./notifications.model.ts";

/** The messages of the model's sample notifications, as the catalogues word them. */
const MESSAGES: Record<string, Words> = {
  "addToCart.add": { fr: "Le produit a été ajouté à votre panier.", en: "The product was added to your cart." },
  "errors.unauthorized": { fr: "Votre session a expiré, veuillez vous reconnecter.", en: "Your session has expired, please sign in again." },
};

function message(messageId: string): Words {
  return MESSAGES[messageId] ?? { fr: messageId, en: messageId };
}

/** `notification-2` is the second passing one; `session` the persistent notice of a lost session. */
function nameOf(id: string): Words {
  const [, number] = /^notification-(\d+)$/u.exec(id) ?? [];
  return number === undefined ? { fr: "l’avis de session expirée", en: "the expired-session notice" } : { fr: `la notification n° ${number}`, en: `notification no. ${number}` };
}

export const notificationsSteps = defineFlowSteps(notificationsModel, {
  states: {
    empty: { fr: "aucune notification n’est affichée", en: "no notification is shown" },
    showing: (snapshot) => {
      const shown = snapshot.context.items.map((item) => (item.persistent ? { fr: "l’avis de session expirée (reste affiché)", en: "the expired-session notice (stays)" } : nameOf(item.id)));
      return {
        fr: `affichées, de la plus ancienne à la plus récente : ${shown.map((words) => words.fr).join(", ")}`,
        en: `shown, oldest first: ${shown.map((words) => words.en).join(", ")}`,
      };
    },
  },
  event: (event) => {
    switch (event.type) {
      case "notifications.push":
        return event.persistent
          ? { fr: `La session expire : l’avis « ${message(event.messageId).fr} » est demandé`, en: `The session expires: the notice “${message(event.messageId).en}” is asked for` }
          : { fr: `Ajouter un produit au panier : « ${message(event.messageId).fr} » est demandé`, en: `Add a product to the cart: “${message(event.messageId).en}” is asked for` };
      case "notifications.dismiss":
        return { fr: `Cliquer sur « Fermer la notification » de ${nameOf(event.id).fr}`, en: `Click “Dismiss notification” on ${nameOf(event.id).en}` };
      case "notifications.expire":
        return { fr: `(le temps d’affichage de ${nameOf(event.id).fr} s’écoule)`, en: `(the display time of ${nameOf(event.id).en} runs out)` };
      default:
        return undefined;
    }
  },
});

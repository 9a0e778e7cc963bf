// What Drop-in fetches from Adyen's hosts besides the card fields, served by the sandbox so that
// the payment step stays offline and within the shop's policy: the payment method's picture, its
// texts in French (Adyen's package carries English only), and the analytics calls Drop-in makes
// whether analytics are on or not. The SPA points Drop-in here (`_environmentUrls`) when the
// runtime configuration says the sandbox is the gateway.
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";

/** Drop-in's `_environmentUrls.cdn.images` and `.cdn.translations` in sandbox mode. */
export const DROP_IN_CDN_PATH = "/payment-sandbox/drop-in/";
/** Drop-in's `_environmentUrls.analytics` in sandbox mode. */
export const DROP_IN_ANALYTICS_PATH = "/payment-sandbox/drop-in/analytics/";

/** A plain card, for the sandbox's method and any brand Drop-in asks a picture of. */
const CARD_PICTURE = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="26" viewBox="0 0 40 26"><rect x=".5" y=".5" width="39" height="25" rx="3" fill="#eef1f8" stroke="#1f3c88"/><rect x="1" y="6" width="38" height="4" fill="#1f3c88"/><rect x="5" y="15" width="12" height="3" rx="1" fill="#6b6b80"/></svg>`;

/** Drop-in's texts on the sandbox's path (pay button, list of methods, errors), in French. */
const FRENCH_TEXTS: Record<string, string> = {
  payButton: "Payer",
  "payButton.redirecting": "Redirection…",
  payAmountFormat: "Payer %@",
  continue: "Continuer",
  continueTo: "Continuer vers",
  close: "Fermer",
  "paymentMethodsList.aria.label": "Choisissez un moyen de paiement",
  "paymentMethodsList.otherPayments.label": "Autres moyens de paiement",
  "paymentMethodsList.storedPayments.label": "Moyens de paiement enregistrés",
  "paymentMethodsList.otherPayments.buttonLabel": "Afficher %{count} de plus",
  "paymentMethodsList.promotedPayments.label": "Autre",
  "paymentMethodBrand.other": "autre",
  "error.title": "Erreur",
  "error.subtitle.redirect": "La redirection a échoué",
  "error.subtitle.payment": "Le paiement a échoué",
  "error.subtitle.refused": "Paiement refusé",
  "error.message.unknown": "Une erreur inconnue s'est produite",
  "form.instruction": "Tous les champs sont obligatoires, sauf mention contraire.",
};

const PICTURE_PATH = /^images\/logos\/[\w.@-]{1,80}\.svg$/;
const TRANSLATIONS_PATH = /^sdk\/[\w.-]{1,40}\/translations\/([a-z]{2})-[A-Z]{2}\.json$/;

export async function dropInResources(app: FastifyInstance) {
  app.get(`${DROP_IN_CDN_PATH}*`, async (request, reply) => {
    const path = request.url.slice(DROP_IN_CDN_PATH.length).split("?")[0] ?? "";
    if (PICTURE_PATH.test(path)) {
      return reply.header("cache-control", "public, max-age=86400").type("image/svg+xml").send(CARD_PICTURE);
    }
    const language = TRANSLATIONS_PATH.exec(path)?.[1];
    if (language) {
      // Other languages keep Drop-in's own English texts.
      return reply.header("cache-control", "public, max-age=86400").send(language === "fr" ? FRENCH_TEXTS : {});
    }
    return reply.status(404).send({ status: 404, message: "No such Drop-in resource in the payment sandbox" });
  });

  // Drop-in asks for an attempt id at start, then posts its events under it: nothing is kept.
  app.post(`${DROP_IN_ANALYTICS_PATH}v3/analytics`, async () => ({ checkoutAttemptId: randomUUID() }));
  app.post(`${DROP_IN_ANALYTICS_PATH}v3/analytics/*`, async () => ({}));
}

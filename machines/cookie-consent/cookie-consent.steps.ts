// The cookie consent's paths in the banner's words (consent.*, cookies.*).
import { defineFlowSteps, type Words } from "../shared/flow-steps.ts";
import { cookieConsentModel } from "./cookie-consent.model.ts";
import { CONSENT_CATEGORIES, type ConsentCategory } from "./cookie-consent.types.ts";

const CATEGORY_NAMES: Record<ConsentCategory, Words> = {
  maps: { fr: "Cartes", en: "Maps" },
  captcha: { fr: "Vérification anti-robot", en: "Bot protection" },
  payment: { fr: "Paiement", en: "Payment" },
};

export const cookieConsentSteps = defineFlowSteps(cookieConsentModel, {
  states: {
    "asking.undecided": {
      fr: "le bandeau « Vos choix en matière de cookies » s’affiche ; rien qui demande l’accord n’est chargé",
      en: "the “Your cookie choices” banner shows; nothing that needs consent is loaded",
    },
    "asking.choosing": (snapshot) => {
      const on = CONSENT_CATEGORIES.filter((category) => snapshot.context.draft[category]).map((category) => CATEGORY_NAMES[category]);
      return on.length === 0
        ? { fr: "le panneau « Catégories de cookies » montre un interrupteur par catégorie, tous éteints", en: "the “Cookie categories” panel shows a switch per category, all off" }
        : {
            fr: `le panneau « Catégories de cookies » montre un interrupteur par catégorie, allumé pour ${on.map((name) => `« ${name.fr} »`).join(", ")}`,
            en: `the “Cookie categories” panel shows a switch per category, on for ${on.map((name) => `“${name.en}”`).join(", ")}`,
          };
    },
    decided: (snapshot) => {
      const { consent } = snapshot.context;
      const allowed = CONSENT_CATEGORIES.filter((category) => consent?.[category] === true).length;
      if (allowed === 0) return { fr: "plus de bandeau ; aucune catégorie n’est acceptée", en: "no banner; no category is allowed" };
      if (allowed === CONSENT_CATEGORIES.length) return { fr: "plus de bandeau ; toutes les catégories sont acceptées et chargées", en: "no banner; every category is allowed and loaded" };
      return { fr: "plus de bandeau ; les catégories acceptées sont chargées", en: "no banner; the allowed categories are loaded" };
    },
  },
  event: (event) => {
    switch (event.type) {
      case "consent.acceptAll":
        return { fr: "Cliquer sur « Tout accepter »", en: "Click “Accept all”" };
      case "consent.refuseAll":
        return { fr: "Cliquer sur « Tout refuser »", en: "Click “Refuse all”" };
      case "consent.choose":
        return { fr: "Cliquer sur « Personnaliser »", en: "Click “Choose”" };
      case "consent.toggle": {
        const name = CATEGORY_NAMES[event.category];
        return { fr: `Basculer l’interrupteur « ${name.fr} »`, en: `Flip the “${name.en}” switch` };
      }
      case "consent.save":
        return { fr: "Cliquer sur « Enregistrer mes choix »", en: "Click “Save my choices”" };
      case "consent.reopen":
        return { fr: "Sur la page « Gestion des cookies », cliquer sur « Modifier mes choix »", en: "On the “Cookie settings” page, click “Change my choices”" };
      case "consent.cancel":
        return { fr: "Cliquer sur « Garder mes choix actuels »", en: "Click “Keep my current choices”" };
      default:
        return undefined;
    }
  },
});

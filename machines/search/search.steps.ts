// The search box's paths in the header's words (searchBar.*).
import { defineFlowSteps } from "../shared/flow-steps.ts";
import { NO_SUGGESTIONS } from "./search.machine.ts";
import { searchModel } from "./search.model.ts";

export const searchSteps = defineFlowSteps(searchModel, {
  states: {
    idle: (snapshot) =>
      snapshot.context.term === ""
        ? { fr: "la barre « Rechercher un produit » est vide, sans panneau", en: "the “Search for a product” bar is empty, with no panel" }
        : { fr: `la barre montre « ${snapshot.context.term} », sans panneau`, en: `the bar shows “${snapshot.context.term}”, with no panel` },
    debouncing: { fr: "la boutique attend que la frappe s’arrête", en: "the shop waits for typing to pause" },
    fetching: { fr: "le panneau dit « Recherche en cours… »", en: "the panel says “Searching…”" },
    showingResults: (snapshot) => ({
      fr: `le panneau montre les « Suggestions », les « Produits » et « Voir tous les résultats (${snapshot.context.suggestions.total}) »`,
      en: `the panel shows the “Suggestions”, the “Products” and “Show all result (${snapshot.context.suggestions.total})”`,
    }),
    showingEmpty: { fr: "le panneau dit « Aucun résultat trouvé »", en: "the panel says “No result found”" },
    failed: {
      fr: "une notification dit « Erreur serveur : la recherche est momentanément indisponible. »",
      en: "a notification says “Server error: search is unavailable for the moment.”",
    },
  },
  event: (event, before) => {
    switch (event.type) {
      case "search.type":
        return event.term.trim().length >= 3
          ? { fr: `Taper « ${event.term} » dans la barre de recherche`, en: `Type “${event.term}” in the search bar` }
          : { fr: `Taper « ${event.term} » (moins de 3 caractères)`, en: `Type “${event.term}” (fewer than 3 characters)` };
      case "search.submit":
        return {
          fr: `Appuyer sur Entrée : la page « Résultats pour « ${before.context.term} » » s’ouvre`,
          en: `Press Enter: the “Results for “${before.context.term}”” page opens`,
        };
      case "search.close":
        return { fr: "Appuyer sur Échap", en: "Press Escape" };
      case "search.select":
        return { fr: `Choisir la suggestion « ${event.term} » : sa page de résultats s’ouvre`, en: `Choose the suggestion “${event.term}”: its results page opens` };
      case "search.prefill":
        return { fr: `Ouvrir la page de résultats de « ${event.term} »`, en: `Open the results page of “${event.term}”` };
      case "xstate.after.debounce.search.debouncing":
        return { fr: "(la frappe s’arrête un instant)", en: "(typing pauses for a moment)" };
      case "xstate.done.actor.fetchSuggestions":
        return event.output === NO_SUGGESTIONS
          ? { fr: "(le serveur ne trouve rien)", en: "(the server finds nothing)" }
          : { fr: "(le serveur envoie des suggestions)", en: "(the server sends suggestions)" };
      case "xstate.error.actor.fetchSuggestions":
        return { fr: "(le serveur échoue)", en: "(the server fails)" };
      default:
        return undefined;
    }
  },
});

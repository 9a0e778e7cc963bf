// The relay picker's paths in the relay modal's words (relais.*, errors.server.relaisAddress).
import { defineFlowSteps, type Words } from "../shared/flow-steps.ts";
import { LOCKER, NO_A2P_ANSWER, REFUSED_ERROR, SERVER_ERROR, relaySearchModel } from "./relay-search.model.ts";

function found(count: number, selectedId: string | null, phone: string | null): Words {
  const list = count === 1 ? { fr: "1 point relais trouvé", en: "1 relay point found" } : { fr: `${count} points relais trouvés`, en: `${count} relay points found` };
  const chosen = selectedId === null ? { fr: "", en: "" } : { fr: `, « Point relais choisi : Relais ${selectedId} »`, en: `, “Chosen relay point: Relais ${selectedId}”` };
  const number = phone === null ? { fr: "", en: "" } : { fr: `, téléphone ${phone}`, en: `, phone ${phone}` };
  return { fr: `« ${list.fr} »${chosen.fr}${number.fr}`, en: `“${list.en}”${chosen.en}${number.en}` };
}

const SEARCHING = { fr: "la liste dit « Recherche des points relais… »", en: "the list says “Finding relay points…”" };

export const relaySearchSteps = defineFlowSteps(relaySearchModel, {
  states: {
    "picking.search.idle": { fr: "la fenêtre « Choisir un point relais Colissimo » attend une adresse", en: "the “Choose a Colissimo relay point” modal waits for an address" },
    "picking.search.searching.relays.asking": SEARCHING,
    "picking.search.searching.relays.answered": SEARCHING,
    "picking.search.searching.centre.locating": { fr: "", en: "" },
    "picking.search.searching.centre.located": { fr: "", en: "" },
    "picking.search.found": (snapshot) => found(snapshot.context.relays.length, snapshot.context.selectedId, snapshot.context.phone),
    "picking.search.notFound": { fr: "la liste dit « Aucun point relais n’a été trouvé près de cette adresse. »", en: "the list says “No relay point was found near this address.”" },
    "picking.search.failed.addressRefused": {
      fr: "la fenêtre dit « Impossible de trouver des points relais pour cette adresse : vérifiez-la (les points relais sont en France). »",
      en: "the modal says “Relay points could not be found for this address: please check it (relay points are in France).”",
    },
    "picking.search.failed.serverError": { fr: "la fenêtre dit « Une erreur est survenue, veuillez réessayer plus tard. »", en: "the modal says “Something went wrong, please try again later.”" },
    "picking.map.loading": { fr: "la carte dit « Chargement de la carte… »", en: "the map says “Loading the map…”" },
    "picking.map.ready": { fr: "la carte est affichée", en: "the map shows" },
    "picking.map.unavailable": { fr: "la carte ne peut pas s’afficher, la liste reste", en: "the map cannot show, the list stays" },
    validated: (snapshot) => ({
      fr: `la fenêtre se ferme sur le point relais « Relais ${snapshot.context.selectedId ?? ""} »`,
      en: `the modal closes on the relay point “Relais ${snapshot.context.selectedId ?? ""}”`,
    }),
  },
  event: (event) => {
    switch (event.type) {
      case "relaySearch.search":
        return {
          fr: `Saisir « ${event.address.street}, ${event.address.postCode} ${event.address.city} » (${event.address.country}) et cliquer sur « Rechercher les points relais »`,
          en: `Enter “${event.address.street}, ${event.address.postCode} ${event.address.city}” (${event.address.country}) and click “Find relay points”`,
        };
      case "relaySearch.select":
        return event.relayId === LOCKER.id
          ? { fr: "Choisir la consigne « Relais L75004 » (pas un point relais A2P)", en: "Choose the locker “Relais L75004” (not an A2P relay point)" }
          : { fr: `Choisir « Relais ${event.relayId} » dans la liste`, en: `Choose “Relais ${event.relayId}” in the list` };
      case "relaySearch.phone.set":
        return event.phone === null
          ? { fr: "Effacer le téléphone (plus de numéro valide)", en: "Clear the phone (no valid number any more)" }
          : { fr: `Saisir le téléphone ${event.phone}`, en: `Type the phone ${event.phone}` };
      case "relaySearch.map.ready":
        return { fr: "(la carte s’affiche)", en: "(the map shows)" };
      case "relaySearch.map.unavailable":
        return { fr: "(la carte ne peut pas s’afficher : pas d’accord pour les cartes, ou pas de WebGL)", en: "(the map cannot show: no consent for maps, or no WebGL)" };
      case "relaySearch.map.loading":
        return { fr: "(la carte se recharge)", en: "(the map loads again)" };
      case "xstate.after.mapLoadTimeout.relaySearch.picking.map.loading":
        return { fr: "(la carte tarde trop)", en: "(the map takes too long)" };
      case "relaySearch.validate":
        return { fr: "Cliquer sur « Valider »", en: "Click “Validate”" };
      case "xstate.done.actor.searchRelayPoints":
        return event.output === NO_A2P_ANSWER
          ? { fr: "(Colissimo ne répond qu’une consigne, aucun point A2P)", en: "(Colissimo answers only a locker, no A2P point)" }
          : { fr: "(Colissimo répond une consigne et deux points relais A2P)", en: "(Colissimo answers a locker and two A2P relay points)" };
      case "xstate.error.actor.searchRelayPoints":
        if (event.error === SERVER_ERROR) return { fr: "(le serveur échoue)", en: "(the server fails)" };
        if (event.error === REFUSED_ERROR) return { fr: "(Colissimo refuse l’adresse)", en: "(Colissimo refuses the address)" };
        return { fr: "(Colissimo est injoignable)", en: "(Colissimo cannot be reached)" };
      case "xstate.done.actor.geocodeAddress":
        return { fr: "(l’adresse est située sur la carte)", en: "(the address is placed on the map)" };
      case "xstate.error.actor.geocodeAddress":
        return { fr: "(l’adresse n’est pas située : la carte se centre sur le point le plus proche)", en: "(the address is not placed: the map centres on the nearest point)" };
      default:
        return undefined;
    }
  },
});

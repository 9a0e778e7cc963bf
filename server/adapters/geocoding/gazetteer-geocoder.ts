// The embedded geocoder: finds the town of an address in the gazetteer (a postcode, a town name,
// or both), so the shop locates French addresses with no outside service. Its precision is the
// town: the street is not looked up.
import type { Geocoder } from "./geocoder.ts";
import { embeddedGazetteer, type Gazetteer, type Place } from "./gazetteer.ts";

/** "75001 Paris 1er Arrondissement", "14500 Vire, Vire Normandie", "Lyon" (a town of several postcodes named alone). */
function placeLabel(place: Place, postcode: string | undefined): string {
  const name = place.parent && !place.name.startsWith(place.parent) ? `${place.name}, ${place.parent}` : place.name;
  return postcode ? `${postcode} ${name}` : name;
}

export function gazetteerGeocoder(gazetteer: Gazetteer = embeddedGazetteer()): Geocoder {
  return {
    async geocode(query) {
      const found = gazetteer.find(query);
      if (!found) return null;
      return { position: { lat: found.place.lat, lng: found.place.lng }, label: placeLabel(found.place, found.postcode) };
    },
  };
}

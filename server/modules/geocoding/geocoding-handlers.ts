// Handler of address geocoding (GET /geocoding/search?q=).
import type { OperationHandlers } from "../../http/contract.ts";
import type { Geocoding } from "./geocoding.ts";

export function geocodingHandlers(deps: { geocoding: Geocoding }): OperationHandlers {
  return {
    async geocodeAddress(request) {
      return deps.geocoding.locate(request.query.q);
    },
  };
}

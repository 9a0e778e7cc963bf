// Handler of the relay point search (POST /colissimo/relays).
import type { OperationHandlers } from "../../http/contract.ts";
import type { RelaySearch } from "./relay-search.ts";

export function relayHandlers(deps: { relaySearch: RelaySearch }): OperationHandlers {
  return {
    async searchRelayPoints(request) {
      return deps.relaySearch.search(request.body);
    },
  };
}

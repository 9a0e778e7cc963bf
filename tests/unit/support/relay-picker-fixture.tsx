// The relay picker in a test: message ids for texts (no catalogue), an API client over a fake
// `fetch` that answers the relay search and the geocoding as the test says, and a stand-in for the
// map that shows the points it is given and lets the test report the map ready or unavailable and
// choose a point "on the map".
import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import type { RelayChoice, RelaySearchResponse } from "../../../machines/relay-search/relay-search.types.ts";
import { createApiClient } from "../../../src/api/client.ts";
import { RelayPicker, type RelayStartAddress } from "../../../src/features/checkout/relay-picker/relay-picker.tsx";
import type { RelayMapProps } from "../../../src/features/checkout/relay-picker/relay-map-props.ts";

const i18n = setupI18n({ locale: "en", messages: { en: {} } });

export interface FakeRelayServer {
  /** The relay searches sent, in order. */
  searches: unknown[];
  geocodings: string[];
  answer: { status: number; body: RelaySearchResponse | { status: number; message: string } };
}

export function fakeRelayServer(answer: FakeRelayServer["answer"]): FakeRelayServer & { api: ReturnType<typeof createApiClient> } {
  const server: FakeRelayServer = { searches: [], geocodings: [], answer };
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
    if (url.pathname.endsWith("/colissimo/relays")) {
      server.searches.push(await request.json());
      return json(server.answer.status, server.answer.body);
    }
    server.geocodings.push(url.searchParams.get("q") ?? "");
    return json(200, { position: { lat: 48.8559, lng: 2.3551 }, label: "Paris" });
  };
  return Object.assign(server, { api: createApiClient({ baseUrl: "http://shop.test/api/v1", storefrontToken: "token", locale: () => "en_US", fetch }) });
}

function MapStandIn({ relays, selectedId, onSelect, onReady, onUnavailable }: RelayMapProps) {
  return (
    <div aria-label="map stand-in" role="group">
      <button type="button" onClick={onReady}>
        map ready
      </button>
      <button type="button" onClick={onUnavailable}>
        map unavailable
      </button>
      {relays.map((relay) => (
        <button key={relay.id} type="button" aria-pressed={relay.id === selectedId} onClick={() => onSelect(relay.id)}>
          {`marker ${relay.name}`}
        </button>
      ))}
    </div>
  );
}

export interface PickerFixtureProps {
  api: ReturnType<typeof createApiClient>;
  address: RelayStartAddress | null;
  onValidate: (choice: RelayChoice) => void;
  onBack?: () => void;
}

export function PickerFixture({ api, address, onValidate, onBack = () => undefined }: PickerFixtureProps) {
  return (
    <I18nProvider i18n={i18n}>
      <RelayPicker
        api={api}
        weight={1200}
        address={address}
        now={() => new Date(2026, 2, 10, 9, 30)}
        onBack={onBack}
        onValidate={onValidate}
        renderMap={(props) => <MapStandIn {...props} />}
      />
    </I18nProvider>
  );
}

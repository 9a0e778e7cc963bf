// The relay picker's content (SPEC §2 Colissimo relay modal, §4 Relay modal), driven by the
// relay-search machine: the address form (prefilled, searched at once when its rules accept it), the
// search's progress and messages, the list of relay points beside the map, the phone, Back and
// Validate. Choosing in the list or on the map is one choice, which both show.
import { useLingui } from "@lingui/react";
import { useCallback, useEffect, useId, useMemo, useState, type ReactNode } from "react";
import { createActor } from "xstate";
import {
  canValidate,
  isMapSettled,
  isSearching,
  selectCentre,
  selectErrorId,
  selectRelays,
  selectSelectedId,
  selectSelectedRelay,
  type RelaySearchSnapshot,
} from "../../../../machines/relay-search/relay-search.selectors.ts";
import { RELAY_COUNTRY } from "../../../../machines/relay-search/relay-search.machine.ts";
import type { RelayAddress, RelayChoice, RelayPoint } from "../../../../machines/relay-search/relay-search.types.ts";
import { createRelaySearchMachine } from "../../../actors/relay-actors.ts";
import type { ApiClient } from "../../../api/client.ts";
import { useLazySelector } from "../../../app/lazy-actor.ts";
import { useLazyActor } from "../../../app/use-lazy-actor.ts";
import { reportLoadFailure } from "../../../ui/chunk-load.ts";
import { RelayAddressForm } from "./relay-address-form.tsx";
import { displayedPhone, EMPTY_RELAY_ADDRESS, relayPhone, searchableAddress, type RelayAddressValues } from "./relay-address-schema.ts";
import { RelayList } from "./relay-list.tsx";
import type { RelayMapProps } from "./relay-map-props.ts";
import { RelayPhoneField } from "./relay-phone-field.tsx";
import { inspection } from "../../../app/flow-inspection.ts";

/** The delivery address the picker opens with: any address of the shop (saved, or the cart's). */
export interface RelayStartAddress {
  street: string;
  postCode: string;
  city: string;
  country: string;
  phone?: string | null;
}

export interface RelayPickerProps {
  api: ApiClient;
  /** The shipment's weight in grams. */
  weight: number;
  address: RelayStartAddress | null;
  /** The shopper's clock (the shipping date is read from it); the browser's by default. */
  now?: () => Date;
  onBack: () => void;
  onValidate: (choice: RelayChoice) => void;
  /** Draws the map area (consent, WebGL and the map's own code are its business). */
  renderMap: (props: RelayMapProps) => ReactNode;
}

const NO_RELAYS: RelayPoint[] = [];
const browserClock = () => new Date();

export function RelayPicker({ api, weight, address, now = browserClock, onBack, onValidate, renderMap }: RelayPickerProps) {
  const { _ } = useLingui();
  const hintId = useId();
  const [formValues] = useState<RelayAddressValues>(() =>
    address ? { street: address.street, postCode: address.postCode, city: address.city, country: address.country } : EMPTY_RELAY_ADDRESS,
  );
  const [phoneValue] = useState(() => (address?.phone ? (displayedPhone(address.phone) ?? address.phone) : ""));

  const actor = useLazyActor(async () =>
    createActor(createRelaySearchMachine(api), {
      input: { weight, now, address: startingSearch(formValues), phone: relayPhone(phoneValue) },
      ...inspection(),
    }).start(),
  );
  useEffect(() => {
    actor?.load().catch(reportLoadFailure);
  }, [actor]);

  const searching = useLazySelector(actor, isSearching, false);
  const errorId = useLazySelector(actor, selectErrorId, null);
  const relays = useLazySelector(actor, selectRelays, NO_RELAYS);
  const selectedId = useLazySelector(actor, selectSelectedId, null);
  const selected = useLazySelector(actor, selectSelectedRelay, null);
  const centre = useLazySelector(actor, selectCentre, null);
  const validatable = useLazySelector(actor, canValidate, false);
  const mapSettled = useLazySelector(actor, isMapSettled, false);
  const phoneValid = useLazySelector(actor, hasPhone, relayPhone(phoneValue) !== null);

  const search = useCallback((searched: RelayAddress) => actor?.send({ type: "relaySearch.search", address: searched }), [actor]);
  const select = useCallback((relayId: string) => actor?.send({ type: "relaySearch.select", relayId }), [actor]);
  const setPhone = useCallback((phone: string | null) => actor?.send({ type: "relaySearch.phone.set", phone }), [actor]);
  const mapProps = useMemo<RelayMapProps>(
    () => ({
      relays,
      centre,
      selectedId,
      onSelect: (relayId) => actor?.send({ type: "relaySearch.select", relayId }),
      onReady: () => actor?.send({ type: "relaySearch.map.ready" }),
      onUnavailable: () => actor?.send({ type: "relaySearch.map.unavailable" }),
      onLoading: () => actor?.send({ type: "relaySearch.map.loading" }),
    }),
    [actor, relays, centre, selectedId],
  );

  const validate = () => {
    const started = actor?.current();
    if (!started) return;
    started.send({ type: "relaySearch.validate" });
    const snapshot = started.getSnapshot();
    if (snapshot.status === "done" && snapshot.output) onValidate(snapshot.output);
  };

  const waitingFor = selected === null ? "relais.validate.chooseRelay" : !phoneValid ? "relais.validate.phone" : !mapSettled ? "relais.validate.map" : null;

  return (
    <div className="relay-picker">
      <p className="relay-picker__intro">{_("relais.intro")}</p>
      <RelayAddressForm defaultValues={formValues} searching={searching} onSearch={search} />
      <div className="relay-picker__status">
        {searching && <p role="status">{_("relais.searching")}</p>}
        {!searching && errorId === null && relays.length > 0 && <p role="status">{_("relais.found", { count: relays.length })}</p>}
        {errorId && (
          <p className="relay-picker__error" role="alert">
            {_(errorId)}
          </p>
        )}
      </div>
      <div className="relay-picker__results">
        <div className="relay-picker__list">{relays.length > 0 && <RelayList relays={relays} selectedId={selectedId} onSelect={select} />}</div>
        {/* Drawn once the flow exists, so that what the map reports from its first effects reaches it. */}
        <div className="relay-picker__map">{actor && renderMap(mapProps)}</div>
      </div>
      <RelayPhoneField defaultPhone={phoneValue} onPhone={setPhone} />
      <div className="relay-picker__actions">
        {selected && (
          <p className="relay-picker__chosen" aria-live="polite">
            {_("relais.chosen", { name: selected.name })}
          </p>
        )}
        <button type="button" className="button button--ghost" onClick={onBack}>
          {_("relais.back")}
        </button>
        <button type="button" className="button" disabled={!validatable} onClick={validate} aria-describedby={waitingFor ? hintId : undefined}>
          {_("relais.validate")}
        </button>
        {waitingFor && (
          <p className="relay-picker__hint" id={hintId}>
            {_(waitingFor)}
          </p>
        )}
      </div>
    </div>
  );
}

const hasPhone = (snapshot: RelaySearchSnapshot) => snapshot.context.phone !== null;

/**
 * What the picker searches as it opens: the delivery address when the form's rules accept it; one
 * outside France too, which the flow refuses at once (relay points are only in France); nothing for
 * an incomplete one, which the shopper completes first.
 */
function startingSearch(values: RelayAddressValues): RelayAddress | null {
  return searchableAddress(values) ?? (values.country !== "" && values.country !== RELAY_COUNTRY ? values : null);
}

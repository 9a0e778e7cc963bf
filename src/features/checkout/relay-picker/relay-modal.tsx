// The Colissimo relay modal of the checkout (SPEC §2, §4 Relay modal, §5 relay address form).
//
// Public interface, for the shipping step: import RelayModal from relay-modal-part.ts (lazily loaded)
// and render it only while it is open, so that its code is fetched when the shopper asks for it:
//
//   {open && <LazyDialog onClose={() => setOpen(false)}><RelayModal
//     open
//     address={shippingAddress}   // Address-like {street, postCode, city, country, phone?} or null:
//                                 // prefills the form (and the phone); searched at once when the
//                                 // relay form's rules accept it
//     weight={shipment.shipmentWeight}   // grams, sent to the relay search
//     onClose={() => setOpen(false)}     // Back, Escape, the close button, the backdrop
//     onValidate={({ relay, phone }) => …} // the chosen A2P relay point (RelayPoint of the contract)
//                                          // and the phone in international format (+33612345678);
//                                          // the modal does not close itself: the caller does
//   /></LazyDialog>}
//
// The modal reads the API client and the runtime configuration's `map` from the router context, and
// the 'maps' consent from the app. Its focus is trapped and returned by src/ui/modal.tsx.
import { useLingui } from "@lingui/react";
import type { RelayChoice } from "../../../../machines/relay-search/relay-search.types.ts";
import { useShopContext } from "../../../app/shop-context.ts";
import { Modal } from "../../../ui/modal.tsx";
import { mapStyleOf, RelayMapArea } from "./relay-map-area.tsx";
import { RelayPicker, type RelayStartAddress } from "./relay-picker.tsx";
import "./relay-picker.css";

export type { RelayChoice, RelayStartAddress };

export interface RelayModalProps {
  open: boolean;
  /** The delivery address to search around first (a saved address, or the cart's); null: an empty form. */
  address: RelayStartAddress | null;
  /** The shipment's weight in grams. */
  weight: number;
  onClose: () => void;
  onValidate: (choice: RelayChoice) => void;
}

export function RelayModal({ open, address, weight, onClose, onValidate }: RelayModalProps) {
  const { _ } = useLingui();
  const { api, config } = useShopContext();
  const mapStyle = mapStyleOf(config);
  return (
    <Modal open={open} onClose={onClose} title={_("relais.title")} closeLabel={_("layout.dialog.close")} variant="sheet" className="relay-modal">
      <RelayPicker
        api={api}
        weight={weight}
        address={address}
        onBack={onClose}
        onValidate={onValidate}
        renderMap={(props) => <RelayMapArea {...props} mapStyle={mapStyle} />}
      />
    </Modal>
  );
}

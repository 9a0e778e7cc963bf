// The address modal of the default and checkout layouts (SPEC §2): the address form in a dialog,
// to add an address or edit a saved one. The caller decides where the address is saved.
import { useLingui } from "@lingui/react";
import type { components } from "../../../common/api/schema.gen.ts";
import { Modal } from "../modal.tsx";
import { AddressForm, type AddressDefaults } from "./address-form.tsx";
import type { AddressInput } from "./address-schema.ts";

export interface AddressModalProps {
  open: boolean;
  onClose: () => void;
  /** The saved address to edit; a new address when absent. */
  address?: components["schemas"]["Address"] | undefined;
  allowedCountries?: readonly string[] | undefined;
  /** The default shipping / billing boxes and their state, when the address book offers them. */
  defaults?: AddressDefaults | undefined;
  /** Saves the address; the modal stays open when it rejects. */
  onSubmit: (address: AddressInput, defaults: AddressDefaults) => Promise<void>;
}

export function AddressModal({ open, onClose, address, allowedCountries, defaults, onSubmit }: AddressModalProps) {
  const { _ } = useLingui();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={address ? _("addressModal.editTitle") : _("addressModal.addTitle")}
      closeLabel={_("layout.dialog.close")}
      variant="sheet"
      className="address-modal"
    >
      <AddressForm
        address={address}
        allowedCountries={allowedCountries}
        defaults={defaults}
        submitLabel={_("addressForm.submit")}
        onSubmit={onSubmit}
        onCancel={onClose}
      />
    </Modal>
  );
}

// The address list modal (SPEC §2, §4 Address): the customer's addresses to choose the billing
// address from; Confirm sets it on the cart (PUT shopping-cart/billing-address), then the modal closes.
// A refusal (SPEC §8 errors.cartAdresse.*) is notified and the list stays open.
import { useLingui } from "@lingui/react";
import { useId, useState } from "react";
import { isAddressListOpen, isBusy } from "../../../machines/checkout/checkout.selectors.ts";
import { sortAddresses } from "../../api/addresses.ts";
import type { Cart } from "../../api/queries/cart.ts";
import { useCheckoutSend, useCheckoutState } from "../../app/checkout-flow.ts";
import type { Customer } from "../../app/session.ts";
import { useLang } from "../../i18n/use-lang.ts";
import { Modal } from "../../ui/modal.tsx";
import { AddressLines } from "./address-lines.tsx";

export function AddressListModal({ customer, cart }: { customer: Customer; cart: Cart }) {
  const { _ } = useLingui();
  const open = useCheckoutState(isAddressListOpen, false);
  const send = useCheckoutSend();
  return (
    <Modal open={open} onClose={() => send({ type: "checkout.closeAddressList" })} title={_("checkout.billing.listTitle")} closeLabel={_("layout.dialog.close")} variant="sheet">
      {open && <AddressList customer={customer} initial={cart.billingAddress?.name ?? customer.defaultBillingAddress ?? null} />}
    </Modal>
  );
}

function AddressList({ customer, initial }: { customer: Customer; initial: string | null }) {
  const { _ } = useLingui();
  const lang = useLang();
  const send = useCheckoutSend();
  const busy = useCheckoutState(isBusy, false);
  const [chosen, setChosen] = useState<string | null>(initial);
  const legendId = useId();
  const confirm = () => {
    if (chosen !== null) send({ type: "checkout.chooseBilling", name: chosen });
  };
  return (
    <form
      className="address-list"
      onSubmit={(event) => {
        event.preventDefault();
        confirm();
      }}
    >
      <fieldset aria-labelledby={legendId}>
        <legend id={legendId}>{_("checkout.billing.listLegend")}</legend>
        <ul className="checkout-choices">
          {sortAddresses(customer.addresses).map((address) => (
            <li key={address.name} className={`checkout-choice${address.name === chosen ? " checkout-choice--chosen" : ""}`}>
              <label className="checkout-choice__label">
                <input type="radio" name="billing" value={address.name} checked={address.name === chosen} onChange={() => setChosen(address.name)} />
                <span className="checkout-choice__text">
                  <strong>{address.name}</strong>
                  <AddressLines address={address} lang={lang} />
                </span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div className="address-list__actions">
        <button type="button" className="button button--ghost" onClick={() => send({ type: "checkout.closeAddressList" })}>
          {_("checkout.billing.cancel")}
        </button>
        <button type="submit" className="button" disabled={chosen === null || busy}>
          {_("checkout.billing.confirm")}
        </button>
      </div>
    </form>
  );
}

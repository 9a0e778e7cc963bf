// The address book of the account (SPEC §2, §4 Address): the saved addresses by name descending,
// the default shipping and billing ones marked; add, edit and delete through the address modal
// (loaded when first opened); "make default" moves the customer's default (POST customers/address
// with the defaultShipping / defaultBilling flag). Deleting a default clears it on the server.
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { useNotify } from "../../app/notifications.tsx";
import { useSession, type Customer } from "../../app/session.ts";
import { useShopContext } from "../../app/shop-context.ts";
import { useLang } from "../../i18n/use-lang.ts";
import { LazyDialog, lazyPart } from "../../app/lazy-part.tsx";
import { Modal } from "../../ui/modal.tsx";
import { allowedCountriesOf, countryLabel } from "../../i18n/countries.ts";
import { addressInputOf, addressSaveErrorMessage, deleteCustomerAddress, saveCustomerAddress, sortAddresses, type Address, type AddressInput } from "../../api/addresses.ts";
import { accountErrorMessage } from "./account-errors.ts";

const AddressModal = lazyPart(() => import("../../ui/address/address-modal.tsx").then((module) => module.AddressModal));

type Editing = { mode: "add" } | { mode: "edit"; address: Address };
type DefaultKind = "defaultShipping" | "defaultBilling";

export function AddressBook({ customer }: { customer: Customer }) {
  const { _ } = useLingui();
  const lang = useLang();
  const { api } = useShopContext();
  const session = useSession();
  const notify = useNotify();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const addresses = sortAddresses(customer.addresses);
  const allowedCountries = allowedCountriesOf(customer.customerGroup);

  const save = async (address: AddressInput, defaults: { defaultShipping: boolean; defaultBilling: boolean }) => {
    try {
      const updated = await saveCustomerAddress(api, lang, address, { ...defaults, replace: editing?.mode === "edit" });
      session.customerChanged(updated);
      notify({ kind: "info", messageId: editing?.mode === "edit" ? "account.addresses.updated" : "account.addresses.added" });
      setEditing(null);
    } catch (error) {
      notify({ kind: "danger", messageId: addressSaveErrorMessage(error) });
      throw error;
    }
  };

  const makeDefault = async (address: Address, kind: DefaultKind) => {
    if (!address.phone || busy) return;
    setBusy(address.name);
    try {
      const updated = await saveCustomerAddress(api, lang, addressInputOf(address, address.phone), {
        defaultShipping: kind === "defaultShipping",
        defaultBilling: kind === "defaultBilling",
        replace: true,
      });
      session.customerChanged(updated);
      notify({ kind: "info", messageId: kind === "defaultShipping" ? "account.addresses.shippingChosen" : "account.addresses.billingChosen" });
    } catch (error) {
      notify({ kind: "danger", messageId: addressSaveErrorMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  const remove = async (address: Address) => {
    setBusy(address.name);
    try {
      const updated = await deleteCustomerAddress(api, lang, address.name);
      session.customerChanged(updated);
      notify({ kind: "info", messageId: "account.addresses.deleted" });
      setDeleting(null);
    } catch (error) {
      notify({ kind: "danger", messageId: accountErrorMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  const isShipping = (address: Address) => customer.defaultShippingAddress === address.name;
  const isBilling = (address: Address) => customer.defaultBillingAddress === address.name;

  return (
    <section className="account-card" aria-labelledby="account-addresses-title">
      <div className="account-addresses__head">
        <h2 id="account-addresses-title">{_("account.addresses.title")}</h2>
        <button type="button" className="button" aria-haspopup="dialog" onClick={() => setEditing({ mode: "add" })}>
          {_("account.addresses.add")}
        </button>
      </div>
      {addresses.length === 0 ? (
        <p>{_("account.addresses.empty")}</p>
      ) : (
        <ul className="account-addresses">
          {addresses.map((address, index) => (
            <li key={address.name} className="account-address">
              <article aria-labelledby={`account-address-${index}`}>
                <h3 id={`account-address-${index}`} className="account-address__name">
                  {address.name}
                </h3>
                {(isShipping(address) || isBilling(address)) && (
                  <p className="account-address__badges">
                    {isShipping(address) && <span className="account-badge">{_("account.addresses.defaultShipping")}</span>}
                    {isBilling(address) && <span className="account-badge">{_("account.addresses.defaultBilling")}</span>}
                  </p>
                )}
                <address className="account-address__lines">
                  {`${address.firstName} ${address.lastName}`}
                  {address.company && (
                    <>
                      <br />
                      {address.company}
                    </>
                  )}
                  <br />
                  {address.street}
                  <br />
                  {`${address.postCode} ${address.city}`}
                  <br />
                  {countryLabel(address.country, lang)}
                  {address.phone && (
                    <>
                      <br />
                      {address.phone}
                    </>
                  )}
                </address>
                <div className="account-address__actions">
                  <button
                    type="button"
                    className="button button--ghost"
                    aria-haspopup="dialog"
                    aria-label={_("account.addresses.editNamed", { name: address.name })}
                    onClick={() => setEditing({ mode: "edit", address })}
                  >
                    {_("account.addresses.edit")}
                  </button>
                  <button
                    type="button"
                    className="button button--ghost"
                    aria-haspopup="dialog"
                    aria-label={_("account.addresses.deleteNamed", { name: address.name })}
                    onClick={() => setDeleting(address)}
                  >
                    {_("account.addresses.delete")}
                  </button>
                  {!isShipping(address) && address.phone && (
                    <button
                      type="button"
                      className="account-address__link"
                      disabled={busy !== null}
                      aria-label={_("account.addresses.makeShippingNamed", { name: address.name })}
                      onClick={() => void makeDefault(address, "defaultShipping")}
                    >
                      {_("account.addresses.makeShipping")}
                    </button>
                  )}
                  {!isBilling(address) && address.phone && (
                    <button
                      type="button"
                      className="account-address__link"
                      disabled={busy !== null}
                      aria-label={_("account.addresses.makeBillingNamed", { name: address.name })}
                      onClick={() => void makeDefault(address, "defaultBilling")}
                    >
                      {_("account.addresses.makeBilling")}
                    </button>
                  )}
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <LazyDialog onClose={() => setEditing(null)}>
          <AddressModal
            open
            onClose={() => setEditing(null)}
            address={editing.mode === "edit" ? editing.address : undefined}
            allowedCountries={allowedCountries}
            defaults={
              editing.mode === "edit"
                ? { defaultShipping: isShipping(editing.address), defaultBilling: isBilling(editing.address) }
                : { defaultShipping: addresses.length === 0, defaultBilling: addresses.length === 0 }
            }
            onSubmit={save}
          />
        </LazyDialog>
      )}
      <Modal open={deleting !== null} onClose={() => setDeleting(null)} title={_("account.addresses.deleteTitle")} closeLabel={_("layout.dialog.close")}>
        {deleting && (
          <div className="account-confirm">
            <p>{_("account.addresses.deleteConfirm", { name: deleting.name })}</p>
            <div className="account-form__actions">
              <button type="button" className="button button--ghost" onClick={() => setDeleting(null)}>
                {_("addressForm.cancel")}
              </button>
              <button type="button" className="button" disabled={busy !== null} onClick={() => void remove(deleting)}>
                {_("account.addresses.deleteConfirmButton")}
              </button>
            </div>
          </div>
        )}
      </Modal>
    </section>
  );
}

// The checkout's shipping step (SPEC §2 /commande/livraison, §4 Checkout and Address): where the
// parcel goes (a saved address, default shipping first, one added or edited through the address
// modal, or a Colissimo relay point), who is billed (the address list modal), how it travels (the
// methods that can serve the cart's destination and weight, with their price), and the totals that
// follow. 'Continue to payment' is offered once all three are set. The checkout's flow sets the
// customer's default addresses on arrival, sends each choice and writes the answered cart to the query
// cache, where this step reads it.
import { useLingui } from "@lingui/react";
import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useId, useState } from "react";
import { pagePath } from "../../../common/pages.ts";
import { isBusy, isRelayOpen, selectPlace } from "../../../machines/checkout/checkout.selectors.ts";
import { isReadyToPay } from "../../../machines/checkout/checkout.machine.ts";
import { addressInputOf, addressSaveErrorMessage, saveCustomerAddress, savedAddressOf, sortAddresses, type Address, type AddressInput } from "../../api/addresses.ts";
import { useCheckoutSend, useCheckoutState } from "../../app/checkout-flow.ts";
import { lazyPart, LazyDialog } from "../../app/lazy-part.tsx";
import { useNotify } from "../../app/notifications.tsx";
import { useSession, type Customer } from "../../app/session.ts";
import { useShopContext } from "../../app/shop-context.ts";
import { useCart } from "../../app/use-cart.ts";
import { allowedCountriesOf } from "../../i18n/countries.ts";
import { formatPrice } from "../../i18n/format.ts";
import { useLang } from "../../i18n/use-lang.ts";
import { useSeo } from "../../ui/use-seo.ts";
import type { Cart } from "../../api/queries/cart.ts";
import { AddressLines } from "./address-lines.tsx";
import { AddressListModal } from "./address-list-modal.tsx";
import { CheckoutTotals } from "./checkout-totals.tsx";
import { OutOfStockModal } from "./out-of-stock-modal.tsx";
import { RelayModal, type RelayChoice } from "./relay-picker/relay-modal-part.ts";
import { ShipmentMethodChoices } from "./shipment-method-choices.tsx";
import "./checkout.css";

const AddressModal = lazyPart(() => import("../../ui/address/address-modal.tsx").then((module) => module.AddressModal));

type Editing = { mode: "add" } | { mode: "edit"; address: Address };

export function ShippingStep() {
  const { _ } = useLingui();
  const lang = useLang();
  const { config } = useShopContext();
  const { customer } = useSession();
  const { cart } = useCart();
  const place = useCheckoutState(selectPlace, null);
  const navigate = useNavigate();
  useSeo({ title: `${_("checkout.shipping.title")} – ${config.brandName}` });

  // The stock checked and everything set: on to the payment step.
  useEffect(() => {
    if (place === "payment") void navigate({ to: pagePath("checkoutPayment", lang) });
  }, [place, navigate, lang]);

  if (!customer || !cart) {
    return (
      <p className="checkout-step" role="status" aria-busy="true">
        {_("checkout.loading")}
      </p>
    );
  }
  return (
    <div className="checkout-step shipping-step">
      <h1>{_("checkout.shipping.title")}</h1>
      <div className="shipping-step__layout">
        <div className="shipping-step__choices">
          <DeliverySection customer={customer} cart={cart} />
          <BillingSection customer={customer} cart={cart} />
          <MethodsSection cart={cart} />
        </div>
        <Summary cart={cart} />
      </div>
      <AddressListModal customer={customer} cart={cart} />
      <OutOfStockModal cart={cart} />
      <RelayDialog customer={customer} cart={cart} />
    </div>
  );
}

function DeliverySection({ customer, cart }: { customer: Customer; cart: Cart }) {
  const { _ } = useLingui();
  const lang = useLang();
  const { api } = useShopContext();
  const session = useSession();
  const notify = useNotify();
  const send = useCheckoutSend();
  const busy = useCheckoutState(isBusy, true);
  const headingId = useId();
  const [editing, setEditing] = useState<Editing | null>(null);
  const relayPointId = cart.shipments.find((shipment) => shipment.relayPointId !== null)?.relayPointId ?? null;
  const chosen = cart.shippingAddress;
  // Default shipping first, then the others by name (SPEC §3).
  const addresses = sortAddresses(customer.addresses).sort((a, b) => Number(b.name === customer.defaultShippingAddress) - Number(a.name === customer.defaultShippingAddress));
  const isChosen = (address: Address) => relayPointId === null && chosen !== null && chosen.name === address.name;

  const choose = (address: Address) => {
    if (!address.phone) {
      // The carrier needs a phone: the address is completed first.
      setEditing({ mode: "edit", address });
      return;
    }
    send({ type: "checkout.chooseAddress", address: addressInputOf(address, address.phone) });
  };

  const save = async (address: AddressInput, defaults: { defaultShipping: boolean; defaultBilling: boolean }) => {
    try {
      const updated = await saveCustomerAddress(api, lang, address, { ...defaults, replace: editing?.mode === "edit" });
      session.customerChanged(updated);
      setEditing(null);
      const saved = savedAddressOf(updated, address);
      if (saved?.phone) send({ type: "checkout.chooseAddress", address: addressInputOf(saved, saved.phone) });
    } catch (error) {
      notify({ kind: "danger", messageId: addressSaveErrorMessage(error) });
      throw error;
    }
  };

  return (
    <section className="checkout-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{_("checkout.shipping.delivery")}</h2>
      {addresses.length === 0 && <p>{_("checkout.shipping.noAddress")}</p>}
      <ul className="checkout-choices">
        {addresses.map((address) => (
          <li key={address.name} className={`checkout-choice${isChosen(address) ? " checkout-choice--chosen" : ""}`}>
            <label className="checkout-choice__label">
              <input type="radio" name="delivery" checked={isChosen(address)} disabled={busy} onChange={() => choose(address)} />
              <span className="checkout-choice__text">
                <strong>
                  {address.name}
                  {address.name === customer.defaultShippingAddress && <span className="checkout-choice__tag"> {_("checkout.shipping.default")}</span>}
                </strong>
                <AddressLines address={address} lang={lang} />
                {!address.phone && <span className="checkout-choice__warning">{_("checkout.shipping.phoneNeeded")}</span>}
              </span>
            </label>
            <button type="button" className="button button--ghost" onClick={() => setEditing({ mode: "edit", address })}>
              {_("checkout.shipping.edit")}
            </button>
          </li>
        ))}
        <li className={`checkout-choice${relayPointId !== null ? " checkout-choice--chosen" : ""}`}>
          <label className="checkout-choice__label">
            <input type="radio" name="delivery" checked={relayPointId !== null} disabled={busy} onChange={() => send({ type: "checkout.openRelay" })} />
            <span className="checkout-choice__text">
              <strong>{_("checkout.shipping.relay")}</strong>
              {relayPointId !== null && chosen ? <AddressLines address={chosen} lang={lang} /> : <span>{_("checkout.shipping.relayHint")}</span>}
            </span>
          </label>
          <button type="button" className="button button--ghost" disabled={busy} onClick={() => send({ type: "checkout.openRelay" })}>
            {relayPointId !== null ? _("checkout.shipping.relayChange") : _("relais.open")}
          </button>
        </li>
      </ul>
      <button type="button" className="button button--ghost" onClick={() => setEditing({ mode: "add" })}>
        {_("checkout.shipping.addAddress")}
      </button>
      {editing && (
        <LazyDialog onClose={() => setEditing(null)}>
          <AddressModal
            open
            onClose={() => setEditing(null)}
            address={editing.mode === "edit" ? editing.address : undefined}
            allowedCountries={allowedCountriesOf(customer.customerGroup)}
            onSubmit={save}
          />
        </LazyDialog>
      )}
    </section>
  );
}

/** The relay point chosen in the modal, as the cart's delivery address: the point's address, the
 *  shopper's name and the phone the carrier texts (SPEC §4 Relay modal). */
function relayAddressOf({ relay, phone }: RelayChoice, customer: Customer): AddressInput {
  return {
    company: relay.name.slice(0, 50),
    firstName: customer.firstName,
    lastName: customer.lastName,
    street: relay.street,
    city: relay.city,
    postCode: relay.postCode,
    country: relay.country,
    phone,
    latitude: relay.position.lat,
    longitude: relay.position.lng,
  };
}

/** The Colissimo relay modal, while the flow has it open; searched first around the delivery address. */
function RelayDialog({ customer, cart }: { customer: Customer; cart: Cart }) {
  const open = useCheckoutState(isRelayOpen, false);
  const send = useCheckoutSend();
  if (!open) return null;
  const close = () => send({ type: "checkout.closeRelay" });
  const byName = (name: string | null) => customer.addresses.find((address) => address.name === name) ?? null;
  const start = cart.shippingAddress ?? byName(customer.defaultShippingAddress);
  const weight = cart.shipments.reduce((total, shipment) => total + shipment.shipmentWeight, 0);
  return (
    <LazyDialog onClose={close}>
      <RelayModal
        open
        address={start}
        weight={Math.max(weight, 1)}
        onClose={close}
        onValidate={(choice) => send({ type: "checkout.chooseRelay", address: relayAddressOf(choice, customer), relayPointId: choice.relay.id })}
      />
    </LazyDialog>
  );
}

function BillingSection({ customer, cart }: { customer: Customer; cart: Cart }) {
  const { _ } = useLingui();
  const lang = useLang();
  const send = useCheckoutSend();
  const busy = useCheckoutState(isBusy, true);
  const headingId = useId();
  const billing = customer.addresses.find((address) => address.name === cart.billingAddress?.name) ?? null;
  return (
    <section className="checkout-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{_("checkout.billing.title")}</h2>
      {billing ? (
        <p className="checkout-section__chosen">
          <strong>{billing.name}</strong>
          <AddressLines address={billing} lang={lang} />
        </p>
      ) : (
        <p>{_("checkout.billing.none")}</p>
      )}
      <button type="button" className="button button--ghost" disabled={busy || customer.addresses.length === 0} onClick={() => send({ type: "checkout.openAddressList" })}>
        {billing ? _("checkout.billing.change") : _("checkout.billing.choose")}
      </button>
    </section>
  );
}

function MethodsSection({ cart }: { cart: Cart }) {
  const { _ } = useLingui();
  const send = useCheckoutSend();
  const busy = useCheckoutState(isBusy, true);
  const headingId = useId();
  return (
    <section className="checkout-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{_("checkout.methods.title")}</h2>
      <ShipmentMethodChoices cart={cart} busy={busy} onChoose={(shipmentMethodIds) => send({ type: "checkout.chooseMethods", shipmentMethodIds })} />
    </section>
  );
}

function Summary({ cart }: { cart: Cart }) {
  const { _ } = useLingui();
  const lang = useLang();
  const send = useCheckoutSend();
  const busy = useCheckoutState(isBusy, true);
  const headingId = useId();
  const ready = isReadyToPay(cart);
  const lines = cart.cartItems.reduce((total, line) => total + line.price.taxIncluded, 0);
  return (
    <aside className="checkout-summary" aria-labelledby={headingId}>
      <h2 id={headingId}>{_("checkout.summary.title")}</h2>
      <CheckoutTotals cart={cart} shippingLabel={_("cart.totals.shipping")}>
        <div className="cart-totals__row">
          <dt>{_("checkout.summary.items", { count: cart.cartItems.reduce((total, line) => total + line.quantity, 0) })}</dt>
          <dd>{formatPrice(lines, lang)}</dd>
        </div>
      </CheckoutTotals>
      <button type="button" className="button checkout-summary__continue" disabled={!ready || busy} onClick={() => send({ type: "checkout.continue", cart })}>
        {_("checkout.shipping.continue")}
      </button>
      {!ready && <p className="checkout-summary__hint">{_("checkout.shipping.continueHint")}</p>}
      <Link to={pagePath("cart", lang)} className="checkout-summary__back">
        {_("checkout.summary.editCart")}
      </Link>
    </aside>
  );
}

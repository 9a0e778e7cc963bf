// The empowerment checkout (SPEC §2 /commande-empowerment): a crew member of the Empowerment group
// sends a passenger a gift paid from their money pot of the month. The cart's lines and total; where
// the gift goes (a saved address or a new one, in the programme's fifteen countries only), how it
// travels, who is billed; the card's message (saved when the field is left, or before validating);
// the money pot; then 'Place the order'. The flow (machines/empowerment-order) sends each choice and
// writes the answered cart to the query cache, where this page reads it; the pot is read there too.
import { useLingui } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useId, useRef, useState, type RefObject } from "react";
import { pagePath } from "../../../../common/pages.ts";
import { isEmpowermentCountry, EMPOWERMENT_COUNTRIES } from "../../../../machines/shared/address-rules.ts";
import { missingPartsOf } from "../../../../machines/empowerment-order/empowerment-order.machine.ts";
import { hasNoMoneyPot, isBusy, isCheckingStock, isOutOfStockOpen, isPlacing, isSavingMessage, savingPart, selectProblem } from "../../../../machines/empowerment-order/empowerment-order.selectors.ts";
import type { EmpowermentOrderEvent, EmpowermentOrderProblem, OrderPart } from "../../../../machines/empowerment-order/empowerment-order.types.ts";
import { addressInputOf, addressSaveErrorMessage, saveCustomerAddress, savedAddressOf, sortAddresses, type Address, type AddressInput } from "../../../api/addresses.ts";
import type { Cart } from "../../../api/queries/cart.ts";
import { isMoneyPotMissing, moneyPotQuery } from "../../../api/queries/money-pot.ts";
import { useEmpowermentOrderFlow } from "../../../app/empowerment-order-flow.ts";
import { lazyPart, LazyDialog } from "../../../app/lazy-part.tsx";
import { useNotify } from "../../../app/notifications.tsx";
import { useSession, type Customer } from "../../../app/session.ts";
import { useShopContext } from "../../../app/shop-context.ts";
import { useCart } from "../../../app/use-cart.ts";
import { formatPrice } from "../../../i18n/format.ts";
import { useLang } from "../../../i18n/use-lang.ts";
import { useSeo } from "../../../ui/use-seo.ts";
import { AddressLines } from "../address-lines.tsx";
import { CheckoutTotals } from "../checkout-totals.tsx";
import { OutOfStockDialog } from "../out-of-stock-modal.tsx";
import { CARD_MESSAGE_MAX, cardMessageErrorId } from "./card-message-schema.ts";
import { MoneyPotPanel } from "./money-pot-panel.tsx";
import { ShipmentMethodChoices } from "../shipment-method-choices.tsx";
import "../checkout.css";
import "./empowerment-checkout.css";

const AddressModal = lazyPart(() => import("../../../ui/address/address-modal.tsx").then((module) => module.AddressModal));

type Send = (event: EmpowermentOrderEvent) => void;
type PartHeadings = Record<OrderPart, RefObject<HTMLHeadingElement | null>>;

const PART_MESSAGE: Record<OrderPart, string> = {
  delivery: "empowerment.order.missing.delivery",
  method: "empowerment.order.missing.method",
  billing: "empowerment.order.missing.billing",
};

export function EmpowermentCheckoutPage() {
  const { _ } = useLingui();
  const { config } = useShopContext();
  const { customer } = useSession();
  const { cart } = useCart();
  useSeo({ title: `${_("empowerment.order.title")} – ${config.brandName}` });
  if (!customer || !cart) {
    return (
      <p className="checkout-step" role="status" aria-busy="true">
        {_("checkout.loading")}
      </p>
    );
  }
  return <EmpowermentCheckout customer={customer} cart={cart} />;
}

function EmpowermentCheckout({ customer, cart }: { customer: Customer; cart: Cart }) {
  const { _ } = useLingui();
  const { snapshot, send } = useEmpowermentOrderFlow(cart, customer);
  const busy = snapshot === null || isBusy(snapshot);
  const headings: PartHeadings = { delivery: useRef(null), method: useRef(null), billing: useRef(null) };
  const [message, setMessage] = useState(cart.customCardMessage ?? "");
  // The section whose choice is on its way to the server says it waits (aria-busy).
  const saving = snapshot === null ? null : savingPart(snapshot);
  return (
    <div className="checkout-step shipping-step empowerment-checkout">
      <h1>{_("empowerment.order.title")}</h1>
      <p className="empowerment-checkout__intro">{_("empowerment.order.intro")}</p>
      <div className="shipping-step__layout">
        <div className="shipping-step__choices">
          <DeliverySection customer={customer} cart={cart} busy={busy} saving={saving === "delivery"} send={send} heading={headings.delivery} />
          <MethodsSection cart={cart} busy={busy} saving={saving === "method"} send={send} heading={headings.method} />
          <BillingSection customer={customer} cart={cart} busy={busy} saving={saving === "billing"} send={send} heading={headings.billing} />
          <CardMessageSection message={message} onChange={setMessage} busy={busy} saving={saving === "card"} send={send} />
        </div>
        <Summary
          cart={cart}
          // The message saved as its field is left, often for this very button: pressing it then still places the order.
          busy={busy && !(snapshot !== null && isSavingMessage(snapshot))}
          placing={snapshot !== null && isPlacing(snapshot)}
          checkingStock={snapshot !== null && isCheckingStock(snapshot)}
          problem={snapshot === null ? null : selectProblem(snapshot)}
          noMoneyPot={snapshot !== null && hasNoMoneyPot(snapshot)}
          message={message}
          send={send}
          headings={headings}
        />
      </div>
      <OutOfStockDialog open={snapshot !== null && isOutOfStockOpen(snapshot)} cart={cart} onClose={() => send({ type: "empowermentOrder.closeOutOfStock" })} />
    </div>
  );
}

/** The saved addresses the gift may go to: those in the programme's countries. */
function deliverable(address: Address): boolean {
  return isEmpowermentCountry(address.country);
}

type Editing = { mode: "add" } | { mode: "edit"; address: Address };

interface SectionProps {
  cart: Cart;
  busy: boolean;
  /** This section's choice is on its way to the server. */
  saving: boolean;
  send: Send;
  heading: RefObject<HTMLHeadingElement | null>;
}

function DeliverySection({ customer, cart, busy, saving, send, heading }: SectionProps & { customer: Customer }) {
  const { _ } = useLingui();
  const lang = useLang();
  const { api } = useShopContext();
  const session = useSession();
  const notify = useNotify();
  const headingId = useId();
  const [editing, setEditing] = useState<Editing | null>(null);
  const chosen = cart.shippingAddress;
  const addresses = sortAddresses(customer.addresses);
  const isChosen = (address: Address) => chosen !== null && chosen.name === address.name;

  const choose = (address: Address) => {
    if (!address.phone) {
      // The carrier needs a phone: the address is completed first.
      setEditing({ mode: "edit", address });
      return;
    }
    send({ type: "empowermentOrder.chooseAddress", address: addressInputOf(address, address.phone) });
  };

  const save = async (address: AddressInput, defaults: { defaultShipping: boolean; defaultBilling: boolean }) => {
    try {
      const updated = await saveCustomerAddress(api, lang, address, { ...defaults, replace: editing?.mode === "edit" });
      session.customerChanged(updated);
      setEditing(null);
      const saved = savedAddressOf(updated, address);
      if (saved?.phone && deliverable(saved)) send({ type: "empowermentOrder.chooseAddress", address: addressInputOf(saved, saved.phone) });
    } catch (error) {
      notify({ kind: "danger", messageId: addressSaveErrorMessage(error) });
      throw error;
    }
  };

  return (
    <section className="checkout-section" aria-labelledby={headingId} aria-busy={saving || undefined}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {_("empowerment.order.delivery")}
      </h2>
      <p className="checkout-section__hint">{_("empowerment.order.countries")}</p>
      {addresses.length === 0 && <p>{_("empowerment.order.noAddress")}</p>}
      <ul className="checkout-choices">
        {addresses.map((address) => (
          <li key={address.name} className={`checkout-choice${isChosen(address) ? " checkout-choice--chosen" : ""}`}>
            <label className="checkout-choice__label">
              <input type="radio" name="delivery" checked={isChosen(address)} disabled={busy || !deliverable(address)} onChange={() => choose(address)} />
              <span className="checkout-choice__text">
                <strong>{address.name}</strong>
                <AddressLines address={address} lang={lang} />
                {!deliverable(address) && <span className="checkout-choice__warning">{_("empowerment.order.countryOutside")}</span>}
                {deliverable(address) && !address.phone && <span className="checkout-choice__warning">{_("checkout.shipping.phoneNeeded")}</span>}
              </span>
            </label>
            {deliverable(address) && (
              <button type="button" className="button button--ghost" onClick={() => setEditing({ mode: "edit", address })} aria-label={_("empowerment.order.editAddress", { name: address.name })}>
                {_("checkout.shipping.edit")}
              </button>
            )}
          </li>
        ))}
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
            allowedCountries={EMPOWERMENT_COUNTRIES}
            onSubmit={save}
          />
        </LazyDialog>
      )}
    </section>
  );
}

function MethodsSection({ cart, busy, saving, send, heading }: SectionProps) {
  const { _ } = useLingui();
  const headingId = useId();
  return (
    <section className="checkout-section" aria-labelledby={headingId} aria-busy={saving || undefined}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {_("checkout.methods.title")}
      </h2>
      <ShipmentMethodChoices cart={cart} busy={busy} onChoose={(shipmentMethodIds) => send({ type: "empowermentOrder.chooseMethods", shipmentMethodIds })} />
    </section>
  );
}

function BillingSection({ customer, cart, busy, saving, send, heading }: SectionProps & { customer: Customer }) {
  const { _ } = useLingui();
  const lang = useLang();
  const headingId = useId();
  const chosen = cart.billingAddress?.name ?? null;
  const addresses = sortAddresses(customer.addresses);
  return (
    <section className="checkout-section" aria-labelledby={headingId} aria-busy={saving || undefined}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {_("checkout.billing.title")}
      </h2>
      {addresses.length === 0 ? (
        <p>{_("checkout.billing.none")}</p>
      ) : (
        <ul className="checkout-choices">
          {addresses.map((address) => (
            <li key={address.name} className={`checkout-choice${address.name === chosen ? " checkout-choice--chosen" : ""}`}>
              <label className="checkout-choice__label">
                <input
                  type="radio"
                  name="billing"
                  checked={address.name === chosen}
                  disabled={busy}
                  onChange={() => send({ type: "empowermentOrder.chooseBilling", name: address.name })}
                />
                <span className="checkout-choice__text">
                  <strong>{address.name}</strong>
                  <AddressLines address={address} lang={lang} />
                </span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The card's message: saved when the field is left with a new text (the flow compares). */
function CardMessageSection({ message, onChange, busy, saving, send }: { message: string; onChange: (message: string) => void; busy: boolean; saving: boolean; send: Send }) {
  const { _ } = useLingui();
  const headingId = useId();
  const fieldId = useId();
  const [left, setLeft] = useState(false);
  const errorId = left ? cardMessageErrorId(message) : undefined;
  const describedBy = [`${fieldId}-count`, errorId ? `${fieldId}-error` : ""].filter(Boolean).join(" ");
  return (
    <section className="checkout-section" aria-labelledby={headingId} aria-busy={saving || undefined}>
      <h2 id={headingId}>{_("empowerment.order.card.title")}</h2>
      <div className="form-field">
        <label className="form-field__label" htmlFor={fieldId}>
          {_("empowerment.order.card.label")}
          <span className="form-field__optional">{` (${_("form.optional")})`}</span>
        </label>
        <textarea
          id={fieldId}
          name="customCardMessage"
          className="form-field__input"
          rows={5}
          maxLength={CARD_MESSAGE_MAX}
          value={message}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
          onBlur={() => {
            setLeft(true);
            if (!busy && cardMessageErrorId(message) === undefined) send({ type: "empowermentOrder.saveMessage", message });
          }}
        />
        <p className="form-field__hint" id={`${fieldId}-count`}>
          {_("empowerment.order.card.count", { count: message.length, max: CARD_MESSAGE_MAX })}
        </p>
        {errorId && (
          <p className="form-field__error" id={`${fieldId}-error`}>
            {_(errorId, { max: CARD_MESSAGE_MAX })}
          </p>
        )}
      </div>
    </section>
  );
}

interface SummaryProps {
  cart: Cart;
  busy: boolean;
  placing: boolean;
  /** The cart is read again (goods went meanwhile): its lines wait. */
  checkingStock: boolean;
  problem: EmpowermentOrderProblem | null;
  noMoneyPot: boolean;
  /** The card's message as typed (the flow saves it first if it changed). */
  message: string;
  send: Send;
  headings: PartHeadings;
}

function Summary({ cart, busy, placing, checkingStock, problem, noMoneyPot, message, send, headings }: SummaryProps) {
  const { _ } = useLingui();
  const lang = useLang();
  const { api } = useShopContext();
  const headingId = useId();
  const pot = useQuery(moneyPotQuery(api));
  const toPay = (cart.specialPrice ?? cart.totalPrice).taxIncluded;
  const lines = cart.cartItems.reduce((total, line) => total + line.price.taxIncluded, 0);
  const withoutBudget = noMoneyPot || (pot.isError && isMoneyPotMissing(pot.error));
  const validate = () => {
    if (cardMessageErrorId(message) !== undefined) return;
    send({ type: "empowermentOrder.validate", message });
  };
  return (
    <aside className="checkout-summary" aria-labelledby={headingId}>
      <h2 id={headingId}>{_("checkout.summary.title")}</h2>
      <ul className="empowerment-checkout__lines" aria-busy={checkingStock || undefined}>
        {cart.cartItems.map((line) => (
          <li key={`${line.offerId}-${line.isGift ? "gift" : "paid"}`}>
            <span>
              {line.product.name}
              {line.selectedAttributes.length > 0 && ` (${line.selectedAttributes.map((attribute) => attribute.valueLabel).join(", ")})`}
              {" × "}
              {line.quantity}
            </span>
            <span>{formatPrice(line.price.taxIncluded, lang)}</span>
          </li>
        ))}
      </ul>
      <CheckoutTotals cart={cart} shippingLabel={_("cart.totals.shipping")}>
        <div className="cart-totals__row">
          <dt>{_("checkout.summary.items", { count: cart.cartItems.reduce((total, line) => total + line.quantity, 0) })}</dt>
          <dd>{formatPrice(lines, lang)}</dd>
        </div>
      </CheckoutTotals>
      <MoneyPotPanel pot={pot} toPay={toPay} />
      {problem && <ProblemAlert problem={problem} cart={cart} remaining={pot.data?.remainingAmount ?? null} headings={headings} />}
      {noMoneyPot && !pot.isError && <p role="alert">{_("empowerment.pot.none")}</p>}
      {!withoutBudget && (
        <button type="button" className="button checkout-summary__continue" disabled={busy} aria-busy={placing || undefined} onClick={validate}>
          {placing ? _("empowerment.order.placing") : _("empowerment.order.place")}
        </button>
      )}
      <Link to={pagePath("cart", lang)} className="checkout-summary__back">
        {_("checkout.summary.editCart")}
      </Link>
    </aside>
  );
}

function ProblemAlert({ problem, cart, remaining, headings }: { problem: EmpowermentOrderProblem; cart: Cart; remaining: number | null; headings: PartHeadings }) {
  const { _ } = useLingui();
  const lang = useLang();
  if (problem === "BUDGET_EXCEEDED") {
    const toPay = formatPrice((cart.specialPrice ?? cart.totalPrice).taxIncluded, lang);
    return (
      <p className="empowerment-checkout__problem" role="alert">
        {remaining === null ? _("empowerment.order.budgetExceeded", { total: toPay }) : _("empowerment.order.budgetExceededLeft", { total: toPay, remaining: formatPrice(remaining, lang) })}
      </p>
    );
  }
  if (problem === "CART_INCOMPLETE") {
    const missing = missingPartsOf(cart);
    return (
      <div className="empowerment-checkout__problem" role="alert">
        <p>{_("empowerment.order.incomplete")}</p>
        {missing.length > 0 && (
          <ul>
            {missing.map((part) => (
              <li key={part}>
                <button type="button" className="button button--link" onClick={() => headings[part].current?.focus()}>
                  {_(PART_MESSAGE[part])}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  }
  if (problem === "CART_EMPTY") {
    return (
      <p className="empowerment-checkout__problem" role="alert">
        {_("empowerment.order.cartEmpty")} <Link to={pagePath("cart", lang)}>{_("checkout.summary.editCart")}</Link>
      </p>
    );
  }
  const messages: Record<Exclude<EmpowermentOrderProblem, "BUDGET_EXCEEDED" | "CART_INCOMPLETE" | "CART_EMPTY">, string> = {
    CART_LOCKED: "empowerment.order.cartLocked",
    COUNTRY_NOT_ALLOWED: "empowerment.order.countryNotAllowed",
    failed: "errors.server.access",
  };
  return (
    <p className="empowerment-checkout__problem" role="alert">
      {_(messages[problem])}
    </p>
  );
}

// The thank-you page (SPEC §2 /commande/merci/{order}): the order's reference, what was bought and
// paid, where it is delivered, and the way to the order in the customer's account.
import { useLingui } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "@tanstack/react-router";
import { orderByReferenceQuery, type Order } from "../../../api/queries/payment.ts";
import { useShopContext } from "../../../app/shop-context.ts";
import { formatPrice } from "../../../i18n/format.ts";
import { useLang } from "../../../i18n/use-lang.ts";
import { useSeo } from "../../../ui/use-seo.ts";
import { AddressLines } from "../address-lines.tsx";
import { OrderLink } from "./order-link.tsx";
import "./payment.css";

export function ThankYouPage() {
  const { _ } = useLingui();
  const lang = useLang();
  const { api, config } = useShopContext();
  const reference = useParams({ strict: false, select: (params) => params.order }) ?? "";
  const order = useQuery({ ...orderByReferenceQuery(api, lang, reference), enabled: reference !== "" });
  useSeo({ title: `${_("payment.thankYou.title")} – ${config.brandName}` });
  return (
    <section className="checkout-step payment-page thank-you" aria-labelledby="thank-you-title">
      <h1 id="thank-you-title">{_("payment.thankYou.title")}</h1>
      <p className="thank-you__reference">{_("payment.thankYou.reference", { reference })}</p>
      {order.isPending && reference !== "" && (
        <p role="status" aria-busy="true">
          {_("checkout.loading")}
        </p>
      )}
      {order.isError && <p role="alert">{_("payment.thankYou.unavailable")}</p>}
      {order.data && <OrderSummary order={order.data} />}
      <p>
        <OrderLink reference={reference} className="button">
          {_("payment.thankYou.seeOrder")}
        </OrderLink>
      </p>
    </section>
  );
}

function OrderSummary({ order }: { order: Order }) {
  const { _ } = useLingui();
  const lang = useLang();
  const address = order.shipments.find((shipment) => shipment.address !== null)?.address ?? null;
  // An empowerment order (SPEC §7) was paid from the crew member's money pot, not by card.
  const fromPot = order.payment?.method === "moneyPot";
  return (
    <>
      <p>{fromPot ? _("payment.thankYou.moneyPot") : _("payment.thankYou.text")}</p>
      <div className="thank-you__layout">
        <section className="checkout-section" aria-labelledby="thank-you-items">
          <h2 id="thank-you-items">{_("checkout.summary.title")}</h2>
          <ul className="payment-summary__lines">
            {order.items.map((item) => (
              <li key={`${item.variantReference}-${item.isGift ? "gift" : "paid"}`} className="payment-summary__line">
                <span className="payment-summary__name">
                  {item.name}
                  {item.selectedAttributes.length > 0 && <span> ({item.selectedAttributes.map((attribute) => attribute.valueLabel).join(", ")})</span>}
                </span>
                <span className="payment-summary__quantity">{_("payment.summary.quantity", { quantity: item.quantity })}</span>
                <span className="payment-summary__price">{item.isGift ? _("payment.summary.gift") : formatPrice(item.totalPrice.taxIncluded, lang)}</span>
              </li>
            ))}
          </ul>
          <dl className="cart-totals">
            <div className="cart-totals__row">
              <dt>{_("cart.totals.shipping")}</dt>
              <dd>{formatPrice(order.shippingPrice.taxIncluded, lang)}</dd>
            </div>
            <div className="cart-totals__row cart-totals__row--total">
              <dt>{fromPot ? _("payment.thankYou.paidFromPot") : _("payment.thankYou.paid")}</dt>
              <dd>{formatPrice(order.totalPrice.taxIncluded, lang)}</dd>
            </div>
          </dl>
        </section>
        {address && (
          <section className="checkout-section" aria-labelledby="thank-you-delivery">
            <h2 id="thank-you-delivery">{_("payment.summary.deliveredTo")}</h2>
            <AddressLines address={address} lang={lang} />
          </section>
        )}
      </div>
    </>
  );
}

// One order of the account (`/mon-compte/commandes?reference=REF`, GET orders/reference/{ref}):
// its lines, totals with the VAT per rate, shipments with their method, address or relay point and
// tracking, the billing address, the payment, and its invoice to download. The heading takes the
// focus when the detail opens, so keyboard and screen reader users land on it.
import { useLingui } from "@lingui/react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { isApiError } from "../../api/client.ts";
import { useNotify } from "../../app/notifications.tsx";
import type { Customer } from "../../app/session.ts";
import { useShopContext } from "../../app/shop-context.ts";
import { countryLabel } from "../../i18n/countries.ts";
import { formatPrice } from "../../i18n/format.ts";
import type { Lang } from "../../i18n/i18n.ts";
import { useLang } from "../../i18n/use-lang.ts";
import { pagePath } from "../../../common/pages.ts";
import type { components } from "../../../common/api/schema.gen.ts";
import { cardBrandOf } from "../../../common/card-brands.ts";
import { formatOrderDate, isPaidFromMoneyPot } from "./order-labels.ts";
import { fetchOrderInvoice, saveFile } from "./order-invoice.ts";
import { orderByReferenceQuery } from "./order-query.ts";
import type { Order } from "./orders-query.ts";

type Address = components["schemas"]["Address"];
type Shipment = components["schemas"]["Shipment"];

/** No order of this reference in the account: none of the customer's (404), or no reference at all (400). */
const NOT_FOUND_STATUSES = new Set([400, 404]);

export function OrderDetail({ customer, reference }: { customer: Customer; reference: string }) {
  const { _ } = useLingui();
  const lang = useLang();
  const { api } = useShopContext();
  const order = useQuery(orderByReferenceQuery(api, lang, customer.id, reference));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [reference]);

  let body;
  if (order.isPending) body = <p role="status">{_("account.orders.detailLoading")}</p>;
  else if (order.isError && isApiError(order.error) && NOT_FOUND_STATUSES.has(order.error.status)) body = <p role="alert">{_("account.orders.notFound")}</p>;
  else if (order.isError) {
    body = (
      <div role="alert">
        <p>{_("errors.server.access")}</p>
        <button type="button" className="button button--ghost" onClick={() => void order.refetch()}>
          {_("account.orders.retry")}
        </button>
      </div>
    );
  } else body = <OrderContent order={order.data} lang={lang} />;

  return (
    <section className="account-card order-detail" aria-labelledby="order-detail-title">
      <p className="order-detail__back">
        <Link to="." search={{}}>
          <span aria-hidden="true">‹ </span>
          {_("account.orders.back")}
        </Link>
      </p>
      <h2 id="order-detail-title" tabIndex={-1} ref={heading}>
        {_("account.orders.detailTitle", { reference })}
      </h2>
      {body}
    </section>
  );
}

function OrderContent({ order, lang }: { order: Order; lang: Lang }) {
  const { _ } = useLingui();
  const money = (cents: number) => formatPrice(cents, lang);
  return (
    <>
      <dl className="order-detail__summary">
        <div>
          <dt>{_("account.orders.date")}</dt>
          <dd>{formatOrderDate(order.paymentDate ?? order.createdAt, lang)}</dd>
        </div>
        <div>
          <dt>{_("account.orders.status")}</dt>
          <dd>{_(`account.orders.status.${order.status}`)}</dd>
        </div>
        <div>
          <dt>{_("account.orders.total")}</dt>
          <dd>{money(order.totalPrice.taxIncluded)}</dd>
        </div>
        <div>
          <dt>{_("account.orders.invoice")}</dt>
          <dd>{order.invoiceNumber ?? _("account.orders.invoiceLater")}</dd>
        </div>
      </dl>
      {order.invoiceNumber !== null && <InvoiceDownload orderId={order.id} lang={lang} />}

      <h3>{_("account.orders.lines")}</h3>
      <table className="order-detail__lines">
        <caption className="visually-hidden">{_("account.orders.linesCaption", { reference: order.reference })}</caption>
        <thead>
          <tr>
            <th scope="col">{_("account.orders.article")}</th>
            <th scope="col">{_("account.orders.quantity")}</th>
            <th scope="col">{_("account.orders.unitPrice")}</th>
            <th scope="col">{_("account.orders.lineTotal")}</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item, index) => (
            <tr key={`${item.variantReference}-${index}`}>
              <th scope="row">
                {item.slug ? (
                  <Link to={pagePath("product", lang)} params={{ slug: item.slug }}>
                    {item.name}
                  </Link>
                ) : (
                  item.name
                )}
                {item.selectedAttributes.length > 0 && (
                  <span className="order-detail__attributes">
                    {item.selectedAttributes.map((attribute) => _("account.orders.attribute", { label: attribute.label, value: attribute.valueLabel })).join(", ")}
                  </span>
                )}
                {item.isGift && <span className="order-detail__attributes">{_("account.orders.gift")}</span>}
              </th>
              <td>{item.quantity}</td>
              <td>{money(item.unitPrice.taxIncluded)}</td>
              <td>{money(item.unitPrice.taxIncluded * item.quantity)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              {_("account.orders.subtotal")}
            </th>
            <td>{money(order.linesPrice.taxIncluded)}</td>
          </tr>
          {order.coupon && (
            <tr>
              <th scope="row" colSpan={3}>
                {_("account.orders.coupon", { code: order.coupon.code })}
              </th>
              <td>{money(-order.coupon.reduction)}</td>
            </tr>
          )}
          <tr>
            <th scope="row" colSpan={3}>
              {_("account.orders.shipping")}
            </th>
            <td>{money(order.shippingPrice.taxIncluded)}</td>
          </tr>
          <tr className="order-detail__total">
            <th scope="row" colSpan={3}>
              {_("account.orders.totalPaid")}
            </th>
            <td>{money(order.totalPrice.taxIncluded)}</td>
          </tr>
          {order.taxes.map((tax) => (
            <tr key={tax.taxRate} className="order-detail__tax">
              <th scope="row" colSpan={3}>
                {_("account.orders.vat", { rate: tax.taxRate.toLocaleString(lang === "en" ? "en-GB" : "fr-FR"), base: money(tax.taxFree) })}
              </th>
              <td>{money(tax.taxAmount)}</td>
            </tr>
          ))}
        </tfoot>
      </table>

      <h3>{_("account.orders.delivery")}</h3>
      {order.shipments.map((shipment) => (
        <ShipmentView key={shipment.id} shipment={shipment} lang={lang} />
      ))}

      {order.customCardMessage && (
        <>
          <h3>{_("account.orders.cardMessage")}</h3>
          <blockquote className="order-detail__card-message">{order.customCardMessage}</blockquote>
        </>
      )}

      <div className="order-detail__columns">
        <div>
          <h3>{_("account.orders.billingAddress")}</h3>
          {order.billingAddress ? <AddressLines address={order.billingAddress} lang={lang} /> : <p>—</p>}
        </div>
        <div>
          <h3>{_("account.orders.payment")}</h3>
          {isPaidFromMoneyPot(order) ? (
            <p>{_("account.orders.paidFromPot")}</p>
          ) : order.payment ? (
            <p>
              {cardBrandOf(order.payment.method) ? _("account.orders.paymentCardBrand", { brand: cardBrandOf(order.payment.method) }) : _("account.orders.paymentCard")}
              <br />
              {order.payment.date && _("account.orders.paidOn", { date: formatOrderDate(order.payment.date, lang) })}
              {order.payment.date && <br />}
              {_(`account.orders.paymentStatus.${order.payment.status}`)}
            </p>
          ) : (
            <p>{_("account.orders.paymentNone")}</p>
          )}
        </div>
      </div>
    </>
  );
}

function ShipmentView({ shipment, lang }: { shipment: Shipment; lang: Lang }) {
  const { _ } = useLingui();
  return (
    <div className="order-detail__shipment">
      <p>
        <strong>{shipment.shipmentMethod?.name}</strong>
      </p>
      {shipment.relayPointId && <p>{_("account.orders.relayPoint", { id: shipment.relayPointId })}</p>}
      {shipment.address && <AddressLines address={shipment.address} lang={lang} />}
      {shipment.trackingInfo ? (
        <p>
          {_("account.orders.trackingNumber", { number: shipment.trackingInfo.number })}
          {shipment.trackingInfo.url && (
            <>
              {" "}
              <a href={shipment.trackingInfo.url} target="_blank" rel="noopener noreferrer">
                {_("account.orders.track")}
                <span className="visually-hidden"> {_("account.orders.newWindow")}</span>
              </a>
            </>
          )}
        </p>
      ) : (
        <p>{_("account.orders.notShipped")}</p>
      )}
    </div>
  );
}

function AddressLines({ address, lang }: { address: Address; lang: Lang }) {
  const lines = [
    `${address.firstName} ${address.lastName}`.trim(),
    address.company ?? "",
    address.street,
    `${address.postCode} ${address.city}`,
    countryLabel(address.country, lang),
  ].filter((line) => line !== "");
  return (
    <address className="order-detail__address">
      {lines.map((line, index) => (
        <span key={index}>{line}</span>
      ))}
    </address>
  );
}

function InvoiceDownload({ orderId, lang }: { orderId: number; lang: Lang }) {
  const { _ } = useLingui();
  const { api } = useShopContext();
  const notify = useNotify();
  const download = useMutation({
    mutationFn: () => fetchOrderInvoice(api, lang, orderId),
    onSuccess: saveFile,
    onError: () => notify({ kind: "danger", messageId: "account.orders.invoiceError" }),
  });
  return (
    <p>
      <button type="button" className="button" onClick={() => download.mutate()} disabled={download.isPending} aria-busy={download.isPending || undefined}>
        {_("account.orders.downloadInvoice")}
      </button>
    </p>
  );
}

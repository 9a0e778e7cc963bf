// The orders page of the account (GET orders/customer, the latest 10). While the order history
// is not served yet (the API answers 501) the page says so plainly.
import { useLingui } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { isApiError } from "../../api/client.ts";
import type { Customer } from "../../app/session.ts";
import { useShopContext } from "../../app/shop-context.ts";
import { useLang } from "../../i18n/use-lang.ts";
import { formatPrice } from "../../i18n/format.ts";
import { customerOrdersQuery } from "./account-api.ts";

const NOT_IMPLEMENTED = 501;

export function OrderHistory({ customer }: { customer: Customer }) {
  const { _ } = useLingui();
  const lang = useLang();
  const { api } = useShopContext();
  const orders = useQuery(customerOrdersQuery(api, lang, customer.id));
  const dates = new Intl.DateTimeFormat(lang === "en" ? "en-GB" : "fr-FR", { dateStyle: "long" });

  let body;
  if (orders.isPending) body = <p role="status">{_("account.orders.loading")}</p>;
  else if (orders.isError && isApiError(orders.error) && orders.error.status === NOT_IMPLEMENTED) {
    body = <p className="account-orders__notice">{_("account.orders.unavailable")}</p>;
  } else if (orders.isError) {
    body = (
      <div role="alert">
        <p>{_("errors.server.access")}</p>
        <button type="button" className="button button--ghost" onClick={() => void orders.refetch()}>
          {_("account.orders.retry")}
        </button>
      </div>
    );
  } else if (orders.data.length === 0) body = <p>{_("account.orders.empty")}</p>;
  else {
    body = (
      <table className="account-orders">
        <caption className="visually-hidden">{_("account.orders.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{_("account.orders.reference")}</th>
            <th scope="col">{_("account.orders.date")}</th>
            <th scope="col">{_("account.orders.status")}</th>
            <th scope="col">{_("account.orders.total")}</th>
          </tr>
        </thead>
        <tbody>
          {orders.data.map((order) => (
            <tr key={order.id}>
              <th scope="row">{order.reference}</th>
              <td>{dates.format(new Date(order.paymentDate ?? order.createdAt))}</td>
              <td>{_(`account.orders.status.${order.status}`)}</td>
              <td>{formatPrice(order.totalPrice.taxIncluded, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }

  return (
    <section className="account-card" aria-labelledby="account-orders-title">
      <h2 id="account-orders-title">{_("account.orders.title")}</h2>
      {body}
    </section>
  );
}

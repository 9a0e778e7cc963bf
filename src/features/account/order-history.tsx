// The orders page of the account (SPEC §2 /mon-compte/commandes): the customer's orders, 10 per
// page, newest first (GET orders), each opening its detail at `?reference=` (order-detail.tsx).
import { useLingui } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { Link, useSearch } from "@tanstack/react-router";
import type { Customer } from "../../app/session.ts";
import { useShopContext } from "../../app/shop-context.ts";
import { useLang } from "../../i18n/use-lang.ts";
import { formatPrice } from "../../i18n/format.ts";
import { Pagination } from "../../ui/pagination.tsx";
import { OrderDetail } from "./order-detail.tsx";
import { formatOrderDate, isPaidFromMoneyPot } from "./order-labels.ts";
import { ordersPageQuery } from "./orders-query.ts";

export function OrderHistory({ customer }: { customer: Customer }) {
  const reference = useSearch({ strict: false, select: (search) => search.reference });
  if (reference) return <OrderDetail customer={customer} reference={reference} />;
  return <OrderList customer={customer} />;
}

function OrderList({ customer }: { customer: Customer }) {
  const { _ } = useLingui();
  const lang = useLang();
  const { api } = useShopContext();
  const page = useSearch({ strict: false, select: (search) => search.page ?? 1 });
  const orders = useQuery(ordersPageQuery(api, lang, customer.id, page));

  let body;
  if (orders.isPending) body = <p role="status">{_("account.orders.loading")}</p>;
  else if (orders.isError) {
    body = (
      <div role="alert">
        <p>{_("errors.server.access")}</p>
        <button type="button" className="button button--ghost" onClick={() => void orders.refetch()}>
          {_("account.orders.retry")}
        </button>
      </div>
    );
  } else if (orders.data.totalElements === 0) body = <p>{_("account.orders.empty")}</p>;
  else if (orders.data.content.length === 0) {
    // A page past the last (an old link): the way back to the first.
    body = (
      <p>
        <Link to="." search={(previous) => ({ ...previous, page: undefined })}>
          {_("account.orders.firstPage")}
        </Link>
      </p>
    );
  } else {
    const { content, totalPages } = orders.data;
    body = (
      <>
        <table className="account-orders" aria-busy={orders.isPlaceholderData || undefined}>
          <caption className="visually-hidden">{_("account.orders.caption", { page, pages: totalPages })}</caption>
          <thead>
            <tr>
              <th scope="col">{_("account.orders.reference")}</th>
              <th scope="col">{_("account.orders.date")}</th>
              <th scope="col">{_("account.orders.status")}</th>
              <th scope="col">{_("account.orders.items")}</th>
              <th scope="col">{_("account.orders.total")}</th>
            </tr>
          </thead>
          <tbody>
            {content.map((order) => (
              <tr key={order.id}>
                <th scope="row">
                  <Link to="." search={{ reference: order.reference }} aria-label={_("account.orders.open", { reference: order.reference })}>
                    {order.reference}
                  </Link>
                </th>
                <td>{formatOrderDate(order.paymentDate ?? order.createdAt, lang)}</td>
                <td>
                  {_(`account.orders.status.${order.status}`)}
                  {isPaidFromMoneyPot(order) && <span className="account-orders__pot">{_("account.orders.paidFromPot")}</span>}
                </td>
                <td>{_("account.orders.itemCount", { count: order.itemCount })}</td>
                <td>{formatPrice(order.totalPrice.taxIncluded, lang)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <Pagination page={page} totalPages={totalPages} className="account-orders__pagination" />
      </>
    );
  }

  return (
    <section className="account-card" aria-labelledby="account-orders-title">
      <h2 id="account-orders-title">{_("account.orders.title")}</h2>
      {body}
    </section>
  );
}

// The shipment methods a cart's delivery address is served by, as radio choices with their delivery
// time and price: the shipping step's and the empowerment checkout's, each sending its own flow's event.
import { useLingui } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import type { Cart } from "../../api/queries/cart.ts";
import { shipmentMethodsQuery, type ShipmentMethod } from "../../api/queries/checkout.ts";
import { useShopContext } from "../../app/shop-context.ts";
import { formatPrice } from "../../i18n/format.ts";
import { useLang } from "../../i18n/use-lang.ts";

/** "2 days", "24 hours": a method's delivery time. */
function deliveryTimeOf(method: ShipmentMethod, _: (id: string, values?: Record<string, unknown>) => string): string {
  return method.deliveryTimeUnit === "HOUR" ? _("checkout.methods.hours", { count: method.deliveryTime }) : _("checkout.methods.days", { count: method.deliveryTime });
}

interface Props {
  cart: Cart;
  /** While the flow saves something: the choices wait. */
  busy: boolean;
  /** The method chosen for every parcel of the cart. */
  onChoose: (shipmentMethodIds: number[]) => void;
}

/** The section's body: what to do first, the loading and failure states, or the choices. */
export function ShipmentMethodChoices({ cart, busy, onChoose }: Props) {
  const { _ } = useLingui();
  const lang = useLang();
  const { api } = useShopContext();
  const hasDestination = cart.shippingAddress !== null;
  const methods = useQuery({ ...shipmentMethodsQuery(api, lang, cart), enabled: hasDestination });
  const chosenId = cart.shipments[0]?.shipmentMethod?.id ?? null;
  if (!hasDestination) return <p>{_("checkout.methods.needAddress")}</p>;
  if (methods.isPending) return <p role="status">{_("checkout.loading")}</p>;
  if (methods.isError) {
    return (
      <p role="alert">
        {_("errors.server.access")}{" "}
        <button type="button" className="button button--ghost" onClick={() => void methods.refetch()}>
          {_("checkout.unavailable.retry")}
        </button>
      </p>
    );
  }
  if (methods.data.length === 0) return <p>{_("checkout.methods.none")}</p>;
  return (
    <ul className="checkout-choices" aria-busy={methods.isFetching}>
      {methods.data.map((method) => (
        <li key={method.id} className={`checkout-choice${method.id === chosenId ? " checkout-choice--chosen" : ""}`}>
          <label className="checkout-choice__label">
            <input
              type="radio"
              name="shipment-method"
              checked={method.id === chosenId}
              disabled={busy}
              onChange={() => onChoose(cart.shipments.map(() => method.id))}
            />
            <span className="checkout-choice__text">
              <strong>{method.name}</strong>
              <span>{deliveryTimeOf(method, _)}</span>
            </span>
            <span className="checkout-choice__price">{method.price.taxIncluded === 0 ? _("checkout.methods.free") : formatPrice(method.price.taxIncluded, lang)}</span>
          </label>
        </li>
      ))}
    </ul>
  );
}

// Query options of the checkout's reads: the shipment methods that can deliver the cart where it goes.
import { queryOptions } from "@tanstack/react-query";
import type { components } from "../../../common/api/schema.gen.ts";
import { apiLocaleOf, type Lang } from "../../i18n/i18n.ts";
import { unwrap, type ApiClient } from "../client.ts";
import type { Cart } from "./cart.ts";

export type ShipmentMethod = components["schemas"]["ShipmentMethod"];

/** What the methods on offer depend on: where the cart goes and what it weighs. */
function destinationOf(cart: Cart) {
  const address = cart.shippingAddress;
  return {
    country: address?.country ?? null,
    postCode: address?.postCode ?? null,
    company: address?.company ?? null,
    relayPointId: cart.shipments.map((shipment) => shipment.relayPointId),
    weights: cart.shipments.map((shipment) => shipment.shipmentWeight),
  };
}

/** GET shopping-cart/shipment-methods: cheapest first, asked again when the destination or the weight changes. */
export function shipmentMethodsQuery(api: ApiClient, lang: Lang, cart: Cart) {
  return queryOptions({
    queryKey: ["checkout", "shipment-methods", cart.uuid, lang, destinationOf(cart)],
    queryFn: ({ signal }) =>
      unwrap(api.GET("/shopping-cart/shipment-methods", { params: { query: { locale: apiLocaleOf(lang), shoppingCartId: cart.uuid } }, signal })),
  });
}

// The shopper's cart in the query cache: the one place every view (header badge, sidebar, cart page,
// checkout) reads it from. The cart machine (machines/cart) decides what is asked of the server and
// writes each cart the server answers here (`writeCart`), or drops it (`removeCart`).
import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { components } from "../../../common/api/schema.gen.ts";
import { unwrap, type ApiClient } from "../client.ts";
import { apiLocaleOf, type Lang } from "../../i18n/i18n.ts";

export type Cart = components["schemas"]["Cart"];

export const cartKeys = {
  all: ["cart"] as const,
  /** A cart in a language (its product names and variant labels are in the page's language). */
  byId: (cartId: string, lang: Lang) => ["cart", cartId, lang] as const,
};

/** The cart `cartId` in `lang`: asked of the server when the cache has none (after a language switch). */
export function cartQuery(api: ApiClient, cartId: string, lang: Lang) {
  return queryOptions({
    queryKey: cartKeys.byId(cartId, lang),
    queryFn: ({ signal }) =>
      unwrap(api.GET("/shopping-cart/{id}", { params: { path: { id: cartId }, query: { locale: apiLocaleOf(lang) } }, signal })),
    // Only the cart machine changes the cart, and it writes every change here.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The cart the server answered is the shopper's, in `lang`: copies of other carts or languages go. */
export function writeCart(queryClient: QueryClient, cart: Cart, lang: Lang): void {
  const key = cartKeys.byId(cart.uuid, lang);
  queryClient.removeQueries({ queryKey: cartKeys.all, predicate: (query) => query.queryKey[1] !== key[1] || query.queryKey[2] !== key[2] });
  queryClient.setQueryData(key, cart);
}

/** The shopper has no cart any more. */
export function removeCart(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: cartKeys.all });
}

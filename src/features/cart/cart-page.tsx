// The cart page (`/mon-panier`, `/en/my-cart`): the whole cart with the sidebar's actions and totals.
import { useLingui } from "@lingui/react";
import { useCart } from "../../app/use-cart.ts";
import { useShopContext } from "../../app/shop-context.ts";
import { useSeo } from "../../ui/use-seo.ts";
import { CartContents } from "./cart-contents.tsx";
import "./cart.css";

export function CartPage() {
  const { _ } = useLingui();
  const { config } = useShopContext();
  const cart = useCart();
  useSeo({ title: `${_("cart.page.title")} – ${config.brandName}` });
  return (
    <div className="cart-page container">
      <h1 className="cart-page__title">{_("cart.page.title")}</h1>
      <CartContents cart={cart} headingLevel={2} />
    </div>
  );
}

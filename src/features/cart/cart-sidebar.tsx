// The cart sidebar (SPEC §2): a dialog from the side of the screen with the cart's contents and the
// ways on ('Go to cart', 'Go to pass order'). Escape, the close button or the backdrop close it.
import { Link } from "@tanstack/react-router";
import { useLingui } from "@lingui/react";
import { useCart } from "../../app/use-cart.ts";
import { useLang } from "../../i18n/use-lang.ts";
import { pagePath } from "../../../common/pages.ts";
import { Modal } from "../../ui/modal.tsx";
import { CartContents } from "./cart-contents.tsx";

export function CartSidebar() {
  const { _ } = useLingui();
  const lang = useLang();
  const cart = useCart();
  return (
    <Modal open={cart.sidebarOpen} onClose={cart.closeSidebar} title={_("cart.title")} closeLabel={_("layout.dialog.close")} variant="side" className="cart-sidebar">
      <CartContents
        cart={cart}
        onFollowLink={cart.closeSidebar}
        headingLevel={3}
        actions={
          <Link to={pagePath("cart", lang)} className="button button--ghost" onClick={cart.closeSidebar}>
            {_("cart.goToCart")}
          </Link>
        }
      />
    </Modal>
  );
}

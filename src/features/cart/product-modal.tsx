// The added/removed product modal (SPEC §2 modals, §4 product modal types add and remove): the product,
// its quantity and price, then 'Continue shopping' or 'Show my shopping cart' (the cart page).
import { Link } from "@tanstack/react-router";
import { useLingui } from "@lingui/react";
import { useCart } from "../../app/use-cart.ts";
import { useLang } from "../../i18n/use-lang.ts";
import { formatPrice } from "../../i18n/format.ts";
import { pagePath } from "../../../common/pages.ts";
import { Modal } from "../../ui/modal.tsx";

export function ProductModal() {
  const { _ } = useLingui();
  const lang = useLang();
  const cart = useCart();
  const modal = cart.productModal;
  const showCart = () => {
    cart.closeProductModal();
    cart.closeSidebar();
  };
  return (
    <Modal
      open={modal !== null}
      onClose={cart.closeProductModal}
      title={modal?.kind === "removed" ? _("cart.modal.removed") : _("cart.modal.added")}
      closeLabel={_("layout.dialog.close")}
      className="cart-product-modal"
    >
      {modal && (
        <div className="cart-product-modal__body">
          <div className="cart-product-modal__product">
            {modal.line.product.coverPicture ? (
              <img src={modal.line.product.coverPicture.srcSmall} alt="" width={96} height={96} />
            ) : (
              <span className="cart-line__picture" aria-hidden="true" />
            )}
            <div>
              <p className="cart-product-modal__name">{modal.line.product.name}</p>
              {modal.line.selectedAttributes.length > 0 && (
                <p className="cart-line__variant">
                  {modal.line.selectedAttributes.map((attribute) => `${attribute.label}${_("product.variant.separator")}${attribute.valueLabel}`).join(", ")}
                </p>
              )}
              {modal.kind === "added" && (
                <p className="cart-product-modal__quantity">
                  {_("cart.modal.quantity", { quantity: modal.line.quantity, total: formatPrice(modal.line.taxIncludedTotalPrice, lang) })}
                </p>
              )}
            </div>
          </div>
          <div className="cart-product-modal__actions">
            <button type="button" className="button button--ghost" onClick={cart.closeProductModal} data-autofocus>
              {_("cart.modal.continue")}
            </button>
            <Link to={pagePath("cart", lang)} className="button" onClick={showCart}>
              {_("cart.modal.showCart")}
            </Link>
          </div>
        </div>
      )}
    </Modal>
  );
}

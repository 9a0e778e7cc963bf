// The cart's entry points in the shell: the header's cart button and the phone bottom bar's cart item,
// both showing the number of cart lines and opening the sidebar; and the place where the cart's
// dialogs (sidebar, added/removed product modal) are mounted, their code loaded when one first opens.
import { useLingui } from "@lingui/react";
import { useState } from "react";
import { createPortal } from "react-dom";
import { useCartLineCount, useCartState, useCartStore, useOpenCartSidebar } from "../../app/cart.tsx";
import { isSidebarOpen, selectProductModal, type CartSnapshot } from "../../../machines/cart/cart.selectors.ts";
import { withTexts } from "../../i18n/i18n.ts";
import { LazyDialog, lazyPart } from "../../app/lazy-part.tsx";

const CartDialogs = lazyPart(() => withTexts(import("./cart-dialogs.tsx"), "customer").then((module) => module.CartDialogs));

const isDialogOpen = (snapshot: CartSnapshot) => isSidebarOpen(snapshot) || selectProductModal(snapshot) !== null;

function CartIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M3 4h2l2.4 11.2a1.5 1.5 0 0 0 1.5 1.2h8.6a1.5 1.5 0 0 0 1.5-1.1L21 8H6.2M10 20.5a.5.5 0 1 1-1 0 .5.5 0 0 1 1 0zm8 0a.5.5 0 1 1-1 0 .5.5 0 0 1 1 0z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The cart button: icon, label, and a badge with the number of lines. */
export function CartButton({ className, labelClassName }: { className: string; labelClassName?: string }) {
  const { _ } = useLingui();
  const count = useCartLineCount();
  const open = useOpenCartSidebar();
  return (
    <button type="button" className={`cart-button ${className}`} aria-haspopup="dialog" onClick={open}>
      <span className="cart-button__icon">
        <CartIcon />
        {count > 0 && (
          <span className="cart-button__badge" aria-hidden="true">
            {count}
          </span>
        )}
      </span>
      <span className={labelClassName}>{_("cart.open")}</span>{" "}
      <span className="visually-hidden">{_("cart.lineCount", { count })}</span>
    </button>
  );
}

/** Mounts the cart's dialogs once one of them is asked for (in the document's body, outside the header). */
export function CartDialogsMount() {
  const store = useCartStore();
  const wanted = useCartState(isDialogOpen, false);
  const [mounted, setMounted] = useState(false);
  if (wanted && !mounted) setMounted(true);
  if (!mounted) return null;
  // Their code could not be loaded: closed, and unmounted so that the next opening loads it again.
  const closeDialogs = () => {
    store.actor.send({ type: "cart.closeSidebar" });
    store.actor.send({ type: "cart.closeProductModal" });
    setMounted(false);
  };
  return createPortal(
    <LazyDialog onClose={closeDialogs}>
      <CartDialogs />
    </LazyDialog>,
    document.body,
  );
}

// The cart's dialogs, loaded with the cart feature once one of them opens: the sidebar and the
// added/removed product modal.
import { CartSidebar } from "./cart-sidebar.tsx";
import { ProductModal } from "./product-modal.tsx";
import "./cart.css";

export function CartDialogs() {
  return (
    <>
      <CartSidebar />
      <ProductModal />
    </>
  );
}

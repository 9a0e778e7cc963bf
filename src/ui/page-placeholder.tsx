// What a page shows while its code loads: an empty area the height of the screen, so that the
// header and the shell paint at once and the footer does not rise then fall when the page comes.
import { useLingui } from "@lingui/react";

export function PagePlaceholder() {
  return <div className="page-placeholder" aria-busy="true" style={{ minHeight: "100vh" }} />;
}

/** A checkout step while its flow loads the cart and the profile to decide where the shopper stands
 *  (SPEC §2 Guards): the page says so, as the step itself does while its data comes. */
export function CheckoutPlaceholder() {
  const { _ } = useLingui();
  return (
    <div className="page-placeholder" style={{ minHeight: "100vh" }}>
      <p className="checkout-step" role="status" aria-busy="true">
        {_("common.loading")}
      </p>
    </div>
  );
}

// The checkout's shipping step as a page (src/features/checkout: the step, its modals and the
// Colissimo relay picker).
import { ShippingStep } from "../features/checkout/shipping-step.tsx";

export function CheckoutShippingPage() {
  return <ShippingStep />;
}

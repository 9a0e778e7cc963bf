// The checkout's shipping step as a page: the step (src/features/checkout) with the Colissimo relay
// modal it opens (src/features/relay), composed here since features do not import each other.
import { ShippingStep } from "../features/checkout/shipping-step.tsx";

export function CheckoutShippingPage() {
  return <ShippingStep />;
}

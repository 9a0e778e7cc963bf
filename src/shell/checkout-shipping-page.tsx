// The checkout's shipping step as a page (src/features/checkout: the step, its modals and the
// Colissimo relay picker). A session that ends on the step (a 401 answer clears it, SPEC §4 Session
// expiry) leaves a guest there: the checkout's sign-in shows in its place, and once signed in again
// the shopper is back on the step.
import { useSession } from "../app/session.ts";
import { ShippingStep } from "../features/checkout/shipping-step.tsx";
import { CheckoutSignInPage } from "./checkout-sign-in-page.tsx";

export function CheckoutShippingPage() {
  const { status } = useSession();
  return status === "anonymous" ? <CheckoutSignInPage /> : <ShippingStep />;
}

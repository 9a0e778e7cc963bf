// The checkout's steps that need a signed-in shopper, as pages (src/features/checkout: the shipping
// step with its modals and the Colissimo relay picker, the payment step, the empowerment checkout). A
// session that ends on a step (a 401 answer clears it and the cart, SPEC §4 Session expiry) leaves a
// guest there: the checkout's sign-in shows in its place instead of a step left waiting for a customer
// or a cart, and once signed in again the step is visited anew, its guard sending the shopper where
// they stand (the payment, for a cart ready to pay; an Empowerment customer to theirs).
import { useRouter } from "@tanstack/react-router";
import { useEffect, useRef, type ReactNode } from "react";
import { useSession } from "../app/session.ts";
import { EmpowermentCheckoutPage as EmpowermentCheckout } from "../features/checkout/empowerment/empowerment-checkout-page.tsx";
import { PaymentStepPage as PaymentStep } from "../features/checkout/payment/payment-step.tsx";
import { ShippingStep } from "../features/checkout/shipping-step.tsx";
import { CheckoutSignInPage } from "./checkout-sign-in-page.tsx";

function SignedInStep({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const router = useRouter();
  // Signed in again where the session ended: the step is visited anew, its guard sending the shopper
  // where they stand (the sign-in shown in its place is gone as soon as the session is back).
  const ended = useRef(false);
  useEffect(() => {
    if (status === "anonymous") ended.current = true;
    if (status !== "signedIn" || !ended.current) return;
    ended.current = false;
    void router.invalidate();
  }, [status, router]);
  return status === "anonymous" ? <CheckoutSignInPage /> : children;
}

export function CheckoutShippingPage() {
  return (
    <SignedInStep>
      <ShippingStep />
    </SignedInStep>
  );
}

export function PaymentStepPage() {
  return (
    <SignedInStep>
      <PaymentStep />
    </SignedInStep>
  );
}

export function EmpowermentCheckoutPage() {
  return (
    <SignedInStep>
      <EmpowermentCheckout />
    </SignedInStep>
  );
}

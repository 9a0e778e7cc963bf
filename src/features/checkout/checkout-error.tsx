// What a checkout step shows when its flow could not load the cart (offline, server down): the
// failure, and a way to try again. Any other error of the step shows as the router shows errors.
import { useLingui } from "@lingui/react";
import { ErrorComponent, useRouter, type ErrorComponentProps } from "@tanstack/react-router";
import { CheckoutUnavailable } from "../../app/checkout-flow.ts";

export function CheckoutError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const { _ } = useLingui();
  if (!(error instanceof CheckoutUnavailable)) return <ErrorComponent error={error} />;
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return (
    <section className="checkout-step" aria-labelledby="checkout-unavailable">
      <h1 id="checkout-unavailable">{_("checkout.unavailable.title")}</h1>
      <p role="alert">{_("errors.server.access")}</p>
      <button type="button" className="button" onClick={retry}>
        {_("checkout.unavailable.retry")}
      </button>
    </section>
  );
}

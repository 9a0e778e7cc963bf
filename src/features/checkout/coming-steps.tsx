// The checkout's pages (SPEC §2) while the checkout itself is being built: each route is in place
// with its layout and guards, and its page says which step it is and that it is coming, with the
// way back to the cart. Nothing here pretends to take an order.
import { useLingui } from "@lingui/react";
import { Link } from "@tanstack/react-router";
import { pagePath } from "../../../common/pages.ts";
import { useLang, useShopContext } from "../../app/shop-context.ts";
import { useSeo } from "../../ui/use-seo.ts";

function ComingStep({ titleId }: { titleId: string }) {
  const { _ } = useLingui();
  const lang = useLang();
  const { config } = useShopContext();
  const title = _(titleId);
  useSeo({ title: `${title} – ${config.brandName}` });
  return (
    <section className="coming-step" aria-labelledby="coming-step-title">
      <h1 id="coming-step-title">{title}</h1>
      <p>{_("checkout.coming.text")}</p>
      <p>
        <Link to={pagePath("cart", lang)} className="button">
          {_("checkout.coming.backToCart")}
        </Link>
      </p>
    </section>
  );
}

export const CheckoutSignInPage = () => <ComingStep titleId="checkout.coming.signIn" />;
export const ShippingStepPage = () => <ComingStep titleId="checkout.coming.shipping" />;
export const PaymentStepPage = () => <ComingStep titleId="checkout.coming.payment" />;
export const PaymentResultPage = () => <ComingStep titleId="checkout.coming.paymentResult" />;
export const PaymentWaitingPage = () => <ComingStep titleId="checkout.coming.paymentWaiting" />;
export const PaymentReturnPage = () => <ComingStep titleId="checkout.coming.paymentReturn" />;
export const ThankYouPage = () => <ComingStep titleId="checkout.coming.thankYou" />;
export const EmpowermentCheckoutPage = () => <ComingStep titleId="checkout.coming.empowermentCheckout" />;
export const EmpowermentSignInPage = () => <ComingStep titleId="checkout.coming.empowermentSignIn" />;
export const ConfigureEmpowermentPage = () => <ComingStep titleId="checkout.coming.configureEmpowerment" />;
export const HabileSignInPage = () => <ComingStep titleId="checkout.coming.habileSignIn" />;

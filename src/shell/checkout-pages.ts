// The checkout's code, loaded as one part with its texts when a checkout page is first visited: its
// layout, the sign-in, shipping and payment steps, the payment's return, result, retry and thank-you
// pages, the step that could not load, and the employee programme's pages
// (the empowerment checkout, and the budget page, whose visitors are few).
// One part rather than five: the shopper goes from one step to the next, and the start file then
// names one part to load instead of five (src/routes/page-components.tsx).
export { CheckoutLayout } from "./checkout-layout.tsx";
export { CheckoutSignInPage } from "./checkout-sign-in-page.tsx";
export { CheckoutShippingPage, EmpowermentCheckoutPage, PaymentStepPage } from "./checkout-step-pages.tsx";
export { PaymentReturnPage } from "../features/checkout/payment/payment-return-page.tsx";
export { PaymentResultPage } from "../features/checkout/payment/payment-result-page.tsx";
export { PaymentRetryPage } from "../features/checkout/payment/payment-retry-page.tsx";
export { ThankYouPage } from "../features/checkout/payment/thank-you-page.tsx";
export { ConfigureEmpowermentPage } from "../features/empowerment/configure-empowerment-page.tsx";

// The guards of the route tree (DESIGN §3, SPEC §2 Guards), loaded with the first page that has
// one: they read the session and the cart from the app-wide actors the router context carries,
// once these have settled (a stored session checked, the cart, the customer's one after a
// sign-in, loaded), and redirect with `redirect` where the specification says where to. Where the
// employees' single sign-on is the way in, the guard asks the sign-in dialog to send the browser to the
// provider and waits for it to leave (a failure to start shows in the route's error view). The
// account pages' error view is here too: what their guard's refusal shows.
import { ErrorComponent, redirect, useRouter, type ErrorComponentProps } from "@tanstack/react-router";
import type { Lang } from "../../common/languages.ts";
import { pagePath, type PAGES } from "../../common/pages.ts";
import type { Customer, CustomerGroup } from "../../machines/auth/auth.types.ts";
import { lineCount } from "../app/cart.tsx";
import { settledCart } from "../app/use-cart.ts";
import { CheckoutUnavailable, enterCheckout } from "../app/checkout-flow.ts";
import { settledSession } from "../app/settled-session.ts";
import { holdsEmpowermentFlag, leaveForSingleSignOn, SingleSignOnFailed } from "../app/single-sign-on.ts";
import { SingleSignOnFailureView } from "../features/auth/single-sign-on-pages.tsx";

// The single sign-on's pages share this module's download (they and the guards' failure view are one piece).
export { SingleSignOnPage } from "../features/auth/single-sign-on-pages.tsx";
import type { CheckoutPlace } from "../../machines/checkout/checkout.selectors.ts";
import type { CheckoutStep } from "../../machines/checkout/checkout.types.ts";
import { ACCOUNT_TAB_SLUGS, accountTabOf } from "../features/account/account-tabs.ts";
import { CheckoutError } from "../features/checkout/checkout-error.tsx";
import { AccountSignIn } from "./page-components.tsx";
import type { RouterContext } from "./router.tsx";

/** SPEC §3: the customer group of the employee programme's administrators. */
const EMPOWERMENT_ADMIN_GROUP: CustomerGroup = "BRAND_EMPLOYEE";
/** The programme's beneficiaries. */
const EMPOWERMENT_GROUP: CustomerGroup = "EMPOWERMENT";

/** A route's visit as its `beforeLoad` gets it. A preload (a link hovered) never leaves for the
 *  provider: the visit itself will. */
export interface Visit {
  context: RouterContext;
  preload: boolean;
  location: { href: string };
}

/** What a guard decides: the page, the single sign-on first, /401, or another page. */
export type Access = "enter" | "singleSignOn" | "unauthorized" | "checkout";

const isBeneficiary = (customer: Customer | null) => customer?.customerGroup === EMPOWERMENT_GROUP;

/** SPEC §2 Guards: with the programme's flag held, only a beneficiary browses the shop; anyone else
 *  (a guest, another group) signs in with the single sign-on first. */
export function employeeFlagAccess(customer: Customer | null): Access {
  return isBeneficiary(customer) ? "enter" : "singleSignOn";
}

/** SPEC §2 Guards: the budget page is an administrator's (a {product} employee marked so); with the
 *  programme's flag held, the single sign-on (unless already a beneficiary: not theirs, and no loop). */
export function empowermentAdminAccess(customer: Customer | null, flagHeld: boolean): Access {
  if (flagHeld) return isBeneficiary(customer) ? "unauthorized" : "singleSignOn";
  return customer?.customerGroup === EMPOWERMENT_ADMIN_GROUP && customer.isEmpowermentAdmin ? "enter" : "unauthorized";
}

/** The programme's checkout: a beneficiary; a guest holding the flag signs in first; another
 *  customer has the usual checkout; a guest without the flag has no business here. */
export function empowermentCheckoutAccess(customer: Customer | null, flagHeld: boolean): Access {
  if (isBeneficiary(customer)) return "enter";
  if (customer !== null) return "checkout";
  return flagHeld ? "singleSignOn" : "unauthorized";
}

/** A shop page while the programme's flag is held (the route checks the flag first: without it this
 *  code is not even loaded). The profile is loaded if missing; back on the page asked for once signed in. */
export async function employeeFlagGuard({ context: { auth }, preload, location }: Visit): Promise<void> {
  const session = await settledSession(auth);
  if (employeeFlagAccess(session.customer) === "singleSignOn" && !preload) await leaveForSingleSignOn(auth, "EMPOWERMENT", location.href);
}

/** Thrown by the account pages' guard for a visitor who is not signed in: the page invites them to. */
export class SignInRequired extends Error {
  constructor() {
    super("sign-in required");
    this.name = "SignInRequired";
  }
}

/** The account: an unknown page of it is the 404, the other language's slug goes to this one's,
 *  and only a signed-in customer sees it (the others are invited to sign in, at the same address). */
export async function accountGuard({ auth }: RouterContext, lang: Lang, pageName: string | undefined) {
  const tab = accountTabOf(pageName);
  if (!tab) throw redirect({ to: pagePath("notFound", lang), replace: true });
  const slug = ACCOUNT_TAB_SLUGS[tab][lang];
  if (pageName !== slug) throw redirect({ to: pagePath("account", lang), params: { pageName: slug }, replace: true });
  const session = await settledSession(auth);
  if (session.status !== "signedIn") throw new SignInRequired();
  return { accountTab: tab };
}

/** The employee programme's budget page (`empowermentAdminAccess`). */
export async function empowermentAdminGuard(
  { context: { auth }, preload }: Visit,
  lang: Lang,
  storage: Pick<Storage, "getItem"> = window.sessionStorage,
): Promise<void> {
  const session = await settledSession(auth);
  const access = empowermentAdminAccess(session.customer, holdsEmpowermentFlag(storage));
  if (access === "singleSignOn") {
    if (preload) return;
    await leaveForSingleSignOn(auth, "EMPOWERMENT", pagePath("home", lang));
  }
  if (access !== "enter") throw redirect({ to: pagePath("unauthorized", lang), replace: true });
}

/** Where each of the checkout flow's decisions is shown (SPEC §2 Guards). */
const PAGE_OF_PLACE: Record<Exclude<CheckoutPlace, "failed" | "singleSignOn">, keyof typeof PAGES> = {
  emptyCart: "cart",
  signIn: "checkoutSignIn",
  empowerment: "empowermentCheckout",
  shipping: "checkoutShipping",
  payment: "checkoutPayment",
};
const PAGE_OF_STEP: Record<CheckoutStep, keyof typeof PAGES> = { signIn: "checkoutSignIn", shipping: "checkoutShipping", payment: "checkoutPayment" };

/** A checkout step: the checkout flow loads the cart and the profile and says where the shopper
 *  stands; any other page than the one visited is a redirect there. A preload (the cart page's
 *  'Order' link hovered) is not a visit: the flow is asked when the page is visited, not before. */
export async function checkoutGuard({ context, preload }: Visit, lang: Lang, step: CheckoutStep): Promise<void> {
  if (preload) return;
  const place = await enterCheckout(context, step);
  if (place === "failed") throw new CheckoutUnavailable();
  // A guest holding the programme's flag signs in with the single sign-on, then comes back to the checkout.
  if (place === "singleSignOn") return leaveForSingleSignOn(context.auth, "EMPOWERMENT", pagePath("checkoutShipping", lang));
  const page = PAGE_OF_PLACE[place];
  if (page !== PAGE_OF_STEP[step]) throw redirect({ to: pagePath(page, lang), replace: true });
}

/** The payment's pages after the step (return, result, retry, thank-you): a signed-in customer (else
 *  an invitation to sign in, at the same address); without the cart or order they are about, the cart page. */
export async function paymentPageGuard({ auth }: RouterContext, lang: Lang, about: string | undefined): Promise<void> {
  if (!about) throw redirect({ to: pagePath("cart", lang), replace: true });
  const session = await settledSession(auth);
  if (session.status !== "signedIn") throw new SignInRequired();
}

/** The empowerment checkout (`empowermentCheckoutAccess`), then a cart with lines. */
export async function empowermentCheckoutGuard(
  { context: { auth, cart }, preload }: Visit,
  lang: Lang,
  storage: Pick<Storage, "getItem"> = window.sessionStorage,
): Promise<void> {
  const session = await settledSession(auth);
  const access = empowermentCheckoutAccess(session.customer, holdsEmpowermentFlag(storage));
  if (access === "singleSignOn") {
    if (preload) return;
    await leaveForSingleSignOn(auth, "EMPOWERMENT", pagePath("empowermentCheckout", lang));
  }
  if (access === "checkout") throw redirect({ to: pagePath("checkout", lang), replace: true });
  if (access !== "enter") throw redirect({ to: pagePath("unauthorized", lang), replace: true });
  const basket = await settledCart(cart, lang);
  if (lineCount(basket) === 0) throw redirect({ to: pagePath("cart", lang), replace: true });
}

/** What the account pages show when their guard refused the visit: a visitor who is not signed in
 *  is invited to (the page shows once they are: the guard runs again). */
function SignInInvitation({ reset }: { reset: () => void }) {
  const router = useRouter();
  const signedIn = () => {
    reset();
    void router.invalidate();
  };
  return <AccountSignIn onSignedIn={signedIn} />;
}

/** A guard's single sign-on that could not start: why, and trying again (the guard runs again). */
function SingleSignOnRefused({ error, reset }: { error: SingleSignOnFailed; reset: () => void }) {
  const router = useRouter();
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return <SingleSignOnFailureView failure={error.failure} onRetry={retry} />;
}

/** The error view of the guarded routes: what their guard's refusal shows (an invitation to sign in,
 *  a single sign-on that could not start, a checkout that could not load), any other failure as usual. */
export function GuardError(props: ErrorComponentProps) {
  const { error, reset } = props;
  if (error instanceof SignInRequired) return <SignInInvitation reset={reset} />;
  if (error instanceof SingleSignOnFailed) return <SingleSignOnRefused error={error} reset={reset} />;
  if (error instanceof CheckoutUnavailable) return <CheckoutError {...props} />;
  return <ErrorComponent error={error} />;
}

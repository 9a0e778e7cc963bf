// The guards of the route tree (DESIGN §3, SPEC §2 Guards), loaded with the first page that has
// one: they read the session and the cart from the app-wide actors the router context carries,
// once these have settled (a stored session checked, the cart, the customer's one after a
// sign-in, loaded), and redirect with `redirect` where the specification says where to. The
// account pages' error view is here too: what their guard's refusal shows.
import { ErrorComponent, redirect, useRouter, type ErrorComponentProps } from "@tanstack/react-router";
import type { Lang } from "../../common/languages.ts";
import { pagePath, type PAGES } from "../../common/pages.ts";
import type { CustomerGroup } from "../../machines/auth/auth.types.ts";
import { lineCount } from "../../machines/cart/cart.quantities.ts";
import { settledCart } from "../app/use-cart.ts";
import { CheckoutUnavailable, enterCheckout } from "../app/checkout-flow.ts";
import { settledSession } from "../app/settled-session.ts";
import type { CheckoutPlace } from "../../machines/checkout/checkout.selectors.ts";
import type { CheckoutStep } from "../../machines/checkout/checkout.types.ts";
import { ACCOUNT_TAB_SLUGS, accountTabOf } from "../features/account/account-tabs.ts";
import { AccountSignIn } from "./page-components.tsx";
import type { RouterContext } from "./router.tsx";

/** SPEC §3: the customer group of the employee programme's administrators. */
const EMPOWERMENT_ADMIN_GROUP: CustomerGroup = "BRAND_EMPLOYEE";

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

/** The employee programme's budget page: a signed-in {product} employee; anyone else gets /401. */
export async function empowermentAdminGuard({ auth }: RouterContext, lang: Lang): Promise<void> {
  const session = await settledSession(auth);
  if (session.customer?.customerGroup !== EMPOWERMENT_ADMIN_GROUP) throw redirect({ to: pagePath("unauthorized", lang), replace: true });
}

/** Where each of the checkout flow's decisions is shown (SPEC §2 Guards). */
const PAGE_OF_PLACE: Record<Exclude<CheckoutPlace, "failed">, keyof typeof PAGES> = {
  emptyCart: "cart",
  signIn: "checkoutSignIn",
  // The employee single sign-on comes with the employee programme; until then such a guest signs in here.
  singleSignOn: "checkoutSignIn",
  empowerment: "empowermentCheckout",
  shipping: "checkoutShipping",
  payment: "checkoutPayment",
};
const PAGE_OF_STEP: Record<CheckoutStep, keyof typeof PAGES> = { signIn: "checkoutSignIn", shipping: "checkoutShipping", payment: "checkoutPayment" };

/** A checkout step: the checkout flow loads the cart and the profile and says where the shopper
 *  stands; any other page than the one visited is a redirect there. */
export async function checkoutGuard(context: RouterContext, lang: Lang, step: CheckoutStep): Promise<void> {
  const place = await enterCheckout(context, step);
  if (place === "failed") throw new CheckoutUnavailable();
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

/** The empowerment checkout (built with the employee programme): a cart with lines at least. */
export async function empowermentCheckoutGuard({ auth, cart }: RouterContext, lang: Lang): Promise<void> {
  await settledSession(auth);
  const basket = await settledCart(cart, lang);
  if (lineCount(basket) === 0) throw redirect({ to: pagePath("cart", lang), replace: true });
}

/** What the account pages show when their guard refused the visit: a visitor who is not signed in
 *  is invited to (the page shows once they are: the guard runs again); any other failure as usual. */
export function AccountError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  if (!(error instanceof SignInRequired)) return <ErrorComponent error={error} />;
  const signedIn = () => {
    reset();
    void router.invalidate();
  };
  return <AccountSignIn onSignedIn={signedIn} />;
}

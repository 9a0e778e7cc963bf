// The guards of the route tree (DESIGN §3, SPEC §2 Guards), loaded with the first page that has
// one: they read the session and the cart from the app-wide actors the router context carries,
// once these have settled (a stored session checked, the cart, the customer's one after a
// sign-in, loaded), and redirect with `redirect` where the specification says where to. The
// account pages' error view is here too: what their guard's refusal shows.
import { ErrorComponent, redirect, useRouter, type ErrorComponentProps } from "@tanstack/react-router";
import type { Lang } from "../../common/languages.ts";
import { pagePath } from "../../common/pages.ts";
import type { CustomerGroup } from "../../machines/auth/auth.types.ts";
import { selectStatus } from "../../machines/auth/session.selectors.ts";
import { customerQuery } from "../api/queries/customer.ts";
import { lineCount } from "../../machines/cart/cart.quantities.ts";
import { settledCart } from "../app/use-cart.ts";
import type { Customer } from "../app/session.ts";
import type { Auth } from "../app/session-provider.tsx";
import { ACCOUNT_TAB_SLUGS, accountTabOf } from "../features/account/account-tabs.ts";
import { AccountSignIn } from "./page-components.tsx";
import type { RouterContext } from "./router.tsx";

export type SettledSession = { status: "anonymous"; customer: null } | { status: "signedIn"; customer: Customer };

/** The session once a stored one has been checked: signed in with the customer, or anonymous. */
export async function settledSession(auth: Auth): Promise<SettledSession> {
  const [actor, { waitFor }] = await Promise.all([auth.session.load(), import("xstate")]);
  const snapshot = await waitFor(actor, (state) => selectStatus(state) !== "restoring");
  if (selectStatus(snapshot) !== "signedIn") return { status: "anonymous", customer: null };
  // The session wrote the customer into the cache as it signed them in.
  const customer = await auth.queryClient.ensureQueryData(customerQuery(auth.api)).catch(() => null);
  return customer ? { status: "signedIn", customer } : { status: "anonymous", customer: null };
}

/** SPEC §3: the customer group of the employee programme's buyers and of its administrators. */
const EMPOWERMENT_GROUP: CustomerGroup = "EMPOWERMENT";
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

/** The checkout loads the cart and the session first; an empty or missing cart leads to the cart page. */
export async function checkoutCartGuard({ auth, cart }: RouterContext, lang: Lang) {
  const session = await settledSession(auth);
  // After the session: its sign-in brings the customer's cart.
  const basket = await settledCart(cart, lang);
  if (lineCount(basket) === 0) throw redirect({ to: pagePath("cart", lang), replace: true });
  return { session, basket };
}

/** The checkout's steps: a guest goes to the checkout's sign-in; an Empowerment customer to the empowerment checkout. */
export function checkoutCustomerGuard(session: SettledSession, lang: Lang): void {
  if (session.status !== "signedIn") throw redirect({ to: pagePath("checkoutSignIn", lang), replace: true });
  if (session.customer.customerGroup === EMPOWERMENT_GROUP) throw redirect({ to: pagePath("empowermentCheckout", lang), replace: true });
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

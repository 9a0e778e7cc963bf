// The customer's account (SPEC §2 /mon-compte/{profil|adresses|commandes}): profile, address
// book, orders. `/mon-compte` is the profile. A visitor who is not signed in is invited to sign in
// (the login modal opens). The route's guard (src/routes/router.tsx) waits for a stored session to
// be checked, sends an unknown page to the 404 and the other language's slug to this one's.
import { useLingui } from "@lingui/react";
import { Link, useNavigate, useParams, useRouter } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { useSession, type Customer } from "../../app/session.ts";
import { useShopContext } from "../../app/shop-context.ts";
import { useLang } from "../../i18n/use-lang.ts";
import type { Lang } from "../../../common/languages.ts";
import { pagePath } from "../../../common/pages.ts";
import { useSeo } from "../../ui/use-seo.ts";
import { AddressBook } from "./address-book.tsx";
import { ACCOUNT_TAB_SLUGS, ACCOUNT_TABS, accountTabOf, type AccountTab } from "./account-tabs.ts";
import { OrderHistory } from "./order-history.tsx";
import { ProfileSection } from "./profile-section.tsx";
import "./account.css";

export function AccountPage() {
  const { _ } = useLingui();
  const lang = useLang();
  const { config } = useShopContext();
  const session = useSession();
  const router = useRouter();
  // The route's guard let only a signed-in customer in, on a known page's slug in this language.
  const tab = useParams({ strict: false, select: (params) => accountTabOf(params.pageName) ?? "profile" });
  useSeo({ title: `${_("account.title")} – ${config.brandName}`, description: _("account.seo.description") });

  // Signed out from this page (or the session ended): the guard decides again.
  const signedOut = session.status === "anonymous";
  useEffect(() => {
    if (signedOut) void router.invalidate();
  }, [signedOut, router]);

  if (!session.customer) return <AccountSignIn />;
  return <SignedInAccount customer={session.customer} tab={tab} lang={lang} />;
}

/** A visitor who is not signed in is invited to, the login dialog opening by itself once; the page
 *  shows as soon as they are signed in (`onSignedIn`: the route's guard runs again). */
export function AccountSignIn({ onSignedIn }: { onSignedIn?: () => void }) {
  const { _ } = useLingui();
  const { status, openLogin } = useSession();
  const askedToSignIn = useRef(false);
  useEffect(() => {
    if (status === "anonymous" && !askedToSignIn.current) {
      askedToSignIn.current = true;
      openLogin();
    }
    if (status === "signedIn") onSignedIn?.();
  }, [status, openLogin, onSignedIn]);
  return (
    <section className="account account--anonymous container">
      <h1>{_("account.title")}</h1>
      <p>{_("account.signInInvitation")}</p>
      <button type="button" className="button" aria-haspopup="dialog" onClick={openLogin}>
        {_("account.signIn")}
      </button>
    </section>
  );
}

function SignedInAccount({ customer, tab, lang }: { customer: Customer; tab: AccountTab; lang: Lang }) {
  const { _ } = useLingui();
  const session = useSession();
  const navigate = useNavigate();
  const signOut = () => {
    session.signOut();
    // Home, rather than the account's invitation to sign in again.
    void navigate({ to: pagePath("home", lang) });
  };
  return (
    <section className="account container">
      <header className="account__header">
        <h1>{_("account.title")}</h1>
        <p className="account__hello">{_("account.hello", { firstName: customer.firstName, lastName: customer.lastName })}</p>
        <button type="button" className="button button--ghost account__sign-out" onClick={signOut}>
          {_("layout.signOut")}
        </button>
      </header>
      <nav className="account__tabs" aria-label={_("account.tabs")}>
        <ul>
          {ACCOUNT_TABS.map((item) => (
            <li key={item}>
              <Link
                to={pagePath("account", lang)}
                params={{ pageName: ACCOUNT_TAB_SLUGS[item][lang] }}
                className="account__tab"
                aria-current={item === tab ? "page" : undefined}
              >
                {_(`account.tab.${item}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="account__panel">
        {tab === "profile" && <ProfileSection customer={customer} />}
        {tab === "addresses" && <AddressBook customer={customer} />}
        {tab === "orders" && <OrderHistory customer={customer} />}
      </div>
    </section>
  );
}

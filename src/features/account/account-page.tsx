// The customer's account (SPEC §2 /mon-compte/{profil|adresses|commandes}): profile, address
// book, orders. `/mon-compte` is the profile. A visitor who is not signed in is invited to sign in
// (the login modal opens); while a stored session is being checked the page waits.
import { useLingui } from "@lingui/react";
import { useNavigate, useParams } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { AppLink } from "../../app/app-link.tsx";
import { useSession, type Customer } from "../../app/session.ts";
import { useLang, useShopContext } from "../../app/shop-context.ts";
import type { Lang } from "../../i18n/i18n.ts";
import { pageHref } from "../../routes/pages.ts";
import { useSeo } from "../../ui/use-seo.ts";
import { AddressBook } from "./address-book.tsx";
import { ACCOUNT_TAB_SLUGS, ACCOUNT_TABS, accountTabOf, type AccountTab } from "./account-tabs.ts";
import { OrderHistory } from "./order-history.tsx";
import { ProfileSection } from "./profile-section.tsx";
import "./account.css";

const tabHref = (lang: Lang, tab: AccountTab) => pageHref("account", lang, { pageName: ACCOUNT_TAB_SLUGS[tab][lang] });

export function AccountPage() {
  const { _ } = useLingui();
  const lang = useLang();
  const { config } = useShopContext();
  const navigate = useNavigate();
  const session = useSession();
  const { pageName } = useParams({ strict: false });
  const tab = accountTabOf(pageName);
  useSeo({ title: `${_("account.title")} – ${config.brandName}`, description: _("account.seo.description") });

  // An unknown page of the account is a 404; the other language's slug is shown in this one's.
  useEffect(() => {
    if (!tab) void navigate({ href: pageHref("notFound", lang), replace: true });
    else if (pageName !== ACCOUNT_TAB_SLUGS[tab][lang]) void navigate({ href: tabHref(lang, tab), replace: true });
  }, [tab, pageName, lang, navigate]);

  // A visitor who arrives signed out is asked to sign in, once.
  const askedToSignIn = useRef(false);
  const { status, openLogin } = session;
  useEffect(() => {
    if (status === "anonymous" && !askedToSignIn.current) {
      askedToSignIn.current = true;
      openLogin();
    }
  }, [status, openLogin]);

  if (session.status === "restoring" || !tab) {
    return (
      <section className="account container" aria-busy="true">
        <h1>{_("account.title")}</h1>
        <p role="status">{_("account.restoring")}</p>
      </section>
    );
  }

  if (session.status === "anonymous" || !session.customer) {
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

  return <SignedInAccount customer={session.customer} tab={tab} lang={lang} />;
}

function SignedInAccount({ customer, tab, lang }: { customer: Customer; tab: AccountTab; lang: Lang }) {
  const { _ } = useLingui();
  return (
    <section className="account container">
      <header className="account__header">
        <h1>{_("account.title")}</h1>
        <p className="account__hello">{_("account.hello", { firstName: customer.firstName, lastName: customer.lastName })}</p>
      </header>
      <nav className="account__tabs" aria-label={_("account.tabs")}>
        <ul>
          {ACCOUNT_TABS.map((item) => (
            <li key={item}>
              <AppLink href={tabHref(lang, item)} className="account__tab" aria-current={item === tab ? "page" : undefined}>
                {_(`account.tab.${item}`)}
              </AppLink>
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

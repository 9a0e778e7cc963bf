// The account button of the header and of the phone bottom bar (SPEC §2): the profile page when
// signed in, otherwise the sign-in dialog.
import { Link } from "@tanstack/react-router";
import { useLingui } from "@lingui/react";
import { useSession } from "../app/session.ts";
import { useLang } from "../i18n/use-lang.ts";
import { pagePath } from "../../common/pages.ts";
import { AccountIcon } from "./shell-icons.tsx";

/** SPEC §2: the profile is /mon-compte/profil (its slug in each language). */
const PROFILE_SLUG = { fr: "profil", en: "profile" } as const;

/** SPEC §4 logout, beside the account button on wide screens: the flags, the cart and the token go. */
export function SignOutButton({ className }: { className: string }) {
  const { _ } = useLingui();
  const session = useSession();
  if (session.status !== "signedIn") return null;
  return (
    <button type="button" className={className} onClick={session.signOut}>
      <span>{_("layout.signOut")}</span>
    </button>
  );
}

export function AccountButton({ className, labelClassName }: { className: string; labelClassName?: string }) {
  const { _ } = useLingui();
  const lang = useLang();
  const session = useSession();
  if (session.status === "signedIn") {
    return (
      <Link className={className} to={pagePath("account", lang)} params={{ pageName: PROFILE_SLUG[lang] }} data-focus-return={`account-${className}`}>
        <AccountIcon />
        <span className={labelClassName}>{_("layout.account")}</span>
      </Link>
    );
  }
  return (
    <button type="button" className={className} aria-haspopup="dialog" onClick={session.openLogin} data-focus-return={`account-${className}`}>
      <AccountIcon />
      <span className={labelClassName}>{_("layout.account")}</span>
    </button>
  );
}

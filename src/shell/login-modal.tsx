// The sign-in dialog's modals (SPEC §2), driven by the auth machine: the login modal with its two
// tabs (personal account; airline employee: the Habile single sign-on button and the GPNet staff-number
// account), the welcome modal after a sign-in, and the reset modal after a reset link was requested.
import { Link } from "@tanstack/react-router";
import { useLingui } from "@lingui/react";
import { useSession } from "../app/session.ts";
import { useLang } from "../i18n/use-lang.ts";
import { useAuthDialog } from "../features/auth/use-auth-dialog.ts";
import "../features/auth/auth.css";
import { pagePath } from "../../common/pages.ts";
import { Modal } from "../ui/modal.tsx";
import { LoginTabs } from "./login-tabs.tsx";

/** SPEC §2: the profile is /mon-compte/profil (its slug in each language). */
const PROFILE_SLUG = { fr: "profil", en: "profile" } as const;

export function LoginModal() {
  const { _ } = useLingui();
  const dialog = useAuthDialog();
  const close = () => dialog.send({ type: "auth.close" });
  // The Habile start of the employee tab stays in the dialog: its waiting note, its failure, the staff-number links.
  const loginShown = dialog.view === "login" || dialog.view === "code" || dialog.view === "register" || dialog.view === "forgot" || dialog.view === "singleSignOn";
  return (
    <>
      <Modal open={loginShown} onClose={close} title={_("layout.login.title")} closeLabel={_("layout.dialog.close")}>
        {dialog.reloaded && (
          <p className="auth-alert auth-alert--info" role="status">
            {_("auth.disconnected")}
          </p>
        )}
        <LoginTabs />
      </Modal>
      <WelcomeModal open={dialog.view === "welcome"} onClose={close} />
      <Modal open={dialog.view === "resetSent"} onClose={close} title={_("auth.resetSent.title")} closeLabel={_("layout.dialog.close")}>
        <p role="status">{_("auth.resetSent.text", { email: dialog.email })}</p>
        <button type="button" className="button" onClick={close}>
          {_("auth.resetSent.close")}
        </button>
      </Modal>
    </>
  );
}

function WelcomeModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { _ } = useLingui();
  const lang = useLang();
  const { customer } = useSession();
  const names = customer ? `${customer.firstName} ${customer.lastName}` : "";
  return (
    <Modal open={open} onClose={onClose} title={_("auth.welcome.title", { names })} closeLabel={_("layout.dialog.close")}>
      <p>{_("auth.welcome.text")}</p>
      <div className="auth-form__actions">
        <button type="button" className="button" onClick={onClose}>
          {_("auth.welcome.continue")}
        </button>
        <Link className="button button--ghost" to={pagePath("account", lang)} params={{ pageName: PROFILE_SLUG[lang] }} onClick={onClose}>
          {_("auth.welcome.account")}
        </Link>
      </div>
    </Modal>
  );
}

// The login modal's two tabs (SPEC §2: personal account; airline employee: the Habile single sign-on
// button and the GPNet staff-number account) and the form of the view the sign-in flow is in. Shown
// in the login modal and in the checkout's sign-in page.
import { useLingui } from "@lingui/react";
import { useLocation } from "@tanstack/react-router";
import { useId, useRef, type KeyboardEvent } from "react";
import type { AuthTab } from "../../machines/auth/auth.types.ts";
import { selectSingleSignOnFailure } from "../../machines/auth/single-sign-on.selectors.ts";
import { useLazySelector } from "../app/lazy-actor.ts";
import { useAuth } from "../app/session-provider.tsx";
import { habileTypeOf } from "../app/single-sign-on.ts";
import { SINGLE_SIGN_ON_MESSAGES } from "../features/auth/single-sign-on-messages.ts";
import { CodeForm } from "../features/auth/code-form.tsx";
import { ForgotForm } from "../features/auth/forgot-form.tsx";
import { LoginForm } from "../features/auth/login-form.tsx";
import { RegisterForm } from "../features/auth/register-form.tsx";
import { useAuthDialog } from "../features/auth/use-auth-dialog.ts";
import "../features/auth/auth.css";

const TABS: readonly AuthTab[] = ["personal", "employee"];
const TAB_LABELS: Record<AuthTab, string> = { personal: "layout.login.tab.personal", employee: "layout.login.tab.employee" };

/** The tabs and their forms, driven by the sign-in dialog's flow. */
export function LoginTabs() {
  const { _ } = useLingui();
  const baseId = useId();
  const dialog = useAuthDialog();
  const selected = dialog.tab;
  const tabRefs = useRef(new Map<AuthTab, HTMLButtonElement>());
  const select = (tab: AuthTab) => {
    if (tab !== selected) dialog.send({ type: "auth.selectTab", tab });
  };

  // Tabs pattern: arrows move (and select) between tabs, Home/End jump to the ends.
  const onKeyDown = (event: KeyboardEvent) => {
    const index = TABS.indexOf(selected);
    const next =
      event.key === "ArrowRight" ? TABS[(index + 1) % TABS.length]
      : event.key === "ArrowLeft" ? TABS[(index - 1 + TABS.length) % TABS.length]
      : event.key === "Home" ? TABS[0]
      : event.key === "End" ? TABS[TABS.length - 1]
      : undefined;
    if (!next) return;
    event.preventDefault();
    select(next);
    tabRefs.current.get(next)?.focus();
  };

  return (
    <div className="login-tabs">
      <div role="tablist" aria-label={_("layout.login.title")} className="login-tabs__list" onKeyDown={onKeyDown}>
        {TABS.map((tab) => (
          <button
            key={tab}
            ref={(element) => {
              if (element) tabRefs.current.set(tab, element);
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab}`}
            aria-selected={selected === tab}
            aria-controls={`${baseId}-panel-${tab}`}
            tabIndex={selected === tab ? 0 : -1}
            className="login-tabs__tab"
            onClick={() => select(tab)}
          >
            {_(TAB_LABELS[tab])}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${baseId}-panel-${selected}`} aria-labelledby={`${baseId}-tab-${selected}`} className="login-tabs__panel auth-panel">
        {selected === "employee" && <HabileSignIn />}
        <FlowView />
      </div>
    </div>
  );
}

/** The single sign-on of airline employees: a beneficiary of the empowerment programme when its flag
 *  is held, else a brand employee; back on this page once signed in. */
function HabileSignIn() {
  const { _ } = useLingui();
  const noteId = useId();
  const dialog = useAuthDialog();
  const href = useLocation({ select: (location) => location.href });
  const started = dialog.view === "singleSignOn";
  const leaving = started && dialog.submitting;
  const failure = useLazySelector(useAuth().dialog, selectSingleSignOnFailure, null);
  const start = () => dialog.send({ type: "auth.startSingleSignOn", habileType: habileTypeOf(window.sessionStorage), returnTo: href });
  return (
    <div className="auth-habile">
      {started && failure && (
        <p className="auth-alert" role="alert">
          {_(SINGLE_SIGN_ON_MESSAGES[failure])}
        </p>
      )}
      <button type="button" className="button auth-habile__button" onClick={start} disabled={leaving} aria-busy={leaving} aria-describedby={noteId}>
        {_("auth.habile.button")}
      </button>
      <p className="auth-habile__note" id={noteId} role="status">
        {leaving ? _("auth.habile.redirecting") : _("auth.habile.note")}
      </p>
      <p className="auth-habile__or">{_("auth.habile.or")}</p>
    </div>
  );
}

function FlowView() {
  const dialog = useAuthDialog();
  const flow = dialog.tab === "employee" ? "gpnet" : "personal";
  // Each view is keyed by its flow: switching tabs starts the forms afresh.
  switch (dialog.view) {
    case "code":
      return <CodeForm key={flow} />;
    case "register":
      return <RegisterForm key={flow} flow={flow} onCancel={flow === "gpnet" ? () => dialog.send({ type: "auth.showLogin" }) : undefined} />;
    case "forgot":
      return <ForgotForm key={flow} flow={flow} />;
    case "singleSignOn":
      return <StaffNumberLinks />;
    default:
      return <LoginForm key={flow} flow={flow} />;
  }
}

/** While Habile is being reached (or could not be): the way to the staff-number forms. */
function StaffNumberLinks() {
  const { _ } = useLingui();
  const dialog = useAuthDialog();
  return (
    <div className="auth-form__links">
      <button type="button" className="auth-link" onClick={() => dialog.send({ type: "auth.showLogin" })}>
        {_("auth.gpnet.register.haveAccount")}
      </button>
      <button type="button" className="auth-link" onClick={() => dialog.send({ type: "auth.showRegister" })}>
        {_("auth.gpnet.login.create")}
      </button>
    </div>
  );
}

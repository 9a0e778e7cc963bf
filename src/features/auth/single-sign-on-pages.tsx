// The pages of the employees' single sign-on (SPEC §2), in the waiting layout: the empowerment
// programme's entry (it holds the programme's flags for the tab, then leaves for the provider) and the
// provider's return point (it hands the code to the sign-in dialog, then goes back where the shopper
// was, with the welcome modal). A failure says why, with a way to try again and a way home.
import { useLingui } from "@lingui/react";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { pagePath } from "../../../common/pages.ts";
import type { HabileType, SingleSignOnFailure } from "../../../machines/auth/auth.types.ts";
import { selectSingleSignOnFailure, selectSingleSignOnStatus } from "../../../machines/auth/single-sign-on.selectors.ts";
import { useLazySelector } from "../../app/lazy-actor.ts";
import { useNotify } from "../../app/notifications.tsx";
import { useSession } from "../../app/session.ts";
import { useAuth } from "../../app/session-provider.tsx";
import {
  EMPOWERMENT_CLIENT_FLAG,
  EMPOWERMENT_FLAG,
  leaveForSingleSignOn,
  readKeptSingleSignOn,
  returnEventOf,
  SingleSignOnFailed,
} from "../../app/single-sign-on.ts";
import { useLang } from "../../i18n/use-lang.ts";
import { SINGLE_SIGN_ON_MESSAGES } from "./single-sign-on-messages.ts";
import "./auth.css";

/**
 * A failed single sign-on: the reason (an alert), trying again, or the home page (the shopper leaves the
 * failure behind: the sign-in dialog closes it).
 */
export function SingleSignOnFailureView({ failure, onRetry }: { failure: SingleSignOnFailure; onRetry: () => void }) {
  const { _ } = useLingui();
  const lang = useLang();
  const auth = useAuth();
  return (
    <section className="auth-page auth-page__outcome" aria-labelledby="sso-failed-title">
      <h1 id="sso-failed-title">{_("sso.failed.title")}</h1>
      <p className="auth-alert" role="alert">
        {_(SINGLE_SIGN_ON_MESSAGES[failure])}
      </p>
      <div className="auth-form__actions">
        <button type="button" className="button" onClick={onRetry}>
          {_("sso.retry")}
        </button>
        <Link className="button button--ghost" to={pagePath("home", lang)} onClick={() => auth.dialog.send({ type: "auth.close" })}>
          {_("sso.home")}
        </Link>
      </div>
    </section>
  );
}

function Waiting({ textId }: { textId: string }) {
  const { _ } = useLingui();
  return (
    <section className="auth-page">
      <p role="status">{_(textId)}</p>
    </section>
  );
}

/** Leaves for the provider once (a second render or effect run does not start a second trip). */
function useLeaveForSingleSignOn(habileType: HabileType, returnTo: string, before: () => void) {
  const auth = useAuth();
  const [failure, setFailure] = useState<SingleSignOnFailure | null>(null);
  const started = useRef(false);
  const leave = () => {
    setFailure(null);
    leaveForSingleSignOn(auth, habileType, returnTo).catch((error: unknown) => setFailure(error instanceof SingleSignOnFailed ? error.failure : "unavailable"));
  };
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    before();
    leave();
  });
  return { failure, retry: leave };
}

/** Both pages behind one component (one lazy route component for the two): which one, by its query. */
export function SingleSignOnPage() {
  const returning = useSearch({ strict: false, select: (search) => search.code !== undefined });
  return returning ? <HabileSignInPage /> : <EmpowermentSignInPage />;
}

/** `/empowerment-sign-in?context=…&client=…` (its route sends a visit without them to /401). */
function EmpowermentSignInPage() {
  const lang = useLang();
  const { context = "", client = "" } = useSearch({ strict: false, select: (search) => ({ context: search.context, client: search.client }) });
  const { failure, retry } = useLeaveForSingleSignOn("EMPOWERMENT", pagePath("home", lang), () => {
    window.sessionStorage.setItem(EMPOWERMENT_FLAG, context);
    window.sessionStorage.setItem(EMPOWERMENT_CLIENT_FLAG, client);
  });
  if (failure) return <SingleSignOnFailureView failure={failure} onRetry={retry} />;
  return <Waiting textId="sso.redirecting" />;
}

/** `/habile-sign-in?code=…&state=…`: the provider's return (its route sends a visit without a code to /401). */
function HabileSignInPage() {
  const lang = useLang();
  const auth = useAuth();
  const navigate = useNavigate();
  const answer = useSearch({ strict: false, select: (search) => ({ code: search.code ?? "", state: search.state }) });
  const [kept] = useState(() => readKeptSingleSignOn(window.sessionStorage));
  const status = useLazySelector(auth.dialog, selectSingleSignOnStatus, "idle");
  const failure = useLazySelector(auth.dialog, selectSingleSignOnFailure, null);
  const returnTo = kept?.returnTo ?? pagePath("home", lang);
  const session = useSession();
  const notify = useNotify();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || session.status === "restoring") return;
    sent.current = true;
    // An answer this tab is not waiting for, while signed in: the same address again (reloaded, or
    // reached with the back button after the sign-in) or one from elsewhere. Refusing it would end
    // the session; it is no sign-in to make, so the shopper goes on, signed in as before.
    if (kept === null && session.status === "signedIn") {
      notify({ kind: "info", messageId: "sso.alreadySignedIn" });
      void navigate({ href: returnTo, replace: true });
      return;
    }
    auth.dialog.send(returnEventOf(answer, kept));
  });
  useEffect(() => {
    if (status === "signedIn") void navigate({ href: returnTo, replace: true });
  }, [status, navigate, returnTo]);
  const retry = () => {
    leaveForSingleSignOn(auth, kept?.habileType ?? "BRAND_EMPLOYEE", returnTo).catch(() => undefined);
  };
  if (status === "failed" && failure) return <SingleSignOnFailureView failure={failure} onRetry={retry} />;
  return <Waiting textId={status === "redirecting" || status === "leaving" ? "sso.redirecting" : "sso.signingIn"} />;
}

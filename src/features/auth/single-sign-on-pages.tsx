// The pages of the employees' single sign-on (SPEC §2), in the waiting layout: the empowerment
// programme's entry (it holds the programme's flags for the tab, then leaves for the provider) and the
// provider's return point (it hands the code to the sign-in dialog, then goes back where the shopper
// was, with the welcome modal). A failure says why, with a way to try again and a way home.
import { useLingui } from "@lingui/react";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { pagePath } from "../../../common/pages.ts";
import type { AuthErrorId, HabileType } from "../../../machines/auth/auth.types.ts";
import { selectSingleSignOnErrorId, selectSingleSignOnStatus } from "../../../machines/auth/single-sign-on.selectors.ts";
import { useLazySelector } from "../../app/lazy-actor.ts";
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
import "./auth.css";

/** A failed single sign-on: the reason (an alert), trying again, or the home page. */
export function SingleSignOnFailure({ errorId, onRetry }: { errorId: AuthErrorId; onRetry: () => void }) {
  const { _ } = useLingui();
  const lang = useLang();
  return (
    <section className="auth-page auth-page__outcome" aria-labelledby="sso-failed-title">
      <h1 id="sso-failed-title">{_("sso.failed.title")}</h1>
      <p className="auth-alert" role="alert">
        {_(errorId)}
      </p>
      <div className="auth-form__actions">
        <button type="button" className="button" onClick={onRetry}>
          {_("sso.retry")}
        </button>
        <Link className="button button--ghost" to={pagePath("home", lang)}>
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
  const [errorId, setErrorId] = useState<AuthErrorId | null>(null);
  const started = useRef(false);
  const leave = () => {
    setErrorId(null);
    leaveForSingleSignOn(auth, habileType, returnTo).catch((error: unknown) =>
      setErrorId(error instanceof SingleSignOnFailed ? error.errorId : "errors.server.access"),
    );
  };
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    before();
    leave();
  });
  return { errorId, retry: leave };
}

/** `/empowerment-sign-in?context=…&client=…` (its route sends a visit without them to /401). */
export function EmpowermentSignInPage() {
  const lang = useLang();
  const { context = "", client = "" } = useSearch({ strict: false, select: (search) => ({ context: search.context, client: search.client }) });
  const { errorId, retry } = useLeaveForSingleSignOn("EMPOWERMENT", pagePath("home", lang), () => {
    window.sessionStorage.setItem(EMPOWERMENT_FLAG, context);
    window.sessionStorage.setItem(EMPOWERMENT_CLIENT_FLAG, client);
  });
  if (errorId) return <SingleSignOnFailure errorId={errorId} onRetry={retry} />;
  return <Waiting textId="sso.redirecting" />;
}

/** `/habile-sign-in?code=…&state=…`: the provider's return (its route sends a visit without a code to /401). */
export function HabileSignInPage() {
  const lang = useLang();
  const auth = useAuth();
  const navigate = useNavigate();
  const answer = useSearch({ strict: false, select: (search) => ({ code: search.code ?? "", state: search.state }) });
  const [kept] = useState(() => readKeptSingleSignOn(window.sessionStorage));
  const status = useLazySelector(auth.dialog, selectSingleSignOnStatus, "idle");
  const errorId = useLazySelector(auth.dialog, selectSingleSignOnErrorId, null);
  const returnTo = kept?.returnTo ?? pagePath("home", lang);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    auth.dialog.send(returnEventOf(answer, kept));
  });
  useEffect(() => {
    if (status === "signedIn") void navigate({ href: returnTo, replace: true });
  }, [status, navigate, returnTo]);
  const retry = () => {
    leaveForSingleSignOn(auth, kept?.habileType ?? "BRAND_EMPLOYEE", returnTo).catch(() => undefined);
  };
  if (status === "failed" && errorId) return <SingleSignOnFailure errorId={errorId} onRetry={retry} />;
  return <Waiting textId={status === "redirecting" || status === "leaving" ? "sso.redirecting" : "sso.signingIn"} />;
}

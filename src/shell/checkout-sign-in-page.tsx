// The checkout's sign-in step (SPEC §2 /commande/connexion): the login modal's sign-in and
// registration in the page, both tabs and the code step, driven by the same sign-in flow. Once the
// shopper is signed in (the cart following the sign-in rules of the cart flow), on to the shipping step.
import { useLingui } from "@lingui/react";
import { useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import { pagePath } from "../../common/pages.ts";
import { useSession } from "../app/session.ts";
import { useShopContext } from "../app/shop-context.ts";
import { useAuthDialog } from "../features/auth/use-auth-dialog.ts";
import { useLang } from "../i18n/use-lang.ts";
import { useSeo } from "../ui/use-seo.ts";
import { LoginTabs } from "./login-tabs.tsx";
import "../features/auth/auth.css";
import "./checkout-layout.css";

export function CheckoutSignInPage() {
  const { _ } = useLingui();
  const lang = useLang();
  const { config } = useShopContext();
  const navigate = useNavigate();
  const session = useSession();
  const dialog = useAuthDialog();
  useSeo({ title: `${_("checkout.signIn.title")} – ${config.brandName}` });

  // The forms show while the sign-in flow is open: open it on arrival, and again after a reset link was sent.
  const closed = dialog.view === "closed";
  const { send } = dialog;
  useEffect(() => {
    if (closed && session.status === "anonymous") send({ type: "auth.open" });
  }, [closed, send, session.status]);

  // Signed in: the welcome is the shipping step itself.
  const signedIn = session.status === "signedIn";
  useEffect(() => {
    if (!signedIn) return;
    send({ type: "auth.close" });
    void navigate({ to: pagePath("checkoutShipping", lang), replace: true });
  }, [signedIn, send, navigate, lang]);

  // Leaving the page closes the flow: the shop's layout would show it as a modal.
  useEffect(() => () => send({ type: "auth.close" }), [send]);

  const formShown = dialog.view === "login" || dialog.view === "code" || dialog.view === "register" || dialog.view === "forgot";
  return (
    <section className="checkout-step checkout-sign-in" aria-labelledby="checkout-sign-in-title">
      <h1 id="checkout-sign-in-title">
        {_("checkout.signIn.title")}
      </h1>
      <p>{_("checkout.signIn.intro")}</p>
      {dialog.view === "resetSent" ? (
        <div className="checkout-sign-in__reset">
          <p role="status">{_("auth.resetSent.text", { email: dialog.email })}</p>
          <button type="button" className="button" onClick={() => send({ type: "auth.open" })}>
            {_("checkout.signIn.back")}
          </button>
        </div>
      ) : formShown ? (
        <LoginTabs />
      ) : (
        <p role="status" aria-busy="true">
          {_("checkout.loading")}
        </p>
      )}
    </section>
  );
}

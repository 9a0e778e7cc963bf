// The default layout of every page of a language: header (logo, search, language, account,
// category menu), the page, the footer, the phone bottom bar, and the shell's dialogs
// (sign-in, phone menu, phone search), notifications and cookie consent (first in reading order).
// What is not needed to paint the top of the page (footer, dialogs, overlays) loads on its own.
import { useLingui } from "@lingui/react";
import { Outlet } from "@tanstack/react-router";
import { useContext, useState } from "react";
import { useAuth, useAuthDialogShown } from "../app/session-provider.tsx";
import { SessionContext } from "../app/session.ts";
import { LazyDialog, LazyPart, useAfterFirstRender } from "../app/lazy-part.tsx";
import { BottomBar } from "./bottom-bar.tsx";
import { Header } from "./header.tsx";
import { ConsentBanner } from "../features/consent/consent-banner.tsx";
import { CustomerTopBar, Footer, LoginModal, MenuModal, NotificationsArea, SearchModal } from "./lazy-parts.ts";
import "./layout.css";

type ShellDialog = "menu" | "search";

export function LanguageLayout() {
  const { _ } = useLingui();
  const [dialog, setDialog] = useState<ShellDialog | null>(null);
  const close = () => setDialog(null);
  const authDialogShown = useAuthDialogShown();
  const { dialog: authDialog } = useAuth();
  const closeAuthDialog = () => authDialog.send({ type: "auth.close" });
  const rendered = useAfterFirstRender();
  // The layout also renders where no session is provided (before the auth flow is assembled).
  const group = useContext(SessionContext)?.customer?.customerGroup;
  return (
    <div className="site">
      <ConsentBanner />
      <a className="skip-link" href="#main">
        {_("common.skipToContent")}
      </a>
      {(group === "FLYING_BLUE" || group === "EMPOWERMENT") && (
        <LazyPart>
          <CustomerTopBar />
        </LazyPart>
      )}
      <Header />
      <main id="main" tabIndex={-1} className="site__main">
        <Outlet />
      </main>
      {rendered && (
        <LazyPart>
          <Footer />
        </LazyPart>
      )}
      <BottomBar onOpenMenu={() => setDialog("menu")} onOpenSearch={() => setDialog("search")} />
      {dialog !== null && (
        <LazyDialog onClose={close}>
          <MenuModal open={dialog === "menu"} onClose={close} />
          <SearchModal open={dialog === "search"} onClose={close} />
        </LazyDialog>
      )}
      {authDialogShown && (
        <LazyDialog onClose={closeAuthDialog}>
          <LoginModal />
        </LazyDialog>
      )}
      {rendered && (
        <LazyPart>
          <NotificationsArea />
        </LazyPart>
      )}
    </div>
  );
}

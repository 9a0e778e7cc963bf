// The waiting and blank layouts (payment return and result pages): no navigation, only the page,
// the notifications, and a back-to-top button. The waiting layout keeps the logo.
import { useLingui } from "@lingui/react";
import { Outlet } from "@tanstack/react-router";
import { Suspense, type ReactNode } from "react";
import { BrandLogo } from "./brand-logo.tsx";
import { ConsentBanner } from "../consent/consent-banner.tsx";
import { NotificationsArea } from "./lazy-parts.ts";
import { ScrollTopButton } from "./scroll-top-button.tsx";
import "./layout.css";

/** Layout route component (renders the child route) or wrapper (renders `children`). */
export function WaitingLayout({ children }: { children?: ReactNode }) {
  return <MinimalLayout withLogo>{children}</MinimalLayout>;
}

export function BlankLayout({ children }: { children?: ReactNode }) {
  return <MinimalLayout withLogo={false}>{children}</MinimalLayout>;
}

function MinimalLayout({ withLogo, children }: { withLogo: boolean; children?: ReactNode }) {
  const { _ } = useLingui();
  return (
    <div className="minimal-layout">
      <ConsentBanner />
      {withLogo && (
        <>
          <a className="skip-link" href="#main">
            {_("common.skipToContent")}
          </a>
          <header className="minimal-layout__header">
            <div className="container">
              <BrandLogo />
            </div>
          </header>
        </>
      )}
      <main id="main" tabIndex={-1} className="minimal-layout__main container">
        {children ?? <Outlet />}
      </main>
      <ScrollTopButton />
      <Suspense fallback={null}>
        <NotificationsArea />
      </Suspense>
    </div>
  );
}

// The layouts without the shop's navigation: waiting and blank (payment return and result pages)
// and, with its own header, checkout. One frame for all: consent banner, skip link when there is a
// header, the page, the notifications; the minimal ones add a back-to-top button, checkout the footer.
import { useLingui } from "@lingui/react";
import { Outlet } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { LazyPart, useAfterFirstRender } from "../app/lazy-part.tsx";
import { BrandLogo } from "./brand-logo.tsx";
import { ConsentBanner } from "../features/consent/consent-banner.tsx";
import { Footer, NotificationsArea } from "./lazy-parts.ts";
import { ScrollTopButton } from "./scroll-top-button.tsx";
import "./layout.css";

/** Layout route component (renders the child route) or wrapper (renders `children`). */
export function WaitingLayout({ children }: { children?: ReactNode }) {
  return (
    <FocusedLayout
      header={
        <header className="minimal-layout__header">
          <div className="container">
            <BrandLogo />
          </div>
        </header>
      }
      scrollTop
    >
      {children}
    </FocusedLayout>
  );
}

export function BlankLayout({ children }: { children?: ReactNode }) {
  return <FocusedLayout scrollTop>{children}</FocusedLayout>;
}

export interface FocusedLayoutProps {
  /** The page's banner (a `<header>`); none on the blank layout. */
  header?: ReactNode;
  /** The shop's footer below the page. */
  footer?: boolean;
  /** The back-to-top button of the minimal layouts (SPEC §2). */
  scrollTop?: boolean;
  children?: ReactNode;
}

export function FocusedLayout({ header, footer = false, scrollTop = false, children }: FocusedLayoutProps) {
  const { _ } = useLingui();
  const rendered = useAfterFirstRender();
  return (
    <div className="minimal-layout">
      <ConsentBanner />
      {header && (
        <>
          <a className="skip-link" href="#main">
            {_("common.skipToContent")}
          </a>
          {header}
        </>
      )}
      <main id="main" tabIndex={-1} className="minimal-layout__main container">
        {children ?? <Outlet />}
      </main>
      {footer && rendered && (
        <LazyPart>
          <Footer />
        </LazyPart>
      )}
      {scrollTop && <ScrollTopButton />}
      {rendered && (
        <LazyPart>
          <NotificationsArea />
        </LazyPart>
      )}
    </div>
  );
}

// The default layout of every page of a language: header, main content, footer.
import { useLingui } from "@lingui/react";
import { Outlet } from "@tanstack/react-router";

export function LanguageLayout() {
  const { _ } = useLingui();
  return (
    <>
      <a className="skip-link" href="#main">
        {_("common.skipToContent")}
      </a>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

// The parts of the shell loaded apart from the first download: below the fold (footer), shown on
// demand (dialogs), or shown once their flow has loaded (notifications).
import { lazy, useDeferredValue } from "react";
import { withTexts } from "../../i18n/i18n.ts";

/** False in a layout's first render, true in the render that follows it in the background: the
 *  footer and the notifications start loading once the page is on screen, not before it. */
export const useAfterFirstRender = () => useDeferredValue(true, false);

export const Footer = lazy(() => withTexts(import("../footer/footer.tsx"), "browsing").then((module) => ({ default: module.Footer })));
export const LoginModal = lazy(() => withTexts(import("./login-modal.tsx"), "customer").then((module) => ({ default: module.LoginModal })));
export const MenuModal = lazy(() => import("../navigation/menu-modal.tsx").then((module) => ({ default: module.MenuModal })));
export const SearchModal = lazy(() => withTexts(import("../search/search-modal.tsx"), "browsing").then((module) => ({ default: module.SearchModal })));
export const NotificationsArea = lazy(() =>
  import("../notifications/notifications-area.tsx").then((module) => ({ default: module.NotificationsArea })),
);

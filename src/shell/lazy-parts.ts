// The parts of the shell loaded apart from the first download: below the fold (footer), shown on
// demand (dialogs), shown once their flow has loaded (notifications), or for two groups only (the
// Flying blue greeting, the Empowerment customers' money pot).
import { withTexts } from "../i18n/i18n.ts";
import { lazyPart } from "../app/lazy-part.tsx";

export const Footer = lazyPart(() => withTexts(import("../features/footer/footer.tsx"), "browsing").then((module) => module.Footer));
export const LoginModal = lazyPart(() => withTexts(import("./login-modal.tsx"), "customer").then((module) => module.LoginModal));
export const MenuModal = lazyPart(() => import("../features/navigation/menu-modal.tsx").then((module) => module.MenuModal));
export const SearchModal = lazyPart(() => withTexts(import("../features/search/search-modal.tsx"), "browsing").then((module) => module.SearchModal));
export const NotificationsArea = lazyPart(() => import("../features/notifications/notifications-area.tsx").then((module) => module.NotificationsArea));
export const CustomerTopBar = lazyPart(() => withTexts(import("./flying-blue-bar.tsx"), "customer").then((module) => module.CustomerTopBar));

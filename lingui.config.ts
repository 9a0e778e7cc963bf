import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

// Message ids are the specification's (`addToCart.max`, `errors.server.access`…); the catalogues
// hold the French and English texts. French is the default language, English the fallback.
// Three catalogues per language, each loaded with the code that shows it (src/i18n/i18n.ts).
export default defineConfig({
  locales: ["fr", "en"],
  sourceLocale: "fr",
  fallbackLocales: { default: "en" },
  catalogs: [
    { path: "<rootDir>/locales/{locale}/messages", include: ["src", "machines"] },
    { path: "<rootDir>/locales/{locale}/browsing", include: ["src", "machines"] },
    { path: "<rootDir>/locales/{locale}/customer", include: ["src", "machines"] },
  ],
  // Every msgid is an explicit id such as `addToCart.max`, not a source text.
  format: formatter({ explicitIdAsDefault: true }),
});

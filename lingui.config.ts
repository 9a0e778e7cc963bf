import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

// Message ids are the specification's (`addToCart.max`, `errors.server.access`…); the catalogues
// hold the French and English texts. French is the default language, English the fallback.
export default defineConfig({
  locales: ["fr", "en"],
  sourceLocale: "fr",
  fallbackLocales: { default: "en" },
  catalogs: [{ path: "<rootDir>/locales/{locale}/messages", include: ["src", "machines"] }],
  // Every msgid is an explicit id such as `addToCart.max`, not a source text.
  format: formatter({ explicitIdAsDefault: true }),
});

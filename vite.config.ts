import { resolve } from "node:path";
import { lingui } from "@lingui/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig, type Rolldown } from "vite";

const API = process.env.ESCALE_API_URL ?? "http://localhost:3000";

/** Hooks every page calls in its first render (its queries, its SEO, its links). */
const EVERY_PAGE = [/[\\/]@tanstack[\\/]react-query[\\/].*[\\/]useQuery\.js$/, /[\\/]src[\\/]ui[\\/](use-seo|localise-link)\.ts$/];

/**
 * Modules the start reaches only through a library's index that re-exports them, and that only
 * lazy parts use (the forms' mutations): left to the automatic splitting, they load with the parts
 * that need them instead of weighing on every first render (the 130 kB budget, bench/web-README.md).
 */
const LAZY_ONLY = [/[\\/]@tanstack[\\/](react-query|query-core)[\\/].*[\\/](useMutation|mutationObserver)\.js$/];

/**
 * The code that starts the shop goes out as one file: what index.html imports statically and the
 * hooks of EVERY_PAGE. Left to itself, the bundler splits it into about ten files wherever a lazy
 * page shares a module with the start (React, the router, Lingui…); the browser then waits for
 * more requests, and each file is compressed apart (one file is about 4 kB gzip smaller).
 * Everything else keeps the automatic splitting: pages, dialogs and flows load when needed.
 */
function startChunk(): Rolldown.CodeSplittingGroup {
  let start: Set<string> | undefined;
  return {
    debugName: "start",
    name(id, context) {
      if (!start) {
        start = new Set();
        const todo = [resolve("index.html")];
        for (let next = todo.pop(); next; next = todo.pop()) {
          if (start.has(next)) continue;
          start.add(next);
          todo.push(...(context.getModuleInfo(next)?.importedIds ?? []));
        }
      }
      if (LAZY_ONLY.some((pattern) => pattern.test(id))) return null;
      return start.has(id) || EVERY_PAGE.some((pattern) => pattern.test(id)) ? "index" : null;
    },
  };
}

export default defineConfig({
  plugins: [react(), lingui()],
  resolve: {
    alias: [
      // React 18+ has useSyncExternalStore: the router's store takes the selector helper built on
      // it instead of the shim that re-implements it for React 17 (about 0.3 kB gzip on every page).
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: "use-sync-external-store/with-selector.js" },
    ],
  },
  build: {
    outDir: "dist/web",
    emptyOutDir: true,
    // Lists each route's chunks, for the bundle-size benchmark (not served: dot folders are not).
    manifest: true,
    // Browsers without <link rel="modulepreload"> (Safari before 17, Firefox before 115) still load
    // every chunk, only without fetching a lazy chunk's imports ahead: not worth 0.3 kB on every
    // visit before the first render (the 130 kB budget, bench/web-README.md).
    modulePreload: { polyfill: false },
    // MapLibre is one file of about 1.1 MB (300 kB gzip), loaded only by the relay picker's map (DESIGN §3).
    chunkSizeWarningLimit: 1200,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Lazy files are named by their content's hash alone: the entry lists every one it may load
        // (with its style sheets) to fetch a part's files together, and readable names there cost
        // about 0.5 kB gzip before the first render. The manifest says which source each file holds.
        chunkFileNames: "assets/[hash].js",
        assetFileNames: "assets/[hash][extname]",
        codeSplitting: { groups: [startChunk()] },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/api": API,
      "/media": API,
      "/runtime-config.json": API,
      "/healthz": API,
    },
  },
});

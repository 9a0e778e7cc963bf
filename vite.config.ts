import { lingui } from "@lingui/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const API = process.env.ESCALE_API_URL ?? "http://localhost:3000";

export default defineConfig({
  plugins: [react(), lingui()],
  build: {
    outDir: "dist/web",
    emptyOutDir: true,
    // Lists each route's chunks, for the bundle-size benchmark (not served: dot folders are not).
    manifest: true,
    sourcemap: true,
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

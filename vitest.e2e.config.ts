// End-to-end tests: a real browser drives the built SPA served by a real server process.
// `npx vitest run --config vitest.e2e.config.ts` (E2E_SKIP_BUILD=1 reuses dist/web).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/e2e/**/*.e2e.ts"],
    globalSetup: ["tests/e2e/support/global-setup.ts"],
    testTimeout: 60_000,
    // Launching the browser and the first page load of a file run in hooks.
    hookTimeout: 60_000,
    // One browser at a time: the server, the browser and the tests share a small machine.
    fileParallelism: false,
    pool: "forks",
  },
});

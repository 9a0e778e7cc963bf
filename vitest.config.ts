import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    // End-to-end tests get their own runner setup later.
    exclude: ["tests/e2e/**", "**/node_modules/**"],
    globalSetup: ["tests/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    // One worker per core (Vitest's default keeps a core for itself: one worker on two cores). Files
    // share a worker's modules instead of importing them again: each file builds its own app on its own
    // database, and keeps no state in modules (the whole suite passes either way).
    maxWorkers: availableParallelism(),
    isolate: false,
  },
});

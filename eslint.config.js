import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["node_modules", "dist", ".data", "scratch", "bench/.data", "common/api/schema.gen.ts", "server/db/migrations"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["src/**/*.{ts,tsx}", "machines/**/*.ts"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Transport apart from domain: services take plain values and return results; only handlers
    // and routes see requests and replies.
    files: ["server/modules/**/*.ts"],
    ignores: ["server/modules/**/*-handlers.ts", "server/modules/**/*-routes.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["fastify", "@fastify/*", "**/http/customer-session.ts"],
              message:
                "Services take plain inputs (ip, email, token…) and return results: read the request and set headers or status in a *-handlers.ts or *-routes.ts file.",
            },
          ],
        },
      ],
    },
  },
);

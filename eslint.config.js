import { readdirSync } from "node:fs";
import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const features = readdirSync("src/features", { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// Which way imports go (DESIGN.md §3, STYLE.md rule 1). Each zone forbids `target` to import
// `from`. Top to bottom: routes → shell (layouts) → features → app (app-wide state) → actors →
// ui, api, i18n → common and machines. The server and the SPA meet only in common/ and the
// contract.
const zones = [
  { target: "./server", from: "./src", message: "The server does not import the SPA: share through common/." },
  { target: "./common", from: ["./src", "./server"], message: "common/ is shared by the SPA and the server: it imports neither." },
  { target: "./machines", from: ["./src", "./server"], message: "Machines are pure: xstate, their own types and the contract's types only." },
  { target: "./src", from: "./server", message: "The SPA talks to the server through the API client, never by import." },
  { target: "./src/shell", from: "./src/routes", message: "Layouts are composed by the route tree, not the reverse." },
  {
    target: "./src/features",
    from: ["./src/routes", "./src/shell"],
    message: "A feature does not import the route tree or the layouts: they compose features.",
  },
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: "./src/features",
    except: [`./${feature}`],
    message: "Features do not import each other: move what both need to src/ui, src/app or common/, or compose them in a layout.",
  })),
  {
    target: ["./src/app", "./src/actors"],
    from: ["./src/routes", "./src/shell", "./src/features"],
    message: "App-wide pieces and actors are used by features and layouts; they import none of them.",
  },
  {
    target: ["./src/ui", "./src/api", "./src/i18n"],
    from: ["./src/app", "./src/actors", "./src/routes", "./src/shell", "./src/features"],
    message: "Shared components, the API client and i18n stand alone: pass what they need as props or arguments.",
  },
];

export default tseslint.config(
  { ignores: ["node_modules", "dist", ".data", "scratch", "bench/.data", "common/api/schema.gen.ts", "server/db/migrations"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["src/**/*.{ts,tsx}", "machines/**/*.ts"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["src/**/*.{ts,tsx}", "server/**/*.ts", "common/**/*.ts", "machines/**/*.ts"],
    plugins: { "import-x": importX },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones }],
    },
  },
  // Machines are pure (DESIGN.md §2): a machine file imports xstate, its own flow's files and the
  // shared pure helpers; every machines/ file imports no package but xstate; a types file re-exports
  // no code (helpers are imported from where they live).
  {
    files: ["machines/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: "^(?!xstate(/graph)?$|\\.{1,2}/)", message: "Machines import no package but xstate." }] },
      ],
    },
  },
  {
    files: ["machines/**/*.machine.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(?!xstate$|\\./|\\.\\./shared/)",
              message: "A machine file imports only xstate, its own flow's files and machines/shared.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["machines/**/*.types.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: "ExportNamedDeclaration[source][exportKind='value']", message: "A types file re-exports no code: import helpers from their own file." },
        { selector: "ExportAllDeclaration", message: "A types file re-exports no code: import helpers from their own file." },
      ],
    },
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

// Every machine file stays pasteable into the Stately visualizer as it is (DESIGN §2): it imports only
// `xstate` and, type-only, its own folder's `*.types.ts`. The rule is read from the source with the
// TypeScript compiler, and each machine is loaded alone (with nothing but xstate) to show it.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";

const MACHINES_DIR = resolve("machines");
/** Its own types: a `*.types.ts` file beside the machine. */
const OWN_TYPES = /^\.\/[a-z0-9-]+\.types(\.ts)?$/u;

/** What a machine file imports beyond `xstate` and the types of its folder, one line per import. */
function machineImportViolations(source: string, fileName = "fixture.machine.ts"): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const violations: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const from = node.moduleSpecifier.text;
      if (from !== "xstate") {
        const values = valueBindings(node);
        if (!OWN_TYPES.test(from)) violations.push(values.length > 0 ? `${from} (${values.join(", ")})` : `${from} (types)`);
        else if (values.length > 0) violations.push(`${from} (values: ${values.join(", ")})`);
      }
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      violations.push(`${node.moduleSpecifier.text} (re-export)`);
    } else if (ts.isCallExpression(node) && (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === "require"))) {
      const [argument] = node.arguments;
      violations.push(`${argument && ts.isStringLiteral(argument) ? argument.text : "?"} (dynamic)`);
    } else if (ts.isImportEqualsDeclaration(node)) {
      violations.push(`${node.name.text} (import =)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return violations;
}

/** The names an import brings in as values (a side-effect import brings in the whole module). */
function valueBindings(node: ts.ImportDeclaration): string[] {
  const clause = node.importClause;
  if (!clause) return ["side effects"];
  if (clause.isTypeOnly) return [];
  const names: string[] = [];
  if (clause.name) names.push(clause.name.text);
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings)) names.push(`* as ${bindings.name.text}`);
  if (bindings && ts.isNamedImports(bindings)) names.push(...bindings.elements.filter((element) => !element.isTypeOnly).map((element) => element.name.text));
  return names;
}

function machineFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? machineFiles(join(dir, entry.name)) : entry.name.endsWith(".machine.ts") ? [join(dir, entry.name)] : [],
  );
}

function isMachine(value: unknown): boolean {
  return (
    typeof value === "object" &&
    value !== null &&
    "root" in value &&
    "getInitialSnapshot" in value &&
    typeof value.getInitialSnapshot === "function" &&
    "provide" in value &&
    typeof value.provide === "function"
  );
}

const scratch = mkdtempSync(join(tmpdir(), "machine-alone-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Loads a machine's source as the visualizer would have it: compiled alone, with `xstate` as its only module. */
async function loadAlone(source: string, name: string): Promise<Record<string, unknown>> {
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  const xstate = pathToFileURL(resolve("node_modules/xstate/dist/xstate.cjs.mjs")).href;
  const file = join(scratch, `${name}.mjs`);
  writeFileSync(file, outputText.replace(/from "xstate"/gu, `from ${JSON.stringify(xstate)}`));
  return exportsOf(await import(/* @vite-ignore */ pathToFileURL(file).href));
}

function exportsOf(loaded: unknown): Record<string, unknown> {
  return typeof loaded === "object" && loaded !== null ? { ...loaded } : {};
}

const CLEAN_MACHINE = `import { setup } from "xstate";
import type { ToggleEvent } from "./toggle.types.ts";
import { type ToggleContext } from "./toggle.types.ts";

export const toggleMachine = setup({ types: { context: {} as ToggleContext, events: {} as ToggleEvent } }).createMachine({
  id: "toggle",
  context: { count: 0 },
  initial: "off",
  states: { off: { on: { "toggle.flip": "on" } }, on: { on: { "toggle.flip": "off" } } },
});
`;

describe("machine files import only xstate and their own types", () => {
  it("the checker accepts xstate and type-only imports of the folder's types", () => {
    expect(machineImportViolations(CLEAN_MACHINE)).toEqual([]);
  });

  it("the checker names every other import", () => {
    const source = [
      `import { setup } from "xstate";`,
      `import { statusOf } from "../shared/http-status.ts";`,
      `import { LIMIT, type ToggleEvent } from "./toggle.types.ts";`,
      `import type { Cart } from "../cart/cart.types.ts";`,
      `import "./polyfill.ts";`,
      `export { isValidEmail } from "../shared/email-rule.ts";`,
      `const later = import("./later.ts");`,
    ].join("\n");
    expect(machineImportViolations(source)).toEqual([
      "../shared/http-status.ts (statusOf)",
      "./toggle.types.ts (values: LIMIT)",
      "../cart/cart.types.ts (types)",
      "./polyfill.ts (side effects)",
      "../shared/email-rule.ts (re-export)",
      "./later.ts (dynamic)",
    ]);
  });

  it("a machine that keeps the rule loads alone, with nothing but xstate", async () => {
    const loaded = await loadAlone(CLEAN_MACHINE, "toggle.machine");
    expect(isMachine(loaded.toggleMachine)).toBe(true);
  });

  const files = machineFiles(MACHINES_DIR);

  it("finds the machine files", () => {
    expect(files.length).toBeGreaterThanOrEqual(12);
  });

  for (const file of files) {
    const name = relative(MACHINES_DIR, file).split("\\").join("/");
    const source = readFileSync(file, "utf8");
    const violations = machineImportViolations(source, file);

    it(`${name}: imports nothing beyond xstate and its own types`, () => {
      expect(violations).toEqual([]);
    });

    it(`${name}: exports a machine, loaded alone`, async () => {
      const loaded = await loadAlone(source, name.replace(/\//gu, "-"));
      expect(Object.values(loaded).some(isMachine)).toBe(true);
    });
  }
});

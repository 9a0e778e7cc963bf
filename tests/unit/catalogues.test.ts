// The French and English catalogues hold the same message ids, each once, none empty; the ids the
// code names exist; and the code that runs before a catalogue is loaded (src/i18n/i18n.ts) uses
// none of its ids, so that no page shows an id instead of a text.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const CATALOGUES = ["messages", "browsing", "customer"] as const;
type Catalogue = (typeof CATALOGUES)[number];
const LATER_CATALOGUES = ["browsing", "customer"] as const;

function entries(lang: "fr" | "en", catalogue: Catalogue): Map<string, string> {
  const text = readFileSync(path.join(root, "locales", lang, `${catalogue}.po`), "utf8");
  const found = new Map<string, string>();
  const duplicates: string[] = [];
  for (const match of text.matchAll(/^msgid "((?:[^"\\]|\\.)+)"\nmsgstr "((?:[^"\\]|\\.)*)"((?:\n"(?:[^"\\]|\\.)*")*)/gm)) {
    const [, id = "", first = "", rest = ""] = match;
    if (found.has(id)) duplicates.push(id);
    found.set(id, first + rest.replace(/\n"|"/g, ""));
  }
  expect(duplicates, `${lang}/${catalogue}: ids defined twice`).toEqual([]);
  return found;
}

/** The app's source files (src/, machines/), by path from the project's root. */
function sourceFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const dir of ["src", "machines"]) {
    for (const entry of readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || entry.name.endsWith(".d.ts")) continue;
      const file = path.relative(root, path.join(entry.parentPath, entry.name));
      files.set(file, readFileSync(path.join(root, file), "utf8"));
    }
  }
  return files;
}

const WITH_TEXTS = /withTexts\(\s*import\(\s*"[^"]+"\s*\)((?:\s*,\s*"\w+")+)\s*\)/g;
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)"(\.{1,2}\/[^"]+)"/g;
const TYPE_IMPORT = /^import type [^;]+;$/gm;

/** The files the app runs from src/main.tsx without going through `withTexts(import(…), catalogue)`. */
function reachedWithout(catalogue: Catalogue, files: Map<string, string>): Set<string> {
  const reached = new Set<string>();
  const pending = ["src/main.tsx"];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (reached.has(file)) continue;
    reached.add(file);
    const source = files.get(file) ?? "";
    // An import written once behind the wrapper and once without it counts as reached.
    const plain = source.replace(TYPE_IMPORT, "").replace(WITH_TEXTS, (call: string, names: string) => (names.includes(`"${catalogue}"`) ? "" : call));
    for (const [, specifier = ""] of plain.matchAll(IMPORT)) {
      const target = path.normalize(path.join(path.dirname(file), specifier));
      if (files.has(target) && !reached.has(target)) pending.push(target);
    }
  }
  return reached;
}

/** Message ids named in a source file: string literals, and template literals' fixed beginnings. */
function namedIds(source: string, known: Set<string>): string[] {
  const literals = [...source.matchAll(/"([A-Za-z][\w-]*(?:\.[\w-]+)+)"/g)].map((match) => match[1] ?? "");
  const prefixes = [...source.matchAll(/`([A-Za-z][\w-]*(?:\.[\w-]+)*\.)\$\{/g)].map((match) => match[1] ?? "");
  return [...literals.filter((id) => known.has(id)), ...[...known].filter((id) => prefixes.some((prefix) => id.startsWith(prefix)))];
}

describe("message catalogues", () => {
  const catalogues = Object.fromEntries(
    (["fr", "en"] as const).map((lang) => [lang, Object.fromEntries(CATALOGUES.map((name) => [name, entries(lang, name)]))]),
  ) as Record<"fr" | "en", Record<Catalogue, Map<string, string>>>;

  it.each(CATALOGUES)("%s has the same ids in French and English", (name) => {
    const fr = catalogues.fr[name];
    const en = catalogues.en[name];
    expect([...fr.keys()].filter((id) => !en.has(id)), "missing in English").toEqual([]);
    expect([...en.keys()].filter((id) => !fr.has(id)), "missing in French").toEqual([]);
  });

  it("define each id in one catalogue only", () => {
    const seen = new Map<string, Catalogue>();
    const twice: string[] = [];
    for (const name of CATALOGUES) {
      for (const id of catalogues.fr[name].keys()) {
        const first = seen.get(id);
        if (first) twice.push(`${id}: ${first}, ${name}`);
        seen.set(id, name);
      }
    }
    expect(twice).toEqual([]);
  });

  it("translate every id", () => {
    for (const lang of ["fr", "en"] as const) {
      for (const name of CATALOGUES) {
        const empty = [...catalogues[lang][name]].filter(([, text]) => text.trim() === "").map(([id]) => id);
        expect(empty, `${lang}/${name}: empty`).toEqual([]);
      }
    }
  });

  const files = sourceFiles();
  const allIds = new Set(CATALOGUES.flatMap((name) => [...catalogues.fr[name].keys()]));

  it("hold every id the code passes to the translation function", () => {
    const unknown: string[] = [];
    for (const [file, source] of files) {
      for (const [, id = ""] of source.matchAll(/\b_\(\s*"([^"]+)"/g)) if (!allIds.has(id)) unknown.push(`${file}: ${id}`);
    }
    expect(unknown).toEqual([]);
  });

  it.each(LATER_CATALOGUES)("keep the %s catalogue's ids out of the code that runs before it is loaded", (catalogue) => {
    const own = new Set([...catalogues.fr[catalogue].keys()]);
    const reached = reachedWithout(catalogue, files);
    // The walk follows the app's imports: it sees the shell.
    expect(reached).toContain("src/shell/header.tsx");
    const misplaced = [...reached].flatMap((file) => namedIds(files.get(file) ?? "", own).map((id) => `${file}: ${id}`));
    expect(misplaced, `move these ids to another catalogue, or load the file with withTexts(…, "${catalogue}")`).toEqual([]);
  });

  it("see the pages behind their catalogues", () => {
    expect(reachedWithout("customer", files)).not.toContain("src/features/account/account-page.tsx");
    expect(reachedWithout("browsing", files)).not.toContain("src/features/product/product-page.tsx");
    expect(reachedWithout("customer", files)).toContain("src/features/product/product-page.tsx");
  });
});

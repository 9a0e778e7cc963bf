// The texts a user reads, taken from the shop's catalogues (locales/<lang>/*.po), so
// tests find elements by their visible wording in either language.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Lang } from "./api.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");
const catalogues = new Map<Lang, Map<string, string>>();

/** Reads a .po string literal sequence (`"a" "b"` over several lines) into its text. */
function unquote(parts: string[]): string {
  return parts.map((part) => JSON.parse(part) as string).join("");
}

function parsePo(source: string): Map<string, string> {
  const entries = new Map<string, string>();
  let field: "msgid" | "msgstr" | undefined;
  let id: string[] = [];
  let text: string[] = [];
  const flush = () => {
    const key = unquote(id);
    if (key) entries.set(key, unquote(text) || key);
    id = [];
    text = [];
  };
  for (const line of source.split("\n")) {
    const trimmed = line.trim();
    const start = /^(msgid|msgstr)\s+(".*")$/.exec(trimmed);
    if (start?.[1] === "msgid") {
      if (id.length > 0) flush();
      field = "msgid";
      id = [start[2] ?? '""'];
    } else if (start?.[1] === "msgstr") {
      field = "msgstr";
      text = [start[2] ?? '""'];
    } else if (trimmed.startsWith('"') && field) {
      (field === "msgid" ? id : text).push(trimmed);
    } else if (trimmed === "" || trimmed.startsWith("#")) {
      field = undefined;
    }
  }
  if (id.length > 0) flush();
  return entries;
}

function catalogue(lang: Lang): Map<string, string> {
  let entries = catalogues.get(lang);
  if (!entries) {
    const dir = path.join(ROOT, "locales", lang);
    entries = new Map();
    for (const file of readdirSync(dir).filter((name) => name.endsWith(".po"))) {
      for (const [id, text] of parsePo(readFileSync(path.join(dir, file), "utf8"))) entries.set(id, text);
    }
    catalogues.set(lang, entries);
  }
  return entries;
}

/** The text of message `id` in `lang`; throws when the catalogue lacks it. */
export function message(lang: Lang, id: string): string {
  const text = catalogue(lang).get(id);
  if (text === undefined) throw new Error(`locales/${lang}/*.po have no message "${id}"`);
  return text;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A pattern matching message `id` as shown, whatever its placeholders (`{name}`, plurals) became:
 * placeholders match any text; spaces match any kind of space.
 */
export function messagePattern(lang: Lang, id: string, flags = "i"): RegExp {
  const pieces: string[] = [];
  let depth = 0;
  let literal = "";
  for (const char of message(lang, id)) {
    if (char === "{") {
      if (depth === 0) {
        pieces.push(escapeRegExp(literal));
        literal = "";
      }
      depth += 1;
    } else if (char === "}") {
      depth -= 1;
      if (depth === 0) pieces.push(".+?");
    } else if (depth === 0) {
      literal += char;
    }
  }
  pieces.push(escapeRegExp(literal));
  return new RegExp(pieces.join("").replace(/\s+/g, "\\s+"), flags);
}

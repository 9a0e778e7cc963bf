// The French and English catalogues hold the same message ids, each once, none empty.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");

function entries(lang: "fr" | "en"): Map<string, string> {
  const text = readFileSync(path.join(root, "locales", lang, "messages.po"), "utf8");
  const found = new Map<string, string>();
  const duplicates: string[] = [];
  for (const match of text.matchAll(/^msgid "((?:[^"\\]|\\.)+)"\nmsgstr "((?:[^"\\]|\\.)*)"((?:\n"(?:[^"\\]|\\.)*")*)/gm)) {
    const [, id = "", first = "", rest = ""] = match;
    if (found.has(id)) duplicates.push(id);
    found.set(id, first + rest.replace(/\n"|"/g, ""));
  }
  expect(duplicates, `${lang}: ids defined twice`).toEqual([]);
  return found;
}

describe("message catalogues", () => {
  const fr = entries("fr");
  const en = entries("en");

  it("have the same ids in French and English", () => {
    expect([...fr.keys()].filter((id) => !en.has(id)), "missing in English").toEqual([]);
    expect([...en.keys()].filter((id) => !fr.has(id)), "missing in French").toEqual([]);
  });

  it("translate every id", () => {
    for (const [lang, catalogue] of [["fr", fr], ["en", en]] as const) {
      expect([...catalogue].filter(([, text]) => text.trim() === "").map(([id]) => id), `${lang}: empty`).toEqual([]);
    }
  });
});

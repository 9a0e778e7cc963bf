// The built file that holds a source module: lazy files are named by their hash alone
// (vite.config.ts), so a test that makes a part's code unreachable finds its file in the build's
// manifest (dist/web/.vite/manifest.json), by the source the part is written in.
import { readFileSync } from "node:fs";
import path from "node:path";

const MANIFEST = path.resolve(import.meta.dirname, "../../../dist/web/.vite/manifest.json");

let manifest: Record<string, { file: string }> | undefined;

/** The address pattern of the file that holds `source` (e.g. `src/features/footer/footer.tsx`). */
export function chunkOf(...sources: string[]): RegExp {
  manifest ??= JSON.parse(readFileSync(MANIFEST, "utf8")) as Record<string, { file: string }>;
  const files = sources.map((source) => {
    const chunk = manifest?.[source];
    if (!chunk) throw new Error(`${source} is not a chunk of the build (dist/web/.vite/manifest.json)`);
    return chunk.file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  });
  return new RegExp(`/(?:${files.join("|")})$`);
}

// Writes brotli and gzip copies of the built SPA's text files, which the server sends to
// browsers that accept them (so no response is compressed on the fly).
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const ROOT = path.resolve(process.argv[2] ?? "dist/web");
const COMPRESSIBLE = new Set([".js", ".css", ".html", ".svg", ".json", ".map", ".txt"]);
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* files(folder: string): AsyncGenerator<string> {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.has(path.extname(entry.name))) yield full;
  }
}

let count = 0;
for await (const file of files(ROOT)) {
  const content = await readFile(file);
  if (content.length < MIN_BYTES) continue;
  const [br, gzipped] = await Promise.all([
    brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
    gz(content, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
  count += 1;
}
console.log(`compressed ${count} files in ${path.relative(process.cwd(), ROOT) || "."}`);

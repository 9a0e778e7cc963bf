// `npm run api:check`: fails when common/api/schema.gen.ts is not what `npm run api:generate` would
// write from the contract. The types are generated in memory, byte for byte as the CLI does.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import openapiTS, { astToString, COMMENT_HEADER } from "openapi-typescript";

const contractPath = process.env.API_CONTRACT ?? "openapi/storefront.yaml";
const schemaPath = process.env.API_SCHEMA_OUT ?? "common/api/schema.gen.ts";
// What this script reproduces; if package.json's api:generate changes, this script must follow.
const GENERATE_SCRIPT = "openapi-typescript openapi/storefront.yaml -o common/api/schema.gen.ts";
// The CLI reads a Redocly config from the working directory when there is one.
const REDOCLY_CONFIGS = ["redocly.yaml", "redocly.yml", ".redocly.yaml", ".redocly.yml"];

function fail(message: string): never {
  console.error(`api:check: ${message}`);
  process.exit(1);
}

function generateScript(): string | undefined {
  const manifest: unknown = JSON.parse(readFileSync("package.json", "utf8"));
  if (typeof manifest !== "object" || manifest === null || !("scripts" in manifest)) return undefined;
  const scripts = manifest.scripts;
  if (typeof scripts !== "object" || scripts === null || !("api:generate" in scripts)) return undefined;
  return typeof scripts["api:generate"] === "string" ? scripts["api:generate"] : undefined;
}

async function generateInMemory(contract: string): Promise<string> {
  const ast = await openapiTS(pathToFileURL(resolve(contract)));
  return `${COMMENT_HEADER}${astToString(ast)}`;
}

function generateWithCli(contract: string): string {
  const dir = mkdtempSync(join(tmpdir(), "api-check-"));
  try {
    const out = join(dir, "schema.gen.ts");
    const cli = resolve("node_modules/.bin/openapi-typescript");
    const result = spawnSync(cli, [contract, "-o", out], { encoding: "utf8" });
    if (result.status !== 0) {
      fail(`openapi-typescript failed on ${contract}\n${result.stdout ?? ""}${result.stderr ?? ""}${result.error?.message ?? ""}`);
    }
    return readFileSync(out, "utf8");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const script = generateScript();
  if (script !== GENERATE_SCRIPT) {
    fail(`package.json's api:generate is ${JSON.stringify(script)}, expected ${JSON.stringify(GENERATE_SCRIPT)}: update scripts/api-check.ts to match`);
  }
  if (!existsSync(contractPath)) fail(`${contractPath} not found`);

  let expected: string;
  try {
    expected = REDOCLY_CONFIGS.some((name) => existsSync(name))
      ? generateWithCli(contractPath)
      : await generateInMemory(contractPath);
  } catch (error) {
    fail(`cannot generate types from ${contractPath}: ${error instanceof Error ? error.message : String(error)}`);
  }

  const actual = existsSync(schemaPath) ? readFileSync(schemaPath, "utf8") : undefined;
  if (actual !== expected) fail(`${schemaPath} is stale, run npm run api:generate`);
  console.log(`api:check: ${schemaPath} is up to date`);
}

await main();

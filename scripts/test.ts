// `npm test`: typecheck, lint, api:check, the flows' diagrams and paths up to date, then Vitest,
// then the end-to-end tests in a real browser (Playwright); ends with `Tests: N passed, N failed`.
// Extra arguments filter the runs (`npm test -- tests/api`, `npm test -- tests/e2e/cart.e2e.ts`):
// files under tests/e2e go to Playwright, everything else to Vitest; a run left with nothing to do
// is skipped.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";

const VITEST_JSON = ".test-results/vitest.json";
/** Where playwright.config.ts has its JSON reporter write. */
const E2E_JSON = ".test-results/e2e.json";
const E2E_DIR = join("tests", "e2e");

interface StepResult {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  seconds: number;
  note?: string;
  /** The failed tests, named (file, title, the error's first line), for the summary. */
  failures?: string[];
}

function bin(name: string): string {
  return resolve("node_modules", ".bin", name);
}

/** Runs a command with its output streamed; resolves to its exit code (127 when it cannot start). */
function run(command: string, args: string[]): Promise<number> {
  console.log(`\n> ${[command.startsWith(process.cwd()) ? command.slice(process.cwd().length + 1) : command, ...args].join(" ")}`);
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { stdio: "inherit" });
    child.once("error", (error) => {
      console.error(`cannot run ${command}: ${error.message}`);
      resolvePromise(127);
    });
    child.once("close", (code, signal) => resolvePromise(code ?? (signal ? 128 : 1)));
  });
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await work();
  return [value, (performance.now() - started) / 1000];
}

async function checkStep(name: string, command: string, args: string[]): Promise<StepResult> {
  const [code, seconds] = await timed(() => run(command, args));
  return code === 0
    ? { name, passed: 1, failed: 0, skipped: 0, seconds }
    : { name, passed: 0, failed: 1, skipped: 0, seconds, note: `exit code ${code}` };
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests?: number;
  numTodoTests?: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { status: string; fullName?: string; failureMessages?: string[] }[];
  }[];
}

function readVitestJson(file: string): VitestJson | null {
  if (!existsSync(file)) return null;
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
    return isVitestJson(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function isVitestJson(value: unknown): value is VitestJson {
  return (
    typeof value === "object" &&
    value !== null &&
    "numPassedTests" in value &&
    typeof value.numPassedTests === "number" &&
    "numFailedTests" in value &&
    typeof value.numFailedTests === "number" &&
    "testResults" in value &&
    Array.isArray(value.testResults)
  );
}

async function vitestStep(name: string, jsonFile: string, extraArgs: string[]): Promise<StepResult> {
  rmSync(jsonFile, { force: true });
  mkdirSync(join(jsonFile, ".."), { recursive: true });
  const args = ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${jsonFile}`, ...extraArgs];
  const [code, seconds] = await timed(() => run(bin("vitest"), args));

  const report = readVitestJson(jsonFile);
  if (!report) {
    return { name, passed: 0, failed: 1, skipped: 0, seconds, note: `exit code ${code}, no ${jsonFile}` };
  }
  // A file that fails to load has no test results of its own: count it as one failed test.
  const brokenFiles = report.testResults.filter(
    (file) => file.status === "failed" && !file.assertionResults.some((test) => test.status === "failed"),
  ).length;
  const failed = report.numFailedTests + brokenFiles;
  const result: StepResult = {
    name,
    passed: report.numPassedTests,
    failed,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    seconds,
  };
  if (brokenFiles > 0) result.note = `${brokenFiles} file(s) failed to run`;
  result.failures = vitestFailures(report);
  // Unhandled errors and the like fail the run without failing a test.
  if (code !== 0 && failed === 0) {
    result.failed = 1;
    result.note = `exit code ${code} with no failed test (see errors above)`;
  }
  return result;
}

/** The first line of an error's message, without terminal colours, kept short. */
function firstLine(message: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  const line = (message ?? "").replace(/\u001b\[[0-9;]*m/g, "").split("\n").find((text) => text.trim() !== "") ?? "";
  const trimmed = line.trim();
  return trimmed.length > 160 ? `${trimmed.slice(0, 157)}...` : trimmed;
}

function vitestFailures(report: VitestJson): string[] {
  const failures: string[] = [];
  for (const file of report.testResults) {
    const path = relative(process.cwd(), file.name);
    const failedTests = file.assertionResults.filter((test) => test.status === "failed");
    for (const test of failedTests) failures.push(`${path} > ${test.fullName ?? "?"}: ${firstLine(test.failureMessages?.[0])}`);
    if (file.status === "failed" && failedTests.length === 0) failures.push(`${path}: ${firstLine(file.message) || "failed to run"}`);
  }
  return failures;
}

/** What of Playwright's JSON report the summary reads: counts, errors outside tests, the tests. */
interface PlaywrightJson {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors: { message?: string }[];
  suites?: PlaywrightSuite[];
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: {
    title: string;
    file?: string;
    line?: number;
    tests?: { status?: string; results?: { errors?: { message?: string }[] }[] }[];
  }[];
  suites?: PlaywrightSuite[];
}

/** The tests Playwright counted as unexpected (failed or timed out), named file:line > titles. */
function playwrightFailures(report: PlaywrightJson): string[] {
  const failures: string[] = [];
  // A test defined in a helper (the flows' run-flow.ts) is named by the test file that runs it too.
  const visit = (suite: PlaywrightSuite, titles: string[], testFile: string | undefined): void => {
    const path = suite.file && suite.title === suite.file ? titles : [...titles, suite.title];
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== "unexpected") continue;
        const errors = (test.results ?? []).flatMap((result) => result.errors ?? []);
        const defined = `${spec.file ?? "?"}:${spec.line ?? "?"}`;
        const where = testFile && testFile !== spec.file ? `tests/e2e/${testFile} (${defined})` : `tests/e2e/${defined}`;
        failures.push(`${where} > ${[...path, spec.title].join(" > ")}: ${firstLine(errors[0]?.message)}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, path, testFile);
  };
  for (const suite of report.suites ?? []) visit(suite, [], suite.file);
  for (const error of report.errors) failures.push(`outside any test: ${firstLine(error.message)}`);
  return failures;
}

function readPlaywrightJson(file: string): PlaywrightJson | null {
  if (!existsSync(file)) return null;
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
    return isPlaywrightJson(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function isPlaywrightJson(value: unknown): value is PlaywrightJson {
  if (typeof value !== "object" || value === null || !("stats" in value) || !("errors" in value) || !Array.isArray(value.errors)) return false;
  const stats = value.stats;
  return (
    typeof stats === "object" &&
    stats !== null &&
    ["expected", "unexpected", "flaky", "skipped"].every((key) => key in stats && typeof (stats as Record<string, unknown>)[key] === "number")
  );
}

async function playwrightStep(name: string, jsonFile: string, args: string[]): Promise<StepResult> {
  rmSync(jsonFile, { force: true });
  mkdirSync(join(jsonFile, ".."), { recursive: true });
  const [code, seconds] = await timed(() => run(bin("playwright"), ["test", ...args]));

  const report = readPlaywrightJson(jsonFile);
  if (!report) {
    return { name, passed: 0, failed: 1, skipped: 0, seconds, note: `exit code ${code}, no ${jsonFile}` };
  }
  const { expected, unexpected, flaky, skipped } = report.stats;
  // Errors outside any test (the global setup, a file that fails to load): one failure each.
  const outsideErrors = report.errors.length;
  const result: StepResult = { name, passed: expected + flaky, failed: unexpected + outsideErrors, skipped, seconds };
  const notes: string[] = [];
  // Nothing is retried (retries: 0), so nothing should be flaky; were it, it passed, and it is said.
  if (flaky > 0) notes.push(`${flaky} flaky, counted as passed`);
  if (outsideErrors > 0) notes.push(`${outsideErrors} error(s) outside the tests`);
  if (code !== 0 && result.failed === 0) {
    result.failed = 1;
    notes.push(`exit code ${code} with no failed test (see errors above)`);
  }
  if (notes.length > 0) result.note = notes.join("; ");
  result.failures = playwrightFailures(report);
  return result;
}

/** Whether a command-line argument names a file or folder of the end-to-end tests. */
function isE2eFilter(arg: string): boolean {
  if (arg.startsWith("-")) return false;
  const path = relative(process.cwd(), resolve(arg));
  return path === E2E_DIR || path.startsWith(E2E_DIR + sep);
}

/** A step with nothing to run under the arguments given: passed, with no test. */
function skippedStep(name: string, why: string): StepResult {
  console.log(`\n> ${name}: skipped (${why})`);
  return { name, passed: 0, failed: 0, skipped: 0, seconds: 0, note: `skipped: ${why}` };
}

/** How many failed tests the summary names (the rest are counted). */
const MAX_FAILURES_LISTED = 20;

/** Steps that report a number of tests rather than passed/failed. */
const COUNTED_STEPS = new Set(["vitest", "e2e"]);

function summaryLine(step: StepResult): string {
  const status = step.failed > 0 ? "FAIL" : "ok  ";
  const counts = COUNTED_STEPS.has(step.name)
    ? `${step.passed} passed, ${step.failed} failed${step.skipped ? `, ${step.skipped} skipped` : ""}`
    : step.failed > 0 ? "failed" : "passed";
  const note = step.note ? ` (${step.note})` : "";
  return `  ${status} ${step.name.padEnd(10)} ${counts}${note}  [${step.seconds.toFixed(1)} s]`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  // End-to-end files go to Playwright; the rest (files, folders, Vitest's options) to Vitest.
  const e2eArgs = args.filter(isE2eFilter).map((arg) => relative(process.cwd(), resolve(arg)).split(sep).join("/"));
  const vitestArgs = args.filter((arg) => !isE2eFilter(arg));
  const steps: StepResult[] = [];
  steps.push(await checkStep("typecheck", bin("tsc"), ["--noEmit"]));
  steps.push(await checkStep("lint", bin("eslint"), ["."]));
  steps.push(await checkStep("api:check", "npm", ["run", "--silent", "api:check"]));
  steps.push(await checkStep("diagrams", "npm", ["run", "--silent", "machines:diagrams", "--", "--check"]));
  steps.push(await checkStep("paths", "npm", ["run", "--silent", "machines:paths", "--", "--check"]));
  if (args.length > 0 && vitestArgs.length === 0) steps.push(skippedStep("vitest", "the arguments name only end-to-end files"));
  else steps.push(await vitestStep("vitest", VITEST_JSON, vitestArgs));
  if (args.length === 0) {
    steps.push(await playwrightStep("e2e", E2E_JSON, []));
  } else if (e2eArgs.length === 0) {
    // A filter naming only unit or API tests leaves no end-to-end file to run: not a failure.
    steps.push(skippedStep("e2e", "the arguments name no end-to-end file"));
  } else {
    steps.push(await playwrightStep("e2e", E2E_JSON, ["--pass-with-no-tests", ...e2eArgs]));
  }

  const passed = steps.reduce((sum, step) => sum + step.passed, 0);
  const failed = steps.reduce((sum, step) => sum + step.failed, 0);
  console.log("");
  console.log("Summary");
  for (const step of steps) console.log(summaryLine(step));
  // The failed tests are named again here, next to the last line, where a log's tail shows them.
  const failures = steps.flatMap((step) => (step.failures ?? []).map((failure) => `  ${step.name}: ${failure}`));
  if (failures.length > 0) {
    console.log("Failed");
    const shown = failures.slice(0, MAX_FAILURES_LISTED);
    for (const failure of shown) console.log(failure);
    if (failures.length > shown.length) console.log(`  ... and ${failures.length - shown.length} more (see above)`);
  }
  console.log(`Tests: ${passed} passed, ${failed} failed`);
  process.exitCode = failed > 0 ? 1 : 0;
}

await main();

// After the e2e run, per flow whose browser paths all ran: docs/flows/<flow>.coverage.md (the states and
// transitions reached in the browser over those of the machine's definition, each listed, the missing
// ones named) and one summary line in the output.
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";
import { machineStates, machineTransitions } from "../../../machines/shared/flow-coverage.ts";
import { FLOWS, type Flow } from "../../../scripts/flows.ts";
import { NOT_CAUSED_IN_BROWSER } from "./not-caused.ts";
import { COVERAGE_ATTACHMENT, type ReachedInBrowser } from "./run-flow.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");

interface Reached {
  /** By suite: the path tests seen, and how many it has. */
  suites: Map<string, { tests: Set<string>; pathTests: number }>;
  states: Set<string>;
  transitions: Set<string>;
}

function isReached(value: unknown): value is ReachedInBrowser {
  return typeof value === "object" && value !== null && "flow" in value && "suite" in value && "states" in value && "transitions" in value;
}

const percent = (part: number, whole: number) => (whole === 0 ? 100 : Math.floor((part / whole) * 100));

function listing(title: string, all: string[], reached: Set<string>): string[] {
  const missing = all.filter((item) => !reached.has(item));
  return [
    `## ${title}: ${all.length - missing.length} / ${all.length} (${percent(all.length - missing.length, all.length)} %)`,
    "",
    ...all.map((item) => `- [${reached.has(item) ? "x" : " "}] \`${item}\``),
    "",
    missing.length === 0 ? "None missing." : `Missing: ${missing.map((item) => `\`${item}\``).join(", ")}.`,
    "",
  ];
}

/** The transitions the browser paths leave out on purpose (not-caused.ts), with why. */
function notCaused(flow: string): string[] {
  const reasons = Object.entries(NOT_CAUSED_IN_BROWSER[flow] ?? {});
  if (reasons.length === 0) return [];
  return ["## Not caused in the browser", "", ...reasons.map(([transition, reason]) => `- \`${transition}\`: ${reason}.`), ""];
}

function coverageMarkdown(flow: Flow, reached: Reached): string {
  return [
    `# ${flow.name}: what the browser reached`,
    "",
    "Written by the e2e run (`tests/e2e/flows/coverage-reporter.ts`) when every browser path of the flow ran; do not edit by hand.",
    `The states and transitions are counted from the machine's definition ([\`${flow.machineFile}\`](../../${flow.machineFile})): every state node,`,
    "every transition (events, actors' done and error, delays, eventless ones). A state or transition counts as reached once a",
    `path test has performed it in the browser and the page showed the state it leads to. Paths: [${flow.name}.paths.md](${flow.name}.paths.md).`,
    "",
    ...listing("States", machineStates(flow.machine), reached.states),
    ...listing("Transitions", machineTransitions(flow.machine), reached.transitions),
    ...notCaused(flow.name),
  ].join("\n");
}

export default class FlowCoverageReporter implements Reporter {
  private readonly flows = new Map<string, Reached>();

  onTestEnd(test: TestCase, result: TestResult): void {
    for (const attachment of result.attachments) {
      if (attachment.name !== COVERAGE_ATTACHMENT || attachment.body === undefined) continue;
      const parsed: unknown = JSON.parse(attachment.body.toString("utf8"));
      if (!isReached(parsed)) continue;
      const flow = this.flows.get(parsed.flow) ?? { suites: new Map(), states: new Set(), transitions: new Set() };
      const suite = flow.suites.get(parsed.suite) ?? { tests: new Set(), pathTests: parsed.pathTests };
      suite.tests.add(test.id);
      flow.suites.set(parsed.suite, suite);
      for (const state of parsed.states) flow.states.add(state);
      for (const transition of parsed.transitions) flow.transitions.add(transition);
      this.flows.set(parsed.flow, flow);
    }
  }

  onEnd(): void {
    for (const [name, reached] of [...this.flows].sort(([a], [b]) => a.localeCompare(b))) {
      const flow = FLOWS.find((candidate) => candidate.name === name);
      if (flow === undefined) continue;
      const states = machineStates(flow.machine);
      const transitions = machineTransitions(flow.machine);
      const statesIn = states.filter((state) => reached.states.has(state)).length;
      const transitionsIn = transitions.filter((transition) => reached.transitions.has(transition)).length;
      const suites = [...reached.suites.values()];
      const ran = suites.reduce((sum, suite) => sum + suite.tests.size, 0);
      const registered = suites.reduce((sum, suite) => sum + suite.pathTests, 0);
      const whole = ran === registered;
      if (whole) writeFileSync(path.join(ROOT, "docs", "flows", `${name}.coverage.md`), coverageMarkdown(flow, reached));
      console.log(
        `flow ${name} in the browser: states ${statesIn}/${states.length} (${percent(statesIn, states.length)} %), ` +
          `transitions ${transitionsIn}/${transitions.length} (${percent(transitionsIn, transitions.length)} %)` +
          (whole ? `; docs/flows/${name}.coverage.md written` : `; ${ran} of ${registered} path tests ran, report not written`),
      );
    }
  }

  printsToStdio(): boolean {
    return false;
  }
}

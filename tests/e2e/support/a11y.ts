// Accessibility check of a rendered page: axe must find nothing serious or critical.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

type Violation = Awaited<ReturnType<AxeBuilder["analyze"]>>["violations"][number];

const BLOCKING_IMPACTS = new Set(["serious", "critical"]);

function describeViolation(violation: Violation): string {
  const nodes = violation.nodes
    .slice(0, 5)
    .map((node) => `    - ${node.target.join(" ")}\n      ${(node.failureSummary ?? "").replace(/\n/g, "\n      ")}`)
    .join("\n");
  const more = violation.nodes.length > 5 ? `\n    … and ${violation.nodes.length - 5} more` : "";
  return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}${more}`;
}

/** Runs axe on the page as it is now and fails listing every serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ""));
  if (blocking.length > 0) {
    throw new Error(
      `axe found ${blocking.length} serious or critical violation(s) on ${page.url()}:\n${blocking.map(describeViolation).join("\n")}`,
    );
  }
}

// `npm run machines:diagrams`: a Mermaid state diagram per machine, in docs/flows/<flow>.mmd, drawn from
// the machine's own state nodes (states, transitions with their guards and actions, delays, invoked
// actors, tags), so that it never drifts from the code. With `--check`, writes nothing and fails naming
// the diagrams that are not what it would write.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { AnyStateMachine, AnyStateNode } from "xstate";
import { FLOWS } from "./flows.ts";

const OUTPUT_DIR = "docs/flows";

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap(allNodes)];
}

/** A Mermaid id for a state node: its key when no other state of the machine has it, else its path. */
function mermaidId(node: AnyStateNode): string {
  if (node.path.length === 0) return `${node.machine.id}_any_state`;
  const sameKey = allNodes(node.machine.root).filter((other) => other.key === node.key);
  return sameKey.length === 1 && node.key !== node.machine.id ? node.key : node.path.join("_");
}

/** Text Mermaid shows as is: no statement separators, entities or label separators. */
function text(value: string): string {
  return value.replace(/;/gu, ",").replace(/[#:]/gu, " ").replace(/\s+/gu, " ").trim();
}

function nameOf(reference: unknown): string | undefined {
  if (typeof reference === "string") return reference;
  if (typeof reference === "object" && reference !== null && "type" in reference && typeof reference.type === "string") return reference.type;
  return undefined;
}

function eventLabel(eventType: string): string {
  const [, kind, rest = ""] = /^xstate\.(after|done\.actor|error\.actor)\.(.*)$/u.exec(eventType) ?? [];
  if (kind === "after") return `after ${rest.split(".")[0] ?? ""}`;
  if (kind === "done.actor") return `${rest} done`;
  if (kind === "error.actor") return `${rest} error`;
  return eventType === "" ? "always" : eventType;
}

function transitionLines(node: AnyStateNode, indent: string): string[] {
  const lines: string[] = [];
  const groups = [...node.transitions.values(), ...(node.always ? [node.always] : [])];
  for (const branches of groups) {
    branches.forEach((transition, index) => {
      const guard = nameOf(transition.guard);
      const condition = guard ? ` [${guard}]` : index > 0 ? " [else]" : "";
      const actions = transition.actions.map(nameOf).filter((name) => name !== undefined && !name.startsWith("xstate."));
      const effect = actions.length > 0 ? ` / ${actions.join(", ")}` : "";
      const label = text(`${eventLabel(transition.eventType)}${condition}${effect}`);
      for (const target of transition.target ?? [node]) {
        // An edge from a box to a state inside it is not drawn reliably: it leaves from each state inside.
        const inside = target !== node && allNodes(node).includes(target) && node.path.length > 0;
        const sources = inside ? allNodes(node).filter((candidate) => Object.keys(candidate.states).length === 0) : [node];
        for (const source of sources) lines.push(`${indent}${mermaidId(source)} --> ${mermaidId(target)} : ${label}`);
      }
    });
  }
  return lines;
}

function stateLines(node: AnyStateNode, indent: string): string[] {
  const id = mermaidId(node);
  const lines: string[] = [];
  const children = Object.values(node.states);
  if (children.length > 0) {
    lines.push(`${indent}state ${id} {`);
    const initial = node.initial?.target[0];
    if (initial) lines.push(`${indent}  [*] --> ${mermaidId(initial)}`);
    for (const child of children) lines.push(...stateLines(child, `${indent}  `));
    lines.push(`${indent}}`);
  } else if (node.key !== id) {
    lines.push(`${indent}state "${text(node.key)}" as ${id}`);
  }
  const notes = [
    node.description ? text(node.description) : undefined,
    node.tags.length > 0 ? `tags ${node.tags.join(", ")}` : undefined,
    ...node.invoke.map((invocation) => `invokes ${nameOf(invocation.src) ?? invocation.id}`),
  ].filter((note) => note !== undefined && note !== "");
  for (const note of notes) lines.push(`${indent}${id} : ${note}`);
  if (node.type === "final") lines.push(`${indent}${id} --> [*]`);
  return lines;
}

export function toMermaid(machine: AnyStateMachine): string {
  const root = machine.root;
  const lines = ["stateDiagram-v2"];
  const initial = root.initial?.target[0];
  if (initial) lines.push(`  [*] --> ${mermaidId(initial)}`);
  for (const child of Object.values(root.states)) lines.push(...stateLines(child, "  "));
  // Transitions of the machine itself are taken in every state: they leave from an "any state" box.
  if (root.transitions.size > 0) {
    lines.push(`  state "any state" as ${mermaidId(root)}`, `  ${mermaidId(root)} : transitions taken whatever the state`);
  }
  for (const node of allNodes(root)) lines.push(...transitionLines(node, "  "));
  return `${lines.join("\n")}\n`;
}

function main() {
  const check = process.argv.includes("--check");
  const files = FLOWS.map((flow) => ({ file: `${OUTPUT_DIR}/${flow.name}.mmd`, text: toMermaid(flow.machine) }));
  if (check) {
    const stale = files.filter(({ file, text }) => !existsSync(file) || readFileSync(file, "utf8") !== text).map(({ file }) => file);
    if (stale.length > 0) {
      console.error(`machines:diagrams: out of date, run npm run machines:diagrams:\n${stale.map((file) => `  ${file}`).join("\n")}`);
      process.exit(1);
    }
    console.log(`machines:diagrams: ${files.length} diagrams up to date`);
    return;
  }
  mkdirSync(OUTPUT_DIR, { recursive: true });
  for (const { file, text } of files) {
    writeFileSync(file, text);
    console.log(file);
  }
}

main();

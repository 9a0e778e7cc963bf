// The flows' paths as docs/flows/ tells them: every state and sample event of every flow has words in
// both languages, and each path links to a test that exists under the name the document gives.
import { existsSync, readFileSync } from "node:fs";
import { setup } from "xstate";
import { describe, expect, it } from "vitest";
import { defineFlowModel, flowShortestPaths } from "../../machines/shared/flow-model.ts";
import { MissingWords, checkFlowSteps, defineFlowSteps, describePathSteps, leafStatePaths } from "../../machines/shared/flow-steps.ts";
import { FLOWS } from "../../scripts/flows.ts";

describe("flow paths in words", () => {
  for (const flow of FLOWS) {
    describe(flow.name, () => {
      it("has words for every state and sample event on its paths, and none left over", () => {
        expect(flow.check()).toEqual({ missing: [], unused: [] });
      });

      it("tells every step in French and in English", () => {
        for (const path of flow.paths()) {
          for (const [index, step] of path.steps.entries()) {
            if (index > 0) expect(step.action?.fr && step.action.en, `${path.description}, step ${index}`).toBeTruthy();
            expect(step.shows.fr === "").toBe(step.shows.en === "");
          }
        }
      });

      it("names each path of a start once, so that its link names one test", () => {
        for (const paths of [flow.paths(), ...flow.starts.map((start) => start.paths())]) {
          const names = paths.map((path) => path.description);
          expect(new Set(names).size).toBe(names.length);
        }
      });

      const starts = [{ suites: flow.suites, paths: flow.paths }, ...flow.starts];
      for (const { suites, paths } of starts) {
        for (const suite of suites) {
          it(`runs its paths in ${suite.file} › ${suite.suite}`, () => {
            expect(existsSync(suite.file)).toBe(true);
            const source = readFileSync(suite.file, "utf8");
            if (suite.runs !== undefined) {
              // A browser suite: the runner names a test by the path's description (run-flow.ts).
              expect(source).toContain(`runFlow(${JSON.stringify(suite.suite)}`);
              expect(suite.runs.size).toBeGreaterThan(0);
              const names = new Set(paths().map((path) => path.description));
              for (const name of suite.runs) expect(names.has(name), name).toBe(true);
              return;
            }
            expect(source).toContain(`describe(${JSON.stringify(suite.suite)}`);
            // One test per generated path, named by the path's description after the prefix.
            expect(source).toContain(suite.prefix === "" ? "it(describePath(" : `it(\`${suite.prefix}\${describePath(`);
          });
        }
      }
    });
  }

  it("lists every flow once", () => {
    const names = FLOWS.map((flow) => flow.name);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe("flow words: what is missing is named", () => {
  const doorMachine = setup({ types: { events: {} as { type: "door.open" } | { type: "door.close" } } }).createMachine({
    id: "door",
    initial: "closed",
    states: {
      closed: { on: { "door.open": "open" } },
      open: { on: { "door.close": "closed" } },
    },
  });
  const doorModel = defineFlowModel(doorMachine, {
    name: "door",
    input: undefined,
    events: () => [{ type: "door.open" }, { type: "door.close" }],
  });
  const partialWords = defineFlowSteps(doorModel, {
    states: { closed: { fr: "la porte est fermée", en: "the door is closed" }, ajar: { fr: "entrouverte", en: "ajar" } },
    event: (event) => (event.type === "door.open" ? { fr: "Ouvrir la porte", en: "Open the door" } : undefined),
  });

  it("names the states and events without words, and the words of no state", () => {
    expect(checkFlowSteps(doorModel, partialWords)).toEqual({
      missing: ['event "door.close" in state "open"', 'state "open"'],
      unused: ["ajar", "open"].filter((state) => state === "ajar"),
    });
  });

  it("refuses to tell a path with a step without words", () => {
    const path = flowShortestPaths(doorModel).find((candidate) => candidate.steps.length === 3);
    expect(path).toBeDefined();
    if (path) expect(() => describePathSteps(doorModel, partialWords, path)).toThrow(MissingWords);
  });

  it("tells a parallel state region by region", () => {
    expect(leafStatePaths({ data: "ready", sidebar: "open" })).toEqual(["data.ready", "sidebar.open"]);
    expect(leafStatePaths({ picking: { search: "idle", map: { loading: {} } } })).toEqual(["picking.search.idle", "picking.map.loading"]);
  });
});

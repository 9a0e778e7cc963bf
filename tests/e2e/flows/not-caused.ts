// The machine transitions a flow's browser paths leave out, each with why a shopper's page cannot cause it
// on the path the model gives. The runner does not run the paths that take them, the documents do not
// link them to the browser suite, and the coverage report lists them as missing with these reasons.
// Plain data (no browser code): scripts/flows.ts reads it too.

export const NOT_CAUSED_IN_BROWSER: Readonly<Record<string, Readonly<Record<string, string>>>> = {};

/** The transitions of `flow` its browser paths leave out. */
export function notCausedInBrowser(flow: string): ReadonlySet<string> {
  return new Set(Object.keys(NOT_CAUSED_IN_BROWSER[flow] ?? {}));
}

// What the single sign-on's pages and guards read from the sign-in dialog's snapshot: where the trip to
// the employees' identity provider stands, whether it was started from the login modal or by a page.
import type { SnapshotFrom } from "xstate";
import type { authMachine } from "./auth.machine.ts";
import type { SingleSignOnFailure } from "./auth.types.ts";

type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** `leaving`: the browser is on its way to the provider; `signedIn`: the return signed the shopper in. */
export type SingleSignOnStatus = "idle" | "redirecting" | "leaving" | "exchanging" | "failed" | "signedIn";

const STARTS = ["redirecting", "leaving", "failed"] as const;

export function selectSingleSignOnStatus(snapshot: AuthSnapshot): SingleSignOnStatus {
  for (const step of STARTS) {
    if (snapshot.matches({ singleSignOn: step }) || snapshot.matches({ open: { singleSignOn: step } })) return step;
  }
  if (snapshot.matches({ singleSignOn: "exchanging" })) return "exchanging";
  return snapshot.matches("welcome") ? "signedIn" : "idle";
}

/** The start or the return failed: why. */
export function selectSingleSignOnFailure(snapshot: AuthSnapshot): SingleSignOnFailure | null {
  return selectSingleSignOnStatus(snapshot) === "failed" ? snapshot.context.singleSignOnFailure : null;
}

/** The start has settled: the browser is leaving, or it failed (what a guard that started it waits for). */
export function hasSingleSignOnStartSettled(snapshot: AuthSnapshot): boolean {
  const status = selectSingleSignOnStatus(snapshot);
  return status === "leaving" || status === "failed";
}

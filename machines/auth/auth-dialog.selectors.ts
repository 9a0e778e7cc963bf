// What the sign-in dialog's forms read from its snapshot: the tab, what is in flight, the error,
// the code's attempts left, the address the code or the reset link went to.
import type { SnapshotFrom } from "xstate";
import type { authMachine } from "./auth.machine.ts";
import type { AuthErrorId, AuthTab } from "./auth.types.ts";

type AuthSnapshot = SnapshotFrom<typeof authMachine>;

export function selectTab(snapshot: AuthSnapshot): AuthTab {
  return snapshot.context.flow === "gpnet" ? "employee" : "personal";
}

export function isSubmitting(snapshot: AuthSnapshot): boolean {
  return snapshot.hasTag("loading");
}

export function selectErrorId(snapshot: AuthSnapshot): AuthErrorId | null {
  return snapshot.context.errorId;
}

/** Attempts left for the one-time code (shown in the code view only). */
export function selectAttemptsLeft(snapshot: AuthSnapshot): number | null {
  return snapshot.matches({ open: "code" }) ? snapshot.context.attemptsLeft : null;
}

/** Opened because the stored session could not be read. */
export function isReloaded(snapshot: AuthSnapshot): boolean {
  return snapshot.context.reloaded;
}

/** The address the code was sent to, or the reset link. */
export function selectEmail(snapshot: AuthSnapshot): string {
  return snapshot.context.email;
}

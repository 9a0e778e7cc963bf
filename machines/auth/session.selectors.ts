// What the views read from the session's snapshot (through `useSession()`).
import type { SnapshotFrom } from "xstate";
import type { sessionMachine } from "./session.machine.ts";

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

export type SessionStatus = "restoring" | "anonymous" | "signedIn";

export function selectStatus(snapshot: SessionSnapshot): SessionStatus {
  if (snapshot.matches("starting") || snapshot.matches("restoring")) return "restoring";
  if (snapshot.matches("signedIn") || snapshot.matches("signingOut")) return "signedIn";
  return "anonymous";
}

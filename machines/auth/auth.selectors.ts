// What the shell reads from the sign-in dialog's snapshot: which view is shown (the form's own
// selectors are in auth-dialog.selectors.ts, loaded with the forms).
import type { SnapshotFrom } from "xstate";
import type { authMachine } from "./auth.machine.ts";

type AuthSnapshot = SnapshotFrom<typeof authMachine>;

export type AuthView = "closed" | "login" | "code" | "register" | "forgot" | "singleSignOn" | "welcome" | "resetSent";

const OPEN_VIEWS = ["login", "code", "register", "forgot", "singleSignOn"] as const;

/** The view shown: a form of the login modal (or its Habile start), the welcome modal, the reset modal, or
 *  nothing (also while a page's single sign-on runs: that page shows it). */
export function selectView(snapshot: AuthSnapshot): AuthView {
  if (snapshot.matches("welcome")) return "welcome";
  if (snapshot.matches("resetSent")) return "resetSent";
  for (const view of OPEN_VIEWS) if (snapshot.matches({ open: view })) return view;
  return "closed";
}

// The sign-in dialog's actor as the views read it and talk to it.
import { useCallback } from "react";
import { isReloaded, isSubmitting, selectAttemptsLeft, selectEmail, selectErrorId, selectTab } from "../../../machines/auth/auth-dialog.selectors.ts";
import { selectView } from "../../../machines/auth/auth.selectors.ts";
import type { AuthEvent } from "../../../machines/auth/auth.types.ts";
import { useLazySelector } from "../../app/lazy-actor.ts";
import { useAuth } from "../../app/session-provider.tsx";

export function useAuthDialog() {
  const { dialog } = useAuth();
  const send = useCallback((event: AuthEvent) => dialog.send(event), [dialog]);
  return {
    send,
    view: useLazySelector(dialog, selectView, "closed"),
    tab: useLazySelector(dialog, selectTab, "personal"),
    submitting: useLazySelector(dialog, isSubmitting, false),
    errorId: useLazySelector(dialog, selectErrorId, null),
    attemptsLeft: useLazySelector(dialog, selectAttemptsLeft, null),
    reloaded: useLazySelector(dialog, isReloaded, false),
    email: useLazySelector(dialog, selectEmail, ""),
  };
}

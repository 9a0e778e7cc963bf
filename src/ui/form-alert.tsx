// What went wrong with the last submission, at the top of a form (SPEC §8: the error is passed to the form).
import { useLingui } from "@lingui/react";

export function FormAlert({ messageId, values }: { messageId: string | null; values?: Record<string, number> }) {
  const { _ } = useLingui();
  if (!messageId) return null;
  return (
    <p className="auth-alert" role="alert">
      {_(messageId, values)}
    </p>
  );
}

// A labelled checkbox bound to a boolean field of a TanStack form (the forms' yes/no choices:
// newsletter, two-factor code, default addresses).
import type { AnyFieldApi } from "@tanstack/react-form";
import type { ReactNode } from "react";

export interface CheckFieldProps {
  field: AnyFieldApi;
  /** The label's class (each form styles its choices). */
  className: string;
  children: ReactNode;
  disabled?: boolean;
  describedBy?: string | undefined;
}

export function CheckField({ field, className, children, disabled, describedBy }: CheckFieldProps) {
  return (
    <label className={className}>
      <input
        type="checkbox"
        name={field.name}
        checked={field.state.value === true}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(event) => field.handleChange(event.target.checked)}
      />
      {children}
    </label>
  );
}

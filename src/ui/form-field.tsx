// A labelled control with its hint and, once shown, its error tied to it by aria-describedby
// (the address form, and the account pages that reuse it).
import { useLingui } from "@lingui/react";
import { useId, type ReactNode } from "react";
import "./form-field.css";

export interface ControlProps {
  id: string;
  className: string;
  required: boolean;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

export interface FormFieldProps {
  label: string;
  hint?: string | undefined;
  /** The error shown under the field, already translated. */
  error: string | undefined;
  required?: boolean;
  /** Something after the error (a suggestion button). */
  after?: ReactNode;
  children: (props: ControlProps) => ReactNode;
}

export function FormField({ label, hint, error, required = false, after, children }: FormFieldProps) {
  const { _ } = useLingui();
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        {label}
        {required && (
          <span className="form-field__required" aria-hidden="true">
            {" *"}
          </span>
        )}
        {!required && <span className="form-field__optional">{` (${_("form.optional")})`}</span>}
      </label>
      {children({ id, className: "form-field__input", required, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint && (
        <p className="form-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="form-field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
      {after}
    </div>
  );
}

/**
 * The field is left for its form's submit button: its error is not shown yet, since showing it
 * would move the button under the pointer and lose the click; the submit shows every error.
 */
export function leavingForSubmit(event: { relatedTarget: EventTarget | null; currentTarget: { form: HTMLFormElement | null } }): boolean {
  const next = event.relatedTarget;
  return next instanceof HTMLButtonElement && next.type === "submit" && next.form !== null && next.form === event.currentTarget.form;
}

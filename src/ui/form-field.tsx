// A labelled control with its hint and, once shown, its error tied to it by aria-describedby
// (the address form, and the account pages that reuse it); BoundFormField binds it to a field of a
// TanStack form.
import { useLingui } from "@lingui/react";
import type { AnyFieldApi } from "@tanstack/react-form";
import { useId, type ReactNode } from "react";
import { useFieldBinding, type BoundControl, type FieldBindingOptions } from "./shop-form.ts";
import "./form-field.css";

interface ControlProps {
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

type BoundControlProps = ControlProps & BoundControl;

export interface BoundFormFieldProps extends Omit<FormFieldProps, "error" | "after" | "children">, FieldBindingOptions {
  field: AnyFieldApi;
  /** The values of the error message's placeholders. */
  errorValues?: Record<string, string> | undefined;
  /** Something after the error, given the id of the error shown. */
  after?: (errorId: string | undefined) => ReactNode;
  children: (props: BoundControlProps) => ReactNode;
}

/** A FormField whose control is bound to a TanStack field, its error shown once the field was left. */
export function BoundFormField({ field, errorValues, revealed, refusedId, onLeave, after, children, ...rest }: BoundFormFieldProps) {
  const { _ } = useLingui();
  const { errorId, control } = useFieldBinding(field, { revealed, refusedId, onLeave });
  return (
    <FormField {...rest} error={errorId ? _(errorId, errorValues) : undefined} after={after?.(errorId)}>
      {(props) => children({ ...props, ...control })}
    </FormField>
  );
}

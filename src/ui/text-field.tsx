// A labelled input of the dialog's forms, bound to a field of a TanStack form, with its error tied
// to it (aria-describedby) once the field was left or a submission was tried.
import { useLingui } from "@lingui/react";
import type { AnyFieldApi } from "@tanstack/react-form";
import { useId, type InputHTMLAttributes } from "react";
import { useFieldBinding } from "./shop-form.ts";

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "ref" | "id" | "name" | "value" | "onChange" | "onBlur"> {
  field: AnyFieldApi;
  label: string;
  hint?: string;
}

export function TextField({ field, label, hint, required = true, ...input }: TextFieldProps) {
  const { _ } = useLingui();
  const id = useId();
  const { errorId, control } = useFieldBinding(field);
  const error = errorId ? _(errorId) : undefined;
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="auth-field">
      <label className="auth-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        {...control}
        id={id}
        className="auth-field__input"
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {hint && (
        <p className="auth-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="auth-field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

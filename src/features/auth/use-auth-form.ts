// The behaviour shared by the dialog's forms (SPEC §4 Signup form): a field shows no error until it
// was first left (or a submission was tried); on submit the captcha runs first, then validation, and
// only a valid form is handed on. Focus goes to the first field in error.
import { useRef, useState } from "react";
import * as v from "valibot";
import { fieldErrors } from "./auth-schemas.ts";
import { CaptchaUnavailable } from "../../app/captcha.tsx";

type Control = HTMLInputElement | null;

export function useAuthForm<S extends v.GenericSchema, F extends string>(schema: S, fields: readonly F[], initial: Record<F, string>) {
  const [values, setValues] = useState<Record<F, string>>(initial);
  const [touched, setTouched] = useState<ReadonlySet<F>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const controls = useRef<Partial<Record<F, Control>>>({});

  const errorOf = (field: F, extra: Record<string, unknown> = {}) =>
    attempted || touched.has(field) ? fieldErrors(schema, { ...values, ...extra }, fields)[field] : undefined;

  const bind = (field: F) => ({
    inputRef: (node: Control) => {
      controls.current[field] = node;
    },
    value: values[field],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value })),
    onBlur: () => setTouched((current) => (current.has(field) ? current : new Set(current).add(field))),
  });

  /** Captcha first, then validation; resolves with the valid output and the captcha answer, or null. */
  const check = async (
    extra: Record<string, unknown>,
    captcha: (() => Promise<string>) | null,
  ): Promise<{ output: v.InferOutput<S>; recaptchaData: string } | null> => {
    setCaptchaError(null);
    let recaptchaData = "";
    if (captcha) {
      try {
        recaptchaData = await captcha();
      } catch (error) {
        setCaptchaError(error instanceof CaptchaUnavailable ? error.messageId : "auth.captcha.failed");
        return null;
      }
    }
    setAttempted(true);
    const input = { ...values, ...extra };
    const result = v.safeParse(schema, input);
    if (!result.success) {
      const errors = fieldErrors(schema, input, fields);
      const first = fields.find((field) => errors[field]);
      if (first) controls.current[first]?.focus();
      return null;
    }
    return { output: result.output, recaptchaData };
  };

  return { values, setValues, bind, errorOf, check, captchaError };
}

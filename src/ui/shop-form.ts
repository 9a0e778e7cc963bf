// What every form of the shop shares (SPEC §4 Signup form), on TanStack Form. The form's schema is
// checked on every change, blur and submission, so a field's error always fits its value; a field
// shows it once it was left or a submission was tried (useFieldBinding). On submit the captcha runs
// first, then validation; only a valid form is handed on, with the schema's output; otherwise the
// focus goes to the first field in error. The submit button is disabled while the form is sent.
import {
  standardSchemaValidators,
  useForm,
  useStore,
  type AnyFieldApi,
  type StandardSchemaV1,
  type ValidationLogicFn,
} from "@tanstack/react-form";
import { useRef, useState, type FocusEvent, type FormEvent } from "react";

/** A form's captcha: a fresh answer, or the message id of why there is none (the form shows it). */
export type CaptchaCheck = () => Promise<{ answer: string } | { errorId: string }>;

export interface Submission<TValues, TOutput> {
  /** What the schema made of the values (trimmed, transformed). */
  output: TOutput;
  values: TValues;
  /** The captcha's answer; empty for a form without captcha. */
  recaptchaData: string;
}

export interface ShopFormOptions<TValues, TOutput> {
  defaultValues: TValues;
  /** The form's rules; its messages are the catalogue's ids. It may leave out fields it does not judge. */
  schema: StandardSchemaV1<Partial<NoInfer<TValues>>, TOutput>;
  captcha?: CaptchaCheck | undefined;
  /** The submission is under way elsewhere (a machine, a mutation): submitting again waits. */
  busy?: boolean | undefined;
  /** Sends the valid form; a promise keeps the form pending until it settles. */
  onSubmit: (submission: Submission<TValues, TOutput>) => void | Promise<void>;
}

interface SubmitMeta {
  recaptchaData: string;
}

const WITHOUT_CAPTCHA: SubmitMeta = { recaptchaData: "" };

/**
 * The form's one validator, run on every change, blur and submission (not on mount): errors stay in
 * step with the values, which TanStack's per-event validators (onBlur, onSubmit) would each keep
 * until their own event comes again.
 */
const onEveryEvent: ValidationLogicFn = ({ event, validators, form, runValidation }) => {
  const validator = validators?.onDynamic;
  const runs = validator !== undefined && !event.async && (event.type === "change" || event.type === "blur" || event.type === "submit");
  return runValidation({ validators: runs ? [{ fn: validator, cause: "dynamic" }] : [], form });
};

/** Gives the focus to the first control of `element`, in page order, named after one of `fields`. */
export function focusFirstField(element: HTMLFormElement | null, fields: ReadonlySet<string>): void {
  if (!element || fields.size === 0) return;
  for (const control of Array.from(element.elements)) {
    const name = control.getAttribute("name");
    if (name !== null && fields.has(name) && control instanceof HTMLElement) {
      control.focus();
      return;
    }
  }
}

export function useShopForm<TValues extends object, TOutput>({ defaultValues, schema, captcha, busy = false, onSubmit }: ShopFormOptions<TValues, TOutput>) {
  const [captchaErrorId, setCaptchaErrorId] = useState<string | null>(null);
  const element = useRef<HTMLFormElement | null>(null);
  const form = useForm({
    defaultValues,
    validationLogic: onEveryEvent,
    validators: { onDynamic: ({ value }) => standardSchemaValidators.validate({ value, validationSource: "form" }, schema) },
    onSubmitMeta: WITHOUT_CAPTCHA,
    onSubmit: async ({ value, meta }) => {
      const result = await schema["~standard"].validate(value);
      if (result.issues) return;
      await onSubmit({ output: result.value, values: value, recaptchaData: meta.recaptchaData });
    },
    onSubmitInvalid: ({ formApi }) => focusFirstField(element.current, new Set(Object.keys(formApi.getAllErrors().fields))),
  });
  const submitting = useStore(form.store, (state) => state.isSubmitting);
  const pending = busy || submitting;

  /** The form element's submit handler. */
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    element.current = event.currentTarget;
    if (pending) return;
    void (async () => {
      setCaptchaErrorId(null);
      let recaptchaData = "";
      if (captcha) {
        const outcome = await captcha();
        if ("errorId" in outcome) {
          setCaptchaErrorId(outcome.errorId);
          return;
        }
        recaptchaData = outcome.answer;
      }
      await form.handleSubmit({ recaptchaData });
    })();
  };

  /** Moves the focus to a field (one the server refused). */
  const focusField = (name: string) => focusFirstField(element.current, new Set([name]));

  return { form, submit, pending, captchaErrorId, focusField };
}

/**
 * The field is left for its form's submit button: its error is not shown yet, since showing it
 * would move the button under the pointer and lose the click; the submit shows every error.
 */
function leavingForSubmit(event: { relatedTarget: EventTarget | null; currentTarget: { form: HTMLFormElement | null } }): boolean {
  const next = event.relatedTarget;
  return next instanceof HTMLButtonElement && next.type === "submit" && next.form !== null && next.form === event.currentTarget.form;
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export interface FieldBindingOptions {
  /** Shows the error even before the field was left (a rule that another field's leaving reveals). */
  revealed?: boolean | undefined;
  /** What the server refused in the field, shown over the schema's error until the caller clears it. */
  refusedId?: string | undefined;
  /** Also done when the field is left (a value written again). */
  onLeave?: (() => void) | undefined;
}

/** The first message of a field's errors (a message id): schema issues carry it, a plain string is one. */
export function firstErrorId(errors: readonly unknown[]): string | undefined {
  for (const error of errors) {
    if (typeof error === "string" && error) return error;
    if (typeof error === "object" && error !== null && "message" in error && typeof error.message === "string") return error.message;
  }
  return undefined;
}

/**
 * A text control bound to a TanStack field: its name, value and handlers, and the error it shows (a
 * message id), only once the field was left or a submission was tried.
 */
export function useFieldBinding(field: AnyFieldApi, { revealed = false, refusedId, onLeave }: FieldBindingOptions = {}) {
  const attempted = useStore(field.form.store, (state) => state.submissionAttempts > 0);
  const shown = attempted || revealed || field.state.meta.isBlurred;
  const value: unknown = field.state.value;
  return {
    errorId: refusedId ?? (shown ? firstErrorId(field.state.meta.errors) : undefined),
    control: {
      name: field.name,
      value: typeof value === "string" ? value : "",
      onChange: (event: { target: { value: string } }) => field.handleChange(event.target.value),
      onBlur: (event: FocusEvent<Control>) => {
        if (!leavingForSubmit(event)) field.handleBlur();
        onLeave?.();
      },
    },
  };
}

/** The props of a control bound to its field. */
export type BoundControl = ReturnType<typeof useFieldBinding>["control"];

// The one-time-code view (SPEC §5): six single-digit boxes under one group label; submit is enabled
// once all are filled; a paste is taken only when it is exactly six digits; arrows, Backspace and
// typing move between the boxes.
import { useLingui } from "@lingui/react";
import { useForm } from "@tanstack/react-form";
import { useEffect, useId, useRef, type ClipboardEvent, type FormEvent, type KeyboardEvent } from "react";
import { CODE_LENGTH } from "../../../machines/auth/auth.types.ts";
import { CODE_PATTERN } from "./auth-schemas.ts";
import { FormAlert } from "../../ui/form-alert.tsx";
import { useAuthDialog } from "./use-auth-dialog.ts";

const EMPTY_CODE: readonly string[] = Array.from({ length: CODE_LENGTH }, () => "");
const POSITIONS = EMPTY_CODE.map((_, index) => index);
const isComplete = (digits: readonly string[]) => CODE_PATTERN.test(digits.join(""));

export function CodeForm() {
  const { _ } = useLingui();
  const id = useId();
  const dialog = useAuthDialog();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focusBox = (index: number) => boxes.current[Math.max(0, Math.min(CODE_LENGTH - 1, index))]?.focus();
  const form = useForm({
    defaultValues: { digits: EMPTY_CODE },
    onSubmit: ({ value, formApi }) => {
      dialog.send({ type: "auth.submitCode", oneTimePassword: value.digits.join("") });
      formApi.reset();
      focusBox(0);
    },
  });

  // The view replaces the sign-in form whose button had the focus: the first box takes it.
  useEffect(() => {
    boxes.current[0]?.focus();
  }, []);
  const setDigit = (index: number, digit: string) => form.setFieldValue(`digits[${index}]`, digit);

  const onInput = (index: number, value: string) => {
    const digit = value.replace(/\D/gu, "").slice(-1);
    setDigit(index, digit);
    if (digit) focusBox(index + 1);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      focusBox(index + 1);
    } else if (event.key === "Backspace" && form.getFieldValue(`digits[${index}]`) === "") {
      event.preventDefault();
      setDigit(index - 1, "");
      focusBox(index - 1);
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = event.clipboardData.getData("text").trim();
    if (!CODE_PATTERN.test(pasted)) return;
    form.setFieldValue("digits", pasted.split(""));
    focusBox(CODE_LENGTH - 1);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isComplete(form.state.values.digits) || dialog.submitting) return;
    void form.handleSubmit();
  };

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h3 className="auth-form__title" id={`${id}-title`}>
        {_("auth.code.title")}
      </h3>
      <p className="auth-form__intro" id={`${id}-intro`}>
        {_("auth.code.intro", { email: dialog.email })}
      </p>
      <FormAlert messageId={dialog.errorId} />
      {dialog.attemptsLeft !== null && (
        <p className="auth-form__count" aria-live="polite">
          {_("errors.auth.count", { count: dialog.attemptsLeft })}
        </p>
      )}
      <div className="code-boxes" role="group" aria-labelledby={`${id}-label`} aria-describedby={`${id}-intro`}>
        <span className="code-boxes__label" id={`${id}-label`}>
          {_("auth.code.label")}
        </span>
        <div className="code-boxes__row">
          {POSITIONS.map((index) => (
            // The boxes are a fixed row: their position is their identity.
            <form.Field key={index} name={`digits[${index}]`}>
              {(field) => (
                <input
                  ref={(node) => {
                    boxes.current[index] = node;
                  }}
                  className="code-boxes__box"
                  value={field.state.value}
                  inputMode="numeric"
                  autoComplete={index === 0 ? "one-time-code" : "off"}
                  maxLength={1}
                  pattern="[0-9]"
                  aria-label={_("auth.code.digit", { position: index + 1, total: CODE_LENGTH })}
                  onChange={(event) => onInput(index, event.target.value)}
                  onKeyDown={(event) => onKeyDown(index, event)}
                  onPaste={onPaste}
                  onFocus={(event) => event.target.select()}
                />
              )}
            </form.Field>
          ))}
        </div>
      </div>
      <form.Subscribe selector={(state) => isComplete(state.values.digits)}>
        {(complete) => (
          <button type="submit" className="button auth-form__submit" disabled={!complete || dialog.submitting}>
            {_(dialog.submitting ? "auth.code.submitting" : "auth.code.submit")}
          </button>
        )}
      </form.Subscribe>
      <div className="auth-form__links">
        <button type="button" className="auth-link" onClick={() => dialog.send({ type: "auth.showLogin" })}>
          {_("auth.backToLogin")}
        </button>
      </div>
    </form>
  );
}

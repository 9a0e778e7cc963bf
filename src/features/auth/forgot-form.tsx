// The forgotten password view of either tab (SPEC §5: a valid e-mail): a reset link is e-mailed.
import { useLingui } from "@lingui/react";
import type { FormEvent } from "react";
import type { AuthFlow } from "../../../machines/auth/auth.types.ts";
import { ForgotSchema } from "./auth-schemas.ts";
import { useCaptcha } from "../../app/captcha.tsx";
import { FormAlert } from "../../ui/form-alert.tsx";
import { TextField } from "../../ui/text-field.tsx";
import { useAuthDialog } from "./use-auth-dialog.ts";
import { useAuthForm } from "./use-auth-form.ts";

const FIELDS = ["email"] as const;

export function ForgotForm({ flow }: { flow: AuthFlow }) {
  const { _ } = useLingui();
  const dialog = useAuthDialog();
  const captcha = useCaptcha();
  const form = useAuthForm(ForgotSchema, FIELDS, { email: "" });
  const emailError = form.errorOf("email");

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (dialog.submitting) return;
    const checked = await form.check({}, captcha.answer);
    if (!checked) return;
    dialog.send({ type: "auth.submitForgot", email: form.values.email, recaptchaData: checked.recaptchaData });
  };

  return (
    <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`auth-forgot-${flow}`}>
      <h3 className="auth-form__title" id={`auth-forgot-${flow}`}>
        {_("auth.forgot.title")}
      </h3>
      <p className="auth-form__intro">{_(flow === "gpnet" ? "auth.gpnet.forgot.intro" : "auth.forgot.intro")}</p>
      <FormAlert messageId={dialog.errorId} />
      <TextField label={_("auth.field.email")} error={emailError ? _(emailError) : undefined} type="email" inputMode="email" autoComplete="email" {...form.bind("email")} />
      {captcha.widget}
      <FormAlert messageId={form.captchaError} />
      <button type="submit" className="button auth-form__submit" disabled={dialog.submitting}>
        {_(dialog.submitting ? "auth.forgot.submitting" : "auth.forgot.submit")}
      </button>
      <div className="auth-form__links">
        <button type="button" className="auth-link" onClick={() => dialog.send({ type: "auth.showLogin" })}>
          {_("auth.backToLogin")}
        </button>
      </div>
    </form>
  );
}

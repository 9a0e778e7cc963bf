// The login view of either tab: e-mail and password, plus the staff number for GPNet (SPEC §5).
import { useLingui } from "@lingui/react";
import type { FormEvent } from "react";
import type { AuthFlow } from "../../../machines/auth/auth.types.ts";
import { GPNET_LOGIN_FIELDS, GpnetLoginSchema, LOGIN_FIELDS, LoginSchema } from "./auth-schemas.ts";
import { useCaptcha } from "../../app/captcha.tsx";
import { FormAlert } from "../../ui/form-alert.tsx";
import { TextField } from "../../ui/text-field.tsx";
import { useAuthDialog } from "./use-auth-dialog.ts";
import { useAuthForm } from "./use-auth-form.ts";

export function LoginForm({ flow }: { flow: AuthFlow }) {
  const { _ } = useLingui();
  const dialog = useAuthDialog();
  const captcha = useCaptcha();
  const gpnet = flow === "gpnet";
  const form = useAuthForm(gpnet ? GpnetLoginSchema : LoginSchema, gpnet ? GPNET_LOGIN_FIELDS : LOGIN_FIELDS, { gpnetId: "", email: "", password: "" });
  const error = (field: "gpnetId" | "email" | "password") => {
    const id = form.errorOf(field);
    return id ? _(id) : undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (dialog.submitting) return;
    const checked = await form.check({}, captcha.answer);
    if (!checked) return;
    const { email, password, gpnetId } = form.values;
    dialog.send({ type: "auth.submitLogin", email, password, recaptchaData: checked.recaptchaData, ...(gpnet ? { gpnetId } : {}) });
  };

  return (
    <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`auth-login-${flow}`}>
      <h3 className="auth-form__title" id={`auth-login-${flow}`}>
        {_(gpnet ? "auth.gpnet.login.title" : "auth.login.title")}
      </h3>
      <FormAlert messageId={dialog.errorId} />
      {gpnet && (
        <TextField label={_("auth.field.gpnetId")} error={error("gpnetId")} autoComplete="username" maxLength={8} {...form.bind("gpnetId")} />
      )}
      <TextField label={_("auth.field.email")} error={error("email")} type="email" autoComplete="email" inputMode="email" {...form.bind("email")} />
      <TextField
        label={_("auth.field.password")}
        error={error("password")}
        type="password"
        autoComplete="current-password"
        {...form.bind("password")}
      />
      {captcha.widget}
      <FormAlert messageId={form.captchaError} />
      <button type="submit" className="button auth-form__submit" disabled={dialog.submitting}>
        {_(dialog.submitting ? "auth.login.submitting" : "auth.login.submit")}
      </button>
      <div className="auth-form__links">
        <button type="button" className="auth-link" onClick={() => dialog.send({ type: "auth.showForgot" })}>
          {_("auth.login.forgot")}
        </button>
        <button type="button" className="auth-link" onClick={() => dialog.send({ type: "auth.showRegister" })}>
          {_(gpnet ? "auth.gpnet.login.create" : "auth.login.create")}
        </button>
      </div>
    </form>
  );
}

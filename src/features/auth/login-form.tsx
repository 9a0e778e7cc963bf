// The login view of either tab: e-mail and password, plus the staff number for GPNet (SPEC §5).
import { useLingui } from "@lingui/react";
import type { AuthFlow } from "../../../machines/auth/auth.types.ts";
import { GpnetLoginSchema, LoginSchema } from "./auth-schemas.ts";
import { useCaptcha } from "../../app/captcha.tsx";
import { FormAlert } from "../../ui/form-alert.tsx";
import { useShopForm } from "../../ui/shop-form.ts";
import { TextField } from "../../ui/text-field.tsx";
import { useAuthDialog } from "./use-auth-dialog.ts";

export function LoginForm({ flow }: { flow: AuthFlow }) {
  const { _ } = useLingui();
  const dialog = useAuthDialog();
  const captcha = useCaptcha();
  const gpnet = flow === "gpnet";
  const { form, submit, pending, captchaErrorId } = useShopForm({
    defaultValues: { gpnetId: "", email: "", password: "" },
    schema: gpnet ? GpnetLoginSchema : LoginSchema,
    captcha: captcha.check,
    busy: dialog.submitting,
    onSubmit: ({ values: { email, password, gpnetId }, recaptchaData }) =>
      dialog.send({ type: "auth.submitLogin", email, password, recaptchaData, ...(gpnet ? { gpnetId } : {}) }),
  });

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-labelledby={`auth-login-${flow}`}>
      <h3 className="auth-form__title" id={`auth-login-${flow}`}>
        {_(gpnet ? "auth.gpnet.login.title" : "auth.login.title")}
      </h3>
      <FormAlert messageId={dialog.errorId} />
      {gpnet && (
        <form.Field name="gpnetId">
          {(field) => <TextField field={field} label={_("auth.field.gpnetId")} autoComplete="username" maxLength={8} />}
        </form.Field>
      )}
      <form.Field name="email">
        {(field) => <TextField field={field} label={_("auth.field.email")} type="email" autoComplete="email" inputMode="email" />}
      </form.Field>
      <form.Field name="password">
        {(field) => <TextField field={field} label={_("auth.field.password")} type="password" autoComplete="current-password" />}
      </form.Field>
      {captcha.widget}
      <FormAlert messageId={captchaErrorId} />
      <button type="submit" className="button auth-form__submit" disabled={pending}>
        {_(pending ? "auth.login.submitting" : "auth.login.submit")}
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

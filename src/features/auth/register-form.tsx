// The account creation view of either tab (SPEC §5 Registration, staff-number signup): names, e-mail
// twice, password twice, two-factor (on by default) and newsletter; the staff number for GPNet.
// Cancel goes back to the login view, shown only where the login view is offered.
import { CheckField } from "../../ui/check-field.tsx";
import { useLingui } from "@lingui/react";
import type { AuthFlow } from "../../../machines/auth/auth.types.ts";
import { GpnetRegisterSchema, RegisterSchema } from "./auth-schemas.ts";
import { useCaptcha } from "../../app/captcha.tsx";
import { FormAlert } from "../../ui/form-alert.tsx";
import { useShopForm } from "../../ui/shop-form.ts";
import { TextField } from "../../ui/text-field.tsx";
import { useAuthDialog } from "./use-auth-dialog.ts";

const EMPTY = {
  gpnetId: "",
  firstName: "",
  lastName: "",
  email: "",
  repeatEmail: "",
  password: "",
  repeatPassword: "",
  twoFactorAuthenticationEnabled: true,
  newsLetterSubscribed: false,
};

export function RegisterForm({ flow, onCancel }: { flow: AuthFlow; onCancel?: () => void }) {
  const { _ } = useLingui();
  const dialog = useAuthDialog();
  const captcha = useCaptcha();
  const gpnet = flow === "gpnet";
  const { form, submit, pending, captchaErrorId } = useShopForm({
    defaultValues: EMPTY,
    schema: gpnet ? GpnetRegisterSchema : RegisterSchema,
    captcha: captcha.check,
    busy: dialog.submitting,
    onSubmit: ({ values, recaptchaData }) =>
      dialog.send({
        type: "auth.submitRegister",
        registration: {
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          email: values.email,
          password: values.password,
          twoFactorAuthenticationEnabled: values.twoFactorAuthenticationEnabled,
          newsLetterSubscribed: values.newsLetterSubscribed,
          recaptchaData,
          ...(gpnet ? { gpnetId: values.gpnetId } : {}),
        },
      }),
  });

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-labelledby={`auth-register-${flow}`}>
      <h3 className="auth-form__title" id={`auth-register-${flow}`}>
        {_(gpnet ? "auth.gpnet.register.title" : "auth.register.title")}
      </h3>
      <FormAlert messageId={dialog.errorId} />
      {gpnet && (
        <form.Field name="gpnetId">
          {(field) => <TextField field={field} label={_("auth.field.gpnetId")} hint={_("auth.field.gpnetId.hint")} maxLength={8} autoComplete="off" />}
        </form.Field>
      )}
      <form.Field name="firstName">{(field) => <TextField field={field} label={_("auth.field.firstName")} autoComplete="given-name" />}</form.Field>
      <form.Field name="lastName">{(field) => <TextField field={field} label={_("auth.field.lastName")} autoComplete="family-name" />}</form.Field>
      <form.Field name="email">
        {(field) => <TextField field={field} label={_("auth.field.email")} type="email" inputMode="email" autoComplete="email" />}
      </form.Field>
      <form.Field name="repeatEmail">
        {(field) => <TextField field={field} label={_("auth.field.repeatEmail")} type="email" inputMode="email" autoComplete="email" />}
      </form.Field>
      <form.Field name="password">
        {(field) => (
          <TextField field={field} label={_("auth.field.newPassword")} hint={_("auth.field.password.hint")} type="password" autoComplete="new-password" />
        )}
      </form.Field>
      <form.Field name="repeatPassword">
        {(field) => <TextField field={field} label={_("auth.field.repeatPassword")} type="password" autoComplete="new-password" />}
      </form.Field>
      <form.Field name="twoFactorAuthenticationEnabled">
        {(field) => (
          <CheckField field={field} className="auth-check"><span>{_("auth.field.twoFactor")}</span></CheckField>
        )}
      </form.Field>
      <form.Field name="newsLetterSubscribed">
        {(field) => (
          <CheckField field={field} className="auth-check"><span>{_("auth.field.newsletter")}</span></CheckField>
        )}
      </form.Field>
      {captcha.widget}
      <FormAlert messageId={captchaErrorId} />
      <div className="auth-form__actions">
        <button type="submit" className="button auth-form__submit" disabled={pending}>
          {_(pending ? "auth.register.submitting" : "auth.register.submit")}
        </button>
        {onCancel && (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {_("auth.cancel")}
          </button>
        )}
      </div>
      <div className="auth-form__links">
        <button type="button" className="auth-link" onClick={() => dialog.send({ type: "auth.showLogin" })}>
          {_(gpnet ? "auth.gpnet.register.haveAccount" : "auth.register.haveAccount")}
        </button>
      </div>
    </form>
  );
}

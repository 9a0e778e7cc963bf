// The account creation view of either tab (SPEC §5 Registration, staff-number signup): names, e-mail
// twice, password twice, two-factor (on by default) and newsletter; the staff number for GPNet.
// Cancel goes back to the login view, shown only where the login view is offered.
import { useLingui } from "@lingui/react";
import { useState, type FormEvent } from "react";
import type { AuthFlow } from "../../../machines/auth/auth.types.ts";
import { GPNET_REGISTER_FIELDS, GpnetRegisterSchema, REGISTER_FIELDS, RegisterSchema } from "./auth-schemas.ts";
import { useCaptcha } from "../../app/captcha.tsx";
import { FormAlert } from "../../ui/form-alert.tsx";
import { TextField } from "../../ui/text-field.tsx";
import { useAuthDialog } from "./use-auth-dialog.ts";
import { useAuthForm } from "./use-auth-form.ts";

type RegisterField = (typeof GPNET_REGISTER_FIELDS)[number];
const EMPTY: Record<RegisterField, string> = { gpnetId: "", firstName: "", lastName: "", email: "", repeatEmail: "", password: "", repeatPassword: "" };

export function RegisterForm({ flow, onCancel }: { flow: AuthFlow; onCancel?: () => void }) {
  const { _ } = useLingui();
  const dialog = useAuthDialog();
  const captcha = useCaptcha();
  const gpnet = flow === "gpnet";
  const form = useAuthForm(gpnet ? GpnetRegisterSchema : RegisterSchema, gpnet ? GPNET_REGISTER_FIELDS : REGISTER_FIELDS, EMPTY);
  const [twoFactor, setTwoFactor] = useState(true);
  const [newsletter, setNewsletter] = useState(false);
  const choices = { twoFactorAuthenticationEnabled: twoFactor, newsLetterSubscribed: newsletter };
  const error = (field: RegisterField) => {
    const id = form.errorOf(field, choices);
    return id ? _(id) : undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (dialog.submitting) return;
    const checked = await form.check(choices, captcha.answer);
    if (!checked) return;
    const { firstName, lastName, email, password, gpnetId } = form.values;
    dialog.send({
      type: "auth.submitRegister",
      registration: {
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        email,
        password,
        ...choices,
        recaptchaData: checked.recaptchaData,
        ...(gpnet ? { gpnetId } : {}),
      },
    });
  };

  return (
    <form className="auth-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`auth-register-${flow}`}>
      <h3 className="auth-form__title" id={`auth-register-${flow}`}>
        {_(gpnet ? "auth.gpnet.register.title" : "auth.register.title")}
      </h3>
      <FormAlert messageId={dialog.errorId} />
      {gpnet && (
        <TextField label={_("auth.field.gpnetId")} hint={_("auth.field.gpnetId.hint")} error={error("gpnetId")} maxLength={8} autoComplete="off" {...form.bind("gpnetId")} />
      )}
      <TextField label={_("auth.field.firstName")} error={error("firstName")} autoComplete="given-name" {...form.bind("firstName")} />
      <TextField label={_("auth.field.lastName")} error={error("lastName")} autoComplete="family-name" {...form.bind("lastName")} />
      <TextField label={_("auth.field.email")} error={error("email")} type="email" inputMode="email" autoComplete="email" {...form.bind("email")} />
      <TextField label={_("auth.field.repeatEmail")} error={error("repeatEmail")} type="email" inputMode="email" autoComplete="email" {...form.bind("repeatEmail")} />
      <TextField
        label={_("auth.field.newPassword")}
        hint={_("auth.field.password.hint")}
        error={error("password")}
        type="password"
        autoComplete="new-password"
        {...form.bind("password")}
      />
      <TextField label={_("auth.field.repeatPassword")} error={error("repeatPassword")} type="password" autoComplete="new-password" {...form.bind("repeatPassword")} />
      <label className="auth-check">
        <input type="checkbox" checked={twoFactor} onChange={(event) => setTwoFactor(event.target.checked)} />
        <span>{_("auth.field.twoFactor")}</span>
      </label>
      <label className="auth-check">
        <input type="checkbox" checked={newsletter} onChange={(event) => setNewsletter(event.target.checked)} />
        <span>{_("auth.field.newsletter")}</span>
      </label>
      {captcha.widget}
      <FormAlert messageId={form.captchaError} />
      <div className="auth-form__actions">
        <button type="submit" className="button auth-form__submit" disabled={dialog.submitting}>
          {_(dialog.submitting ? "auth.register.submitting" : "auth.register.submit")}
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

// The forgotten password view of either tab (SPEC §5: a valid e-mail): a reset link is e-mailed.
import { useLingui } from "@lingui/react";
import type { AuthFlow } from "../../../machines/auth/auth.types.ts";
import { ForgotSchema } from "./auth-schemas.ts";
import { useCaptcha } from "../../app/captcha.tsx";
import { FormAlert } from "../../ui/form-alert.tsx";
import { useShopForm } from "../../ui/shop-form.ts";
import { TextField } from "../../ui/text-field.tsx";
import { useAuthDialog } from "./use-auth-dialog.ts";

export function ForgotForm({ flow }: { flow: AuthFlow }) {
  const { _ } = useLingui();
  const dialog = useAuthDialog();
  const captcha = useCaptcha();
  const { form, submit, pending, captchaErrorId } = useShopForm({
    defaultValues: { email: "" },
    schema: ForgotSchema,
    captcha: captcha.check,
    busy: dialog.submitting,
    onSubmit: ({ values, recaptchaData }) => dialog.send({ type: "auth.submitForgot", email: values.email, recaptchaData }),
  });

  return (
    <form className="auth-form" onSubmit={submit} noValidate aria-labelledby={`auth-forgot-${flow}`}>
      <h3 className="auth-form__title" id={`auth-forgot-${flow}`}>
        {_("auth.forgot.title")}
      </h3>
      <p className="auth-form__intro">{_(flow === "gpnet" ? "auth.gpnet.forgot.intro" : "auth.forgot.intro")}</p>
      <FormAlert messageId={dialog.errorId} />
      <form.Field name="email">
        {(field) => <TextField field={field} label={_("auth.field.email")} type="email" inputMode="email" autoComplete="email" />}
      </form.Field>
      {captcha.widget}
      <FormAlert messageId={captchaErrorId} />
      <button type="submit" className="button auth-form__submit" disabled={pending}>
        {_(pending ? "auth.forgot.submitting" : "auth.forgot.submit")}
      </button>
      <div className="auth-form__links">
        <button type="button" className="auth-link" onClick={() => dialog.send({ type: "auth.showLogin" })}>
          {_("auth.backToLogin")}
        </button>
      </div>
    </form>
  );
}

// The reset password page (SPEC §2 /reinitialisation-mot-de-passe), reached from the e-mailed link
// that carries the single-use reset token (`?token=…`): a new password, twice (SPEC §5 password
// rule), the captcha, then the change. It ends valid (sign in with the new password) or in error
// (an unknown, used or expired link asks for a new one).
import { useLingui } from "@lingui/react";
import { useMutation } from "@tanstack/react-query";
import { useRouterState } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { isApiError, unwrap } from "../../api/client.ts";
import { useSession } from "../../app/session.ts";
import { useShopContext } from "../../app/shop-context.ts";
import { useSeo } from "../../ui/use-seo.ts";
import { ResetPasswordSchema } from "./auth-schemas.ts";
import { useCaptcha } from "../../app/captcha.tsx";
import { FormAlert } from "../../ui/form-alert.tsx";
import { useShopForm } from "../../ui/shop-form.ts";
import { TextField } from "../../ui/text-field.tsx";
import "./auth.css";

const HTTP_NOT_FOUND = 404;
/** The contract's resetToken pattern. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,256}$/u;

export function ResetPasswordPage() {
  const { _ } = useLingui();
  const { api, config } = useShopContext();
  const session = useSession();
  useSeo({ title: `${_("auth.reset.title")} – ${config.brandName}`, description: _("auth.reset.intro") });
  const token = useRouterState({ select: (state) => new URLSearchParams(state.location.searchStr).get("token") ?? "" });
  const captcha = useCaptcha();
  const mutation = useMutation({
    mutationFn: ({ newPassword, recaptchaData }: { newPassword: string; recaptchaData: string }) =>
      unwrap(api.POST("/customers/change-password/{resetToken}", { params: { path: { resetToken: token } }, body: { newPassword, recaptchaData } })),
  });
  const { form, submit, pending, captchaErrorId } = useShopForm({
    defaultValues: { password: "", repeatPassword: "" },
    schema: ResetPasswordSchema,
    captcha: captcha.check,
    busy: mutation.isPending,
    onSubmit: ({ values, recaptchaData }) => mutation.mutate({ newPassword: values.password, recaptchaData }),
  });
  const outcome = useRef<HTMLDivElement>(null);
  const done = mutation.isSuccess;
  useEffect(() => {
    if (done) outcome.current?.focus();
  }, [done]);

  const failureId =
    !mutation.isError ? null
    : isApiError(mutation.error) && mutation.error.status === HTTP_NOT_FOUND ? "auth.reset.invalidLink"
    : isApiError(mutation.error) && mutation.error.code === "CAPTCHA_INVALID" ? "auth.error.captcha"
    : "errors.server.access";

  return (
    <div className="container auth-page">
      <h1>{_("auth.reset.title")}</h1>
      {!TOKEN_PATTERN.test(token) ? (
        <p className="auth-alert" role="alert">
          {_("auth.reset.invalidLink")}
        </p>
      ) : done ? (
        <div className="auth-page__outcome" ref={outcome} tabIndex={-1} role="status">
          <p>{_("auth.reset.done")}</p>
          <button type="button" className="button" onClick={session.openLogin}>
            {_("auth.reset.signIn")}
          </button>
        </div>
      ) : (
        <form className="auth-form" onSubmit={submit} noValidate>
          <p className="auth-form__intro">{_("auth.reset.intro")}</p>
          <FormAlert messageId={failureId} />
          <form.Field name="password">
            {(field) => (
              <TextField field={field} label={_("auth.field.newPassword")} hint={_("auth.field.password.hint")} type="password" autoComplete="new-password" />
            )}
          </form.Field>
          <form.Field name="repeatPassword">
            {(field) => <TextField field={field} label={_("auth.field.repeatPassword")} type="password" autoComplete="new-password" />}
          </form.Field>
          {captcha.widget}
          <FormAlert messageId={captchaErrorId} />
          <button type="submit" className="button auth-form__submit" disabled={pending}>
            {_(pending ? "auth.reset.submitting" : "auth.reset.submit")}
          </button>
        </form>
      )}
    </div>
  );
}

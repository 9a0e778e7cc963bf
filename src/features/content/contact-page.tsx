// The contact page: a message to customer service (POST platform/contact). Fields show their error
// once left (or after a submit attempt); the button is disabled while the message is sent.
import { Link } from "@tanstack/react-router";
import { useLingui } from "@lingui/react";
import { useMutation } from "@tanstack/react-query";
import type { AnyFieldApi } from "@tanstack/react-form";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { isApiError } from "../../api/client.ts";
import { sendContactMessage, type ContactMessageRequest } from "../../api/queries/content.ts";
import { useShopContext } from "../../app/shop-context.ts";
import { useLang } from "../../i18n/use-lang.ts";
import { pagePath } from "../../../common/pages.ts";
import { useCaptcha } from "../../app/captcha.tsx";
import { useFieldBinding, useShopForm, type BoundControl } from "../../ui/shop-form.ts";
import { useSeo } from "../../ui/use-seo.ts";
import {
  CONTACT_SUBJECTS,
  ContactFormSchema,
  MESSAGE_MAX,
  MESSAGE_MIN,
  NAME_MAX,
  ORDER_REFERENCE_MAX,
  PHONE_MAX,
  type ContactFormState,
} from "./contact-schema.ts";
import "./content.css";

const EMPTY: ContactFormState = { firstName: "", lastName: "", email: "", phone: "", subject: "", orderReference: "", message: "" };

export function ContactPage() {
  const { _ } = useLingui();
  const lang = useLang();
  const { api, config } = useShopContext();
  useSeo({ title: `${_("contact.seo.title")} – ${config.brandName}`, description: _("contact.seo.description") });
  const doneHeading = useRef<HTMLHeadingElement>(null);
  const captcha = useCaptcha();
  const mutation = useMutation({ mutationFn: (body: ContactMessageRequest) => sendContactMessage(api, lang, body) });
  const { form, submit, pending, captchaErrorId } = useShopForm({
    defaultValues: EMPTY,
    schema: ContactFormSchema,
    captcha: captcha.check,
    busy: mutation.isPending,
    onSubmit: ({ output, recaptchaData }) => mutation.mutate({ ...output, recaptchaData }),
  });

  useEffect(() => {
    if (mutation.isSuccess) doneHeading.current?.focus();
  }, [mutation.isSuccess]);

  const startOver = () => {
    mutation.reset();
    form.reset();
  };

  return (
    <article className="info-page container contact">
      <header className="info-page__header">
        <h1>{_("contact.title")}</h1>
        <p className="info-page__lead">{_("contact.intro")}</p>
      </header>
      <div className="contact__layout">
        {mutation.isSuccess ? (
          <div className="contact__done" role="status">
            <h2 ref={doneHeading} tabIndex={-1}>
              {_("contact.success.title")}
            </h2>
            <p>{_("contact.success.text")}</p>
            <button type="button" className="button button--ghost" onClick={startOver}>
              {_("contact.success.again")}
            </button>
          </div>
        ) : (
          <form className="contact__form" onSubmit={submit} noValidate aria-describedby="contact-required-note">
            <p className="contact__note" id="contact-required-note">
              {_("contact.requiredNote")}
            </p>
            <div className="contact__row">
              <form.Field name="firstName">
                {(field) => (
                  <Field field={field} label={_("contact.firstName.label")} required>
                    {(props) => <input {...props} type="text" autoComplete="given-name" maxLength={NAME_MAX} />}
                  </Field>
                )}
              </form.Field>
              <form.Field name="lastName">
                {(field) => (
                  <Field field={field} label={_("contact.lastName.label")} required>
                    {(props) => <input {...props} type="text" autoComplete="family-name" maxLength={NAME_MAX} />}
                  </Field>
                )}
              </form.Field>
            </div>
            <div className="contact__row">
              <form.Field name="email">
                {(field) => (
                  <Field field={field} label={_("contact.email.label")} required>
                    {(props) => <input {...props} type="email" autoComplete="email" inputMode="email" />}
                  </Field>
                )}
              </form.Field>
              <form.Field name="phone">
                {(field) => (
                  <Field field={field} label={_("contact.phone.label")}>
                    {(props) => <input {...props} type="tel" autoComplete="tel" maxLength={PHONE_MAX} />}
                  </Field>
                )}
              </form.Field>
            </div>
            <div className="contact__row">
              <form.Field name="subject">
                {(field) => (
                  <Field field={field} label={_("contact.subject.label")} required>
                    {(props) => (
                      <select {...props}>
                        <option value="">{_("contact.subject.placeholder")}</option>
                        {CONTACT_SUBJECTS.map((subject) => (
                          <option key={subject} value={subject}>
                            {_(`contact.subject.${subject}`)}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                )}
              </form.Field>
              <form.Field name="orderReference">
                {(field) => (
                  <Field field={field} label={_("contact.orderReference.label")} hint={_("contact.orderReference.hint")}>
                    {(props) => <input {...props} type="text" maxLength={ORDER_REFERENCE_MAX} />}
                  </Field>
                )}
              </form.Field>
            </div>
            <form.Field name="message">
              {(field) => (
                <Field
                  field={field}
                  label={_("contact.message.label")}
                  hint={_("contact.message.hint", { min: MESSAGE_MIN, count: field.state.value.trim().length, max: MESSAGE_MAX })}
                  required
                >
                  {(props) => <textarea {...props} rows={8} maxLength={MESSAGE_MAX} />}
                </Field>
              )}
            </form.Field>
            {captcha.widget}
            {captchaErrorId && (
              <p className="contact__error" role="alert">
                {_(captchaErrorId)}
              </p>
            )}
            {mutation.isError && (
              <p className="contact__error" role="alert">
                {_(contactErrorId(mutation.error))}
              </p>
            )}
            <button type="submit" className="button contact__submit" disabled={pending}>
              {pending ? _("contact.sending") : _("contact.submit")}
            </button>
          </form>
        )}
        <aside className="contact__aside" aria-labelledby="contact-help">
          <h2 id="contact-help">{_("contact.help.title")}</h2>
          <p>{_("contact.help.text")}</p>
          <ul className="info-page__links">
            <li>
              <Link to={pagePath("faq", lang)}>{_("contact.help.faq")}</Link>
            </li>
            <li>
              <Link to={pagePath("delivery", lang)}>{_("contact.help.delivery")}</Link>
            </li>
            <li>
              <Link to={pagePath("exchangeReturn", lang)}>{_("contact.help.returns")}</Link>
            </li>
          </ul>
        </aside>
      </div>
    </article>
  );
}

interface ControlProps extends BoundControl {
  id: string;
  className: string;
  required: boolean;
  "aria-invalid": boolean | undefined;
  "aria-describedby": string | undefined;
}

interface FieldProps {
  field: AnyFieldApi;
  label: string;
  hint?: string;
  required?: boolean;
  children: (props: ControlProps) => ReactNode;
}

/** A labelled control bound to a field of the form, with its hint and, once shown, its error. */
function Field({ field, label, hint, required = false, children }: FieldProps) {
  const { _ } = useLingui();
  const id = useId();
  const { errorId, control } = useFieldBinding(field);
  const describedBy = [hint ? `${id}-hint` : "", errorId ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
        {required && (
          <span className="field__required" aria-hidden="true">
            {" *"}
          </span>
        )}
      </label>
      {children({ ...control, id, className: "field__input", required, "aria-invalid": errorId ? true : undefined, "aria-describedby": describedBy })}
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {errorId && (
        <p className="field__error" id={`${id}-error`}>
          {_(errorId)}
        </p>
      )}
    </div>
  );
}

/** The message of a failed sending: the captcha refused, the abuse limit reached, or the shop unreachable. */
function contactErrorId(error: unknown) {
  if (!isApiError(error)) return "errors.server.access";
  if (error.code === "CAPTCHA_INVALID") return "auth.error.captcha";
  if (error.status === 429) return "errors.tooManyRequests";
  return "errors.server.access";
}

// The contact page: a message to customer service (POST platform/contact). Fields show their error
// once left (or after a submit attempt); the button is disabled while the message is sent.
import { Link } from "@tanstack/react-router";
import { useLingui } from "@lingui/react";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from "react";
import * as v from "valibot";
import { isApiError } from "../../api/client.ts";
import { sendContactMessage, type ContactMessageRequest } from "../../api/queries/content.ts";
import { useShopContext } from "../../app/shop-context.ts";
import { useLang } from "../../i18n/use-lang.ts";
import { pagePath } from "../../../common/pages.ts";
import { CaptchaUnavailable, useCaptcha } from "../../app/captcha.tsx";
import { useSeo } from "../../ui/use-seo.ts";
import {
  CONTACT_FIELDS,
  CONTACT_SUBJECTS,
  ContactFormSchema,
  contactErrors,
  MESSAGE_MAX,
  MESSAGE_MIN,
  NAME_MAX,
  ORDER_REFERENCE_MAX,
  PHONE_MAX,
  type ContactFormField,
  type ContactFormState,
} from "./contact-schema.ts";
import "./content.css";

const EMPTY: ContactFormState = { firstName: "", lastName: "", email: "", phone: "", subject: "", orderReference: "", message: "" };

export function ContactPage() {
  const { _ } = useLingui();
  const lang = useLang();
  const { api, config } = useShopContext();
  useSeo({ title: `${_("contact.seo.title")} – ${config.brandName}`, description: _("contact.seo.description") });
  const [values, setValues] = useState<ContactFormState>(EMPTY);
  const [touched, setTouched] = useState<ReadonlySet<ContactFormField>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const fields = useRef<Partial<Record<ContactFormField, HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null>>>({});
  const doneHeading = useRef<HTMLHeadingElement>(null);
  const captcha = useCaptcha();
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const mutation = useMutation({ mutationFn: (body: ContactMessageRequest) => sendContactMessage(api, lang, body) });
  const errors = contactErrors(values);

  useEffect(() => {
    if (mutation.isSuccess) doneHeading.current?.focus();
  }, [mutation.isSuccess]);

  const errorOf = (field: ContactFormField) => (attempted || touched.has(field) ? errors[field] : undefined);
  const bind = (field: ContactFormField) => ({
    ref: (node: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null) => {
      fields.current[field] = node;
    },
    value: values[field],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value })),
    onBlur: () => setTouched((current) => (current.has(field) ? current : new Set(current).add(field))),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    // The captcha first, then the fields (SPEC §4); an answer serves once.
    setCaptchaError(null);
    let recaptchaData: string;
    try {
      recaptchaData = await captcha.answer();
    } catch (error) {
      setCaptchaError(error instanceof CaptchaUnavailable ? error.messageId : "auth.captcha.failed");
      return;
    }
    setAttempted(true);
    const result = v.safeParse(ContactFormSchema, values);
    if (!result.success) {
      const first = CONTACT_FIELDS.find((field) => errors[field]);
      if (first) fields.current[first]?.focus();
      return;
    }
    mutation.mutate({ ...result.output, recaptchaData });
  };

  const startOver = () => {
    mutation.reset();
    setValues(EMPTY);
    setTouched(new Set());
    setAttempted(false);
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
          <form className="contact__form" onSubmit={(event) => void submit(event)} noValidate aria-describedby="contact-required-note">
            <p className="contact__note" id="contact-required-note">
              {_("contact.requiredNote")}
            </p>
            <div className="contact__row">
              <Field label={_("contact.firstName.label")} error={errorOf("firstName")} required>
                {(props) => <input {...props} {...bind("firstName")} type="text" autoComplete="given-name" maxLength={NAME_MAX} />}
              </Field>
              <Field label={_("contact.lastName.label")} error={errorOf("lastName")} required>
                {(props) => <input {...props} {...bind("lastName")} type="text" autoComplete="family-name" maxLength={NAME_MAX} />}
              </Field>
            </div>
            <div className="contact__row">
              <Field label={_("contact.email.label")} error={errorOf("email")} required>
                {(props) => <input {...props} {...bind("email")} type="email" autoComplete="email" inputMode="email" />}
              </Field>
              <Field label={_("contact.phone.label")} error={errorOf("phone")}>
                {(props) => <input {...props} {...bind("phone")} type="tel" autoComplete="tel" maxLength={PHONE_MAX} />}
              </Field>
            </div>
            <div className="contact__row">
              <Field label={_("contact.subject.label")} error={errorOf("subject")} required>
                {(props) => (
                  <select {...props} {...bind("subject")}>
                    <option value="">{_("contact.subject.placeholder")}</option>
                    {CONTACT_SUBJECTS.map((subject) => (
                      <option key={subject} value={subject}>
                        {_(`contact.subject.${subject}`)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field label={_("contact.orderReference.label")} hint={_("contact.orderReference.hint")} error={errorOf("orderReference")}>
                {(props) => <input {...props} {...bind("orderReference")} type="text" maxLength={ORDER_REFERENCE_MAX} />}
              </Field>
            </div>
            <Field
              label={_("contact.message.label")}
              hint={_("contact.message.hint", { min: MESSAGE_MIN, count: values.message.trim().length, max: MESSAGE_MAX })}
              error={errorOf("message")}
              required
            >
              {(props) => <textarea {...props} {...bind("message")} rows={8} maxLength={MESSAGE_MAX} />}
            </Field>
            {captcha.widget}
            {captchaError && (
              <p className="contact__error" role="alert">
                {_(captchaError)}
              </p>
            )}
            {mutation.isError && (
              <p className="contact__error" role="alert">
                {_(contactErrorId(mutation.error))}
              </p>
            )}
            <button type="submit" className="button contact__submit" disabled={mutation.isPending}>
              {mutation.isPending ? _("contact.sending") : _("contact.submit")}
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

interface ControlProps {
  id: string;
  className: string;
  required: boolean;
  "aria-invalid": boolean | undefined;
  "aria-describedby": string | undefined;
}

interface FieldProps {
  label: string;
  hint?: string;
  error: string | undefined;
  required?: boolean;
  children: (props: ControlProps) => ReactNode;
}

/** A labelled control with its hint and, once shown, its error (a message id). */
function Field({ label, hint, error, required = false, children }: FieldProps) {
  const { _ } = useLingui();
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
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
      {children({ id, className: "field__input", required, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {_(error)}
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

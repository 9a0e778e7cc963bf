// The profile page of the account: names, birth date, language of the e-mails, newsletter and
// two-factor sign-in (PATCH customers), and the password change (POST customers/change-password).
// Errors show once a field is left or after a submit attempt; buttons are disabled while saving.
import { useLingui } from "@lingui/react";
import { useMutation } from "@tanstack/react-query";
import { useRef, useState, type FocusEvent, type FormEvent } from "react";
import * as v from "valibot";
import { isApiError } from "../../api/client.ts";
import { useNotify } from "../../app/notifications.tsx";
import { useSession, type Customer } from "../../app/session.ts";
import { useShopContext } from "../../app/shop-context.ts";
import { useLang } from "../../i18n/use-lang.ts";
import { FormField, leavingForSubmit } from "../../ui/form-field.tsx";
import { changePassword, updateCustomer, type CustomerUpdate } from "./account-api.ts";
import { accountErrorMessage } from "./account-errors.ts";
import {
  BIRTH_DATE_MIN,
  firstErrors,
  LOCALES,
  PASSWORD_FIELDS,
  PASSWORD_MAX,
  PasswordChangeSchema,
  PROFILE_NAME_MAX,
  PROFILE_TEXT_FIELDS,
  profileSchema,
  today,
  type PasswordField,
  type PasswordFormValues,
  type ProfileFormValues,
  type ProfileTextField,
} from "./account-schema.ts";

export function ProfileSection({ customer }: { customer: Customer }) {
  const { _ } = useLingui();
  return (
    <div className="account-profile">
      <section className="account-card" aria-labelledby="account-profile-title">
        <h2 id="account-profile-title">{_("account.profile.title")}</h2>
        <dl className="account-profile__facts">
          <div>
            <dt>{_("account.profile.email")}</dt>
            <dd>{customer.email}</dd>
          </div>
          <div>
            <dt>{_("account.profile.group")}</dt>
            <dd>{_(`account.group.${customer.customerGroup}`)}</dd>
          </div>
          {customer.gender && (
            <div>
              <dt>{_("account.profile.gender")}</dt>
              <dd>{_(`account.gender.${customer.gender}`)}</dd>
            </div>
          )}
        </dl>
        <ProfileForm customer={customer} />
      </section>
      <section className="account-card" aria-labelledby="account-password-title">
        <h2 id="account-password-title">{_("account.password.title")}</h2>
        <PasswordForm />
      </section>
    </div>
  );
}

const profileValuesOf = (customer: Customer): ProfileFormValues => ({
  firstName: customer.firstName,
  lastName: customer.lastName,
  birthDate: customer.birthDate ?? "",
  locale: customer.locale,
  newsLetterSubscribed: customer.newsLetterSubscribed,
  twoFactorAuthenticationEnabled: customer.twoFactorAuthenticationEnabled,
});

function ProfileForm({ customer }: { customer: Customer }) {
  const { _ } = useLingui();
  const lang = useLang();
  const { api } = useShopContext();
  const session = useSession();
  const notify = useNotify();
  const [values, setValues] = useState<ProfileFormValues>(() => profileValuesOf(customer));
  const [touched, setTouched] = useState<ReadonlySet<ProfileTextField>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const controls = useRef<Partial<Record<ProfileTextField, HTMLInputElement | null>>>({});
  const schema = profileSchema();
  const errors = firstErrors(schema, values, PROFILE_TEXT_FIELDS);
  const save = useMutation({
    mutationFn: (body: CustomerUpdate) => updateCustomer(api, lang, body),
    onSuccess: (updated) => {
      session.customerChanged(updated);
      notify({ kind: "info", messageId: "account.profile.saved" });
    },
    onError: (error) => notify({ kind: "danger", messageId: accountErrorMessage(error) }),
  });

  const errorOf = (field: ProfileTextField) => {
    const id = attempted || touched.has(field) ? errors[field] : undefined;
    return id ? _(id) : undefined;
  };
  const bindText = (field: ProfileTextField) => ({
    ref: (node: HTMLInputElement | null) => {
      controls.current[field] = node;
    },
    value: values[field],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value })),
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      if (!leavingForSubmit(event)) setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setAttempted(true);
    const result = v.safeParse(schema, values);
    if (!result.success) {
      const first = PROFILE_TEXT_FIELDS.find((field) => errors[field]);
      if (first) controls.current[first]?.focus();
      return;
    }
    save.mutate(result.output);
  };

  return (
    <form className="account-form" onSubmit={submit} noValidate>
      <div className="account-form__row">
        <FormField label={_("account.profile.firstName.label")} error={errorOf("firstName")} required>
          {(props) => <input {...props} {...bindText("firstName")} type="text" autoComplete="given-name" maxLength={PROFILE_NAME_MAX} />}
        </FormField>
        <FormField label={_("account.profile.lastName.label")} error={errorOf("lastName")} required>
          {(props) => <input {...props} {...bindText("lastName")} type="text" autoComplete="family-name" maxLength={PROFILE_NAME_MAX} />}
        </FormField>
      </div>
      <div className="account-form__row">
        <FormField label={_("account.profile.birthDate.label")} error={errorOf("birthDate")}>
          {(props) => <input {...props} {...bindText("birthDate")} type="date" autoComplete="bday" min={BIRTH_DATE_MIN} max={today()} />}
        </FormField>
        <FormField label={_("account.profile.locale.label")} hint={_("account.profile.locale.hint")} error={undefined} required>
          {(props) => (
            <select
              {...props}
              value={values.locale}
              onChange={(event) => {
                const locale = LOCALES.find((item) => item === event.target.value);
                if (locale) setValues((current) => ({ ...current, locale }));
              }}
            >
              {LOCALES.map((locale) => (
                <option key={locale} value={locale}>
                  {_(`account.locale.${locale}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <label className="account-form__check">
        <input
          type="checkbox"
          checked={values.newsLetterSubscribed}
          onChange={(event) => setValues((current) => ({ ...current, newsLetterSubscribed: event.target.checked }))}
        />
        {_("account.profile.newsletter")}
      </label>
      <label className="account-form__check">
        <input
          type="checkbox"
          checked={values.twoFactorAuthenticationEnabled}
          aria-describedby="account-two-factor-hint"
          onChange={(event) => setValues((current) => ({ ...current, twoFactorAuthenticationEnabled: event.target.checked }))}
        />
        {_("account.profile.twoFactor")}
      </label>
      <p className="form-field__hint" id="account-two-factor-hint">
        {_("account.profile.twoFactor.hint")}
      </p>
      <div className="account-form__actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? _("account.saving") : _("account.profile.submit")}
        </button>
      </div>
    </form>
  );
}

const EMPTY_PASSWORDS: PasswordFormValues = { currentPassword: "", newPassword: "", repeatPassword: "" };

function PasswordForm() {
  const { _ } = useLingui();
  const lang = useLang();
  const { api } = useShopContext();
  const notify = useNotify();
  const [values, setValues] = useState<PasswordFormValues>(EMPTY_PASSWORDS);
  const [touched, setTouched] = useState<ReadonlySet<PasswordField>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [currentRefused, setCurrentRefused] = useState(false);
  const controls = useRef<Partial<Record<PasswordField, HTMLInputElement | null>>>({});
  const errors: Partial<Record<PasswordField, string>> = {
    ...firstErrors(PasswordChangeSchema, values, PASSWORD_FIELDS),
    ...(currentRefused ? { currentPassword: "account.password.current.error" } : {}),
  };
  const change = useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => changePassword(api, lang, body),
    onSuccess: () => {
      setValues(EMPTY_PASSWORDS);
      setTouched(new Set());
      setAttempted(false);
      notify({ kind: "info", messageId: "account.password.changed" });
    },
    onError: (error) => {
      if (isApiError(error) && error.code === "CURRENT_PASSWORD_MISMATCH") {
        setCurrentRefused(true);
        controls.current.currentPassword?.focus();
      }
      notify({ kind: "danger", messageId: accountErrorMessage(error) });
    },
  });

  const errorOf = (field: PasswordField) => {
    const id = attempted || touched.has(field) ? errors[field] : undefined;
    return id ? _(id) : undefined;
  };
  const bind = (field: PasswordField) => ({
    ref: (node: HTMLInputElement | null) => {
      controls.current[field] = node;
    },
    value: values[field],
    onChange: (event: { target: { value: string } }) => {
      if (field === "currentPassword") setCurrentRefused(false);
      setValues((current) => ({ ...current, [field]: event.target.value }));
    },
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      if (!leavingForSubmit(event)) setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    setAttempted(true);
    const result = v.safeParse(PasswordChangeSchema, values);
    if (!result.success) {
      const first = PASSWORD_FIELDS.find((field) => errors[field]);
      if (first) controls.current[first]?.focus();
      return;
    }
    change.mutate({ currentPassword: result.output.currentPassword, newPassword: result.output.newPassword });
  };

  return (
    <form className="account-form" onSubmit={submit} noValidate>
      <FormField label={_("account.password.current.label")} error={errorOf("currentPassword")} required>
        {(props) => <input {...props} {...bind("currentPassword")} type="password" autoComplete="current-password" maxLength={PASSWORD_MAX} />}
      </FormField>
      <FormField label={_("account.password.new.label")} hint={_("account.password.new.hint")} error={errorOf("newPassword")} required>
        {(props) => <input {...props} {...bind("newPassword")} type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} />}
      </FormField>
      <FormField label={_("account.password.repeat.label")} error={errorOf("repeatPassword")} required>
        {(props) => <input {...props} {...bind("repeatPassword")} type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} />}
      </FormField>
      <div className="account-form__actions">
        <button type="submit" className="button" disabled={change.isPending}>
          {change.isPending ? _("account.saving") : _("account.password.submit")}
        </button>
      </div>
    </form>
  );
}

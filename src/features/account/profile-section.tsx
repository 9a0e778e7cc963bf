// The profile page of the account: names, birth date, language of the e-mails, newsletter and
// two-factor sign-in (PATCH customers), and the password change (POST customers/change-password).
// Errors show once a field is left or after a submit attempt; buttons are disabled while saving.
import { CheckField } from "../../ui/check-field.tsx";
import { useLingui } from "@lingui/react";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { isApiError } from "../../api/client.ts";
import { useNotify } from "../../app/notifications.tsx";
import { useSession, type Customer } from "../../app/session.ts";
import { useShopContext } from "../../app/shop-context.ts";
import { useLang } from "../../i18n/use-lang.ts";
import { BoundFormField, FormField } from "../../ui/form-field.tsx";
import { useShopForm } from "../../ui/shop-form.ts";
import { changePassword, updateCustomer, type CustomerUpdate } from "./account-api.ts";
import { accountErrorMessage } from "./account-errors.ts";
import {
  BIRTH_DATE_MIN,
  LOCALES,
  PASSWORD_MAX,
  PasswordChangeSchema,
  PROFILE_NAME_MAX,
  profileSchema,
  today,
  type PasswordFormValues,
  type ProfileFormValues,
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
  // The values the form starts from: the customer as first shown, not as saved since.
  const [defaultValues] = useState(() => profileValuesOf(customer));
  const save = useMutation({
    mutationFn: (body: CustomerUpdate) => updateCustomer(api, lang, body),
    onSuccess: (updated) => {
      session.customerChanged(updated);
      notify({ kind: "info", messageId: "account.profile.saved" });
    },
    onError: (error) => notify({ kind: "danger", messageId: accountErrorMessage(error) }),
  });
  const { form, submit, pending } = useShopForm({
    defaultValues,
    schema: profileSchema(),
    busy: save.isPending,
    onSubmit: ({ output }) => save.mutate(output),
  });

  return (
    <form className="account-form" onSubmit={submit} noValidate>
      <div className="account-form__row">
        <form.Field name="firstName">
          {(field) => (
            <BoundFormField field={field} label={_("account.profile.firstName.label")} required>
              {(props) => <input {...props} type="text" autoComplete="given-name" maxLength={PROFILE_NAME_MAX} />}
            </BoundFormField>
          )}
        </form.Field>
        <form.Field name="lastName">
          {(field) => (
            <BoundFormField field={field} label={_("account.profile.lastName.label")} required>
              {(props) => <input {...props} type="text" autoComplete="family-name" maxLength={PROFILE_NAME_MAX} />}
            </BoundFormField>
          )}
        </form.Field>
      </div>
      <div className="account-form__row">
        <form.Field name="birthDate">
          {(field) => (
            <BoundFormField field={field} label={_("account.profile.birthDate.label")}>
              {(props) => <input {...props} type="date" autoComplete="bday" min={BIRTH_DATE_MIN} max={today()} />}
            </BoundFormField>
          )}
        </form.Field>
        <form.Field name="locale">
          {(field) => (
            <FormField label={_("account.profile.locale.label")} hint={_("account.profile.locale.hint")} error={undefined} required>
              {(props) => (
                <select
                  {...props}
                  name={field.name}
                  value={field.state.value}
                  onChange={(event) => {
                    const locale = LOCALES.find((item) => item === event.target.value);
                    if (locale) field.handleChange(locale);
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
          )}
        </form.Field>
      </div>
      <form.Field name="newsLetterSubscribed">
        {(field) => (
          <CheckField field={field} className="account-form__check">{_("account.profile.newsletter")}</CheckField>
        )}
      </form.Field>
      <form.Field name="twoFactorAuthenticationEnabled">
        {(field) => (
          <CheckField field={field} className="account-form__check" describedBy="account-two-factor-hint">{_("account.profile.twoFactor")}</CheckField>
        )}
      </form.Field>
      <p className="form-field__hint" id="account-two-factor-hint">
        {_("account.profile.twoFactor.hint")}
      </p>
      <div className="account-form__actions">
        <button type="submit" className="button" disabled={pending}>
          {pending ? _("account.saving") : _("account.profile.submit")}
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
  // The server refused the current password: the field says so until it is changed.
  const [currentRefused, setCurrentRefused] = useState(false);
  const change = useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => changePassword(api, lang, body),
    onSuccess: () => {
      form.reset();
      notify({ kind: "info", messageId: "account.password.changed" });
    },
    onError: (error) => {
      if (isApiError(error) && error.code === "CURRENT_PASSWORD_MISMATCH") {
        setCurrentRefused(true);
        focusField("currentPassword");
      }
      notify({ kind: "danger", messageId: accountErrorMessage(error) });
    },
  });
  const { form, submit, pending, focusField } = useShopForm({
    defaultValues: EMPTY_PASSWORDS,
    schema: PasswordChangeSchema,
    busy: change.isPending,
    onSubmit: ({ output }) => change.mutate({ currentPassword: output.currentPassword, newPassword: output.newPassword }),
  });

  return (
    <form className="account-form" onSubmit={submit} noValidate>
      <form.Field name="currentPassword" listeners={{ onChange: () => setCurrentRefused(false) }}>
        {(field) => (
          <BoundFormField
            field={field}
            label={_("account.password.current.label")}
            refusedId={currentRefused ? "account.password.current.error" : undefined}
            required
          >
            {(props) => <input {...props} type="password" autoComplete="current-password" maxLength={PASSWORD_MAX} />}
          </BoundFormField>
        )}
      </form.Field>
      <form.Field name="newPassword">
        {(field) => (
          <BoundFormField field={field} label={_("account.password.new.label")} hint={_("account.password.new.hint")} required>
            {(props) => <input {...props} type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} />}
          </BoundFormField>
        )}
      </form.Field>
      <form.Field name="repeatPassword">
        {(field) => (
          <BoundFormField field={field} label={_("account.password.repeat.label")} required>
            {(props) => <input {...props} type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} />}
          </BoundFormField>
        )}
      </form.Field>
      <div className="account-form__actions">
        <button type="submit" className="button" disabled={pending}>
          {pending ? _("account.saving") : _("account.password.submit")}
        </button>
      </div>
    </form>
  );
}

// The address form (SPEC §5), standalone so that the address book and the checkout share it.
// Fields show their error once left (or after a submit attempt); the button is disabled while
// saving; a submit with errors moves the focus to the first invalid field. A French postcode of
// an overseas territory suggests the territory; a valid phone is rewritten in international format
// when the field is left.
import { CheckField } from "../check-field.tsx";
import { useLingui } from "@lingui/react";
import { useStore } from "@tanstack/react-form";
import { useMemo, useState, type MouseEvent } from "react";
import { isApiError } from "../../api/client.ts";
import type { components } from "../../../common/api/schema.gen.ts";
import { useLang } from "../../i18n/use-lang.ts";
import {
  ADDRESS_NAME_MAX,
  addressFormValues,
  addressSchema,
  CITY_MAX,
  COMPANY_MAX,
  EMPTY_ADDRESS,
  formatPhoneInternational,
  phoneForNewCountry,
  NAME_MAX,
  POSTCODE_MAX,
  STREET_MAX,
  type AddressField,
  type AddressInput,
} from "./address-schema.ts";
import { countryLabel, countryOptions, DEFAULT_COUNTRY } from "../../i18n/countries.ts";
import { BoundFormField } from "../form-field.tsx";
import { firstErrorId, focusFirstField, useShopForm } from "../shop-form.ts";
import { suggestedTerritory } from "./overseas.ts";
import "./address.css";

type Address = components["schemas"]["Address"];

export interface AddressDefaults {
  defaultShipping: boolean;
  defaultBilling: boolean;
}

/** The fields a change of `field` clears the server's refusal of: the country and the postcode are
 *  judged together, as are the phone and the country. */
const JUDGED_WITH: Record<AddressField, readonly AddressField[]> = {
  firstName: ["firstName"],
  lastName: ["lastName"],
  company: ["company"],
  street: ["street"],
  postCode: ["postCode", "country"],
  city: ["city"],
  country: ["country", "phone"],
  phone: ["phone", "country"],
  name: ["name"],
};

/** The contract's 400 codes about one field of the address, and the message the field shows. */
const SERVER_FIELD_ERRORS: Record<string, [AddressField, string]> = {
  OVERSEAS_POSTCODE: ["country", "addressForm.country.error"],
  PHONE_INVALID: ["phone", "addressForm.phone.error"],
  COUNTRY_NOT_ALLOWED: ["country", "addressForm.country.notAllowed"],
};

export interface AddressFormProps {
  /** The saved address being edited (its name cannot change); a new address when absent. */
  address?: Address | undefined;
  /** The countries the customer may choose (Empowerment customers); all when absent. */
  allowedCountries?: readonly string[] | undefined;
  /** The default shipping / billing choices, shown as two boxes when given. */
  defaults?: AddressDefaults | undefined;
  submitLabel: string;
  /** Saves the address; a rejection keeps the form open (a field error is shown when the API names one). */
  onSubmit: (address: AddressInput, defaults: AddressDefaults) => Promise<void>;
  onCancel?: (() => void) | undefined;
}

export function AddressForm({ address, allowedCountries, defaults, submitLabel, onSubmit, onCancel }: AddressFormProps) {
  const { _ } = useLingui();
  const lang = useLang();
  const schema = useMemo(() => addressSchema({ allowedCountries }), [allowedCountries]);
  const options = useMemo(() => countryOptions(lang, allowedCountries), [lang, allowedCountries]);
  const [defaultValues] = useState(() => ({
    ...(address
      ? addressFormValues(address)
      : { ...EMPTY_ADDRESS, country: !allowedCountries || allowedCountries.includes(DEFAULT_COUNTRY) ? DEFAULT_COUNTRY : "" }),
    ...(defaults ?? { defaultShipping: false, defaultBilling: false }),
  }));
  // A saved address that is already a default stays one until another address takes its place.
  const [lockedDefaults] = useState<AddressDefaults>(() =>
    address && defaults ? defaults : { defaultShipping: false, defaultBilling: false },
  );
  // What the server refused, by field, until one of the fields judged with it changes.
  const [serverErrors, setServerErrors] = useState<Partial<Record<AddressField, string>>>({});
  const { form, submit, pending, focusField } = useShopForm({
    defaultValues,
    schema,
    onSubmit: async ({ output, values }) => {
      try {
        await onSubmit(output, { defaultShipping: values.defaultShipping, defaultBilling: values.defaultBilling });
      } catch (error) {
        const code = isApiError(error) ? error.code : undefined;
        const known = code ? SERVER_FIELD_ERRORS[code] : undefined;
        if (known) {
          const [field, message] = known;
          setServerErrors({ [field]: message });
          focusField(field);
        }
      }
    },
  });
  const country = useStore(form.store, (state) => state.values.country);
  const postCode = useStore(form.store, (state) => state.values.postCode);
  const postCodeLeft = useStore(form.store, (state) => state.fieldMeta.postCode?.isBlurred ?? false);
  const territory = suggestedTerritory(country, postCode);
  const canChooseTerritory = territory !== undefined && (!allowedCountries || allowedCountries.includes(territory));

  const changed = (field: AddressField) =>
    setServerErrors((current) => {
      const cleared = JUDGED_WITH[field].filter((judged) => current[judged] !== undefined);
      if (cleared.length === 0) return current;
      const next = { ...current };
      for (const judged of cleared) delete next[judged];
      return next;
    });
  const listeners = (field: AddressField) => ({ onChange: () => changed(field) });

  const writePhoneInternational = () => {
    const { phone, country: current } = form.state.values;
    const international = formatPhoneInternational(phone, current);
    // Written again, not changed: a refusal of the phone stays.
    if (international && international !== phone) form.setFieldValue("phone", international, { dontRunListeners: true });
  };

  const chooseTerritory = (event: MouseEvent<HTMLButtonElement>) => {
    if (!territory) return;
    const { phone, country: current } = form.state.values;
    const rewritten = phoneForNewCountry(phone, current, territory);
    form.setFieldValue("country", territory);
    if (rewritten !== phone) form.setFieldValue("phone", rewritten);
    focusFirstField(event.currentTarget.form, new Set(["country"]));
  };

  return (
    <form className="address-form" onSubmit={submit} noValidate aria-describedby="address-form-note">
      <p className="address-form__note" id="address-form-note">
        {_("addressForm.requiredNote")}
      </p>
      <div className="address-form__row">
        <form.Field name="firstName" listeners={listeners("firstName")}>
          {(field) => (
            <BoundFormField field={field} label={_("addressForm.firstName.label")} refusedId={serverErrors.firstName} required>
              {(props) => <input {...props} type="text" autoComplete="given-name" maxLength={NAME_MAX} />}
            </BoundFormField>
          )}
        </form.Field>
        <form.Field name="lastName" listeners={listeners("lastName")}>
          {(field) => (
            <BoundFormField field={field} label={_("addressForm.lastName.label")} refusedId={serverErrors.lastName} required>
              {(props) => <input {...props} type="text" autoComplete="family-name" maxLength={NAME_MAX} />}
            </BoundFormField>
          )}
        </form.Field>
      </div>
      <form.Field name="company" listeners={listeners("company")}>
        {(field) => (
          <BoundFormField field={field} label={_("addressForm.company.label")} refusedId={serverErrors.company}>
            {(props) => <input {...props} type="text" autoComplete="organization" maxLength={COMPANY_MAX} />}
          </BoundFormField>
        )}
      </form.Field>
      <form.Field name="street" listeners={listeners("street")}>
        {(field) => (
          <BoundFormField field={field} label={_("addressForm.street.label")} refusedId={serverErrors.street} required>
            {(props) => <input {...props} type="text" autoComplete="street-address" maxLength={STREET_MAX} />}
          </BoundFormField>
        )}
      </form.Field>
      <div className="address-form__row">
        <form.Field name="postCode" listeners={listeners("postCode")}>
          {(field) => (
            <BoundFormField field={field} label={_("addressForm.postCode.label")} refusedId={serverErrors.postCode} required>
              {(props) => <input {...props} type="text" autoComplete="postal-code" maxLength={POSTCODE_MAX} />}
            </BoundFormField>
          )}
        </form.Field>
        <form.Field name="city" listeners={listeners("city")}>
          {(field) => (
            <BoundFormField field={field} label={_("addressForm.city.label")} refusedId={serverErrors.city} required>
              {(props) => <input {...props} type="text" autoComplete="address-level2" maxLength={CITY_MAX} />}
            </BoundFormField>
          )}
        </form.Field>
      </div>
      <form.Field name="country" listeners={listeners("country")}>
        {(field) => (
          <BoundFormField
            field={field}
            label={_("addressForm.country.label")}
            // The territory is suggested as soon as the postcode is left.
            revealed={postCodeLeft && firstErrorId(field.state.meta.errors) === "addressForm.country.error"}
            refusedId={serverErrors.country}
            errorValues={territory ? { territory: countryLabel(territory, lang) } : undefined}
            required
            after={(errorId) =>
              canChooseTerritory && errorId === "addressForm.country.error" ? (
                <button type="button" className="button button--ghost address-form__suggestion" onClick={chooseTerritory}>
                  {_("addressForm.country.useSuggestion", { territory: countryLabel(territory, lang) })}
                </button>
              ) : null
            }
          >
            {(props) => (
              <select {...props} autoComplete="country">
                <option value="">{_("addressForm.country.placeholder")}</option>
                {options.map((option) => (
                  <option key={option.code} value={option.code}>
                    {option.label}
                  </option>
                ))}
              </select>
            )}
          </BoundFormField>
        )}
      </form.Field>
      <form.Field name="phone" listeners={listeners("phone")}>
        {(field) => (
          <BoundFormField
            field={field}
            label={_("addressForm.phone.label")}
            hint={_("addressForm.phone.hint")}
            refusedId={serverErrors.phone}
            onLeave={writePhoneInternational}
            required
          >
            {(props) => <input {...props} type="tel" autoComplete="tel" inputMode="tel" />}
          </BoundFormField>
        )}
      </form.Field>
      <form.Field name="name" listeners={listeners("name")}>
        {(field) => (
          <BoundFormField
            field={field}
            label={_("addressForm.name.label")}
            hint={address ? _("addressForm.name.fixed") : _("addressForm.name.hint")}
            refusedId={serverErrors.name}
          >
            {(props) => <input {...props} type="text" maxLength={ADDRESS_NAME_MAX} readOnly={address !== undefined} />}
          </BoundFormField>
        )}
      </form.Field>
      {defaults && (
        <fieldset className="address-form__defaults">
          <legend>{_("addressForm.defaults.legend")}</legend>
          <form.Field name="defaultShipping">
            {(field) => (
              <CheckField
                field={field}
                className="address-form__check"
                disabled={lockedDefaults.defaultShipping}
                describedBy={lockedDefaults.defaultShipping ? "address-form-defaults-hint" : undefined}
              >
                {_("addressForm.defaults.shipping")}
              </CheckField>
            )}
          </form.Field>
          <form.Field name="defaultBilling">
            {(field) => (
              <CheckField
                field={field}
                className="address-form__check"
                disabled={lockedDefaults.defaultBilling}
                describedBy={lockedDefaults.defaultBilling ? "address-form-defaults-hint" : undefined}
              >
                {_("addressForm.defaults.billing")}
              </CheckField>
            )}
          </form.Field>
          {(lockedDefaults.defaultShipping || lockedDefaults.defaultBilling) && (
            <p className="form-field__hint" id="address-form-defaults-hint">
              {_("addressForm.defaults.locked")}
            </p>
          )}
        </fieldset>
      )}
      <div className="address-form__actions">
        {onCancel && (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {_("addressForm.cancel")}
          </button>
        )}
        <button type="submit" className="button" disabled={pending}>
          {pending ? _("addressForm.saving") : submitLabel}
        </button>
      </div>
    </form>
  );
}

// The address form (SPEC §5), standalone so that the address book and the checkout share it.
// Fields show their error once left (or after a submit attempt); the button is disabled while
// saving; a submit with errors moves the focus to the first invalid field. A French postcode of
// an overseas territory suggests the territory; a valid phone is rewritten in international format
// when the field is left.
import { useLingui } from "@lingui/react";
import { useMemo, useRef, useState, type FocusEvent, type FormEvent } from "react";
import * as v from "valibot";
import { isApiError } from "../../api/client.ts";
import type { components } from "../../../common/api/schema.gen.ts";
import { useLang } from "../../i18n/use-lang.ts";
import {
  ADDRESS_FIELDS,
  ADDRESS_NAME_MAX,
  addressErrors,
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
  type AddressFormValues,
  type AddressInput,
} from "./address-schema.ts";
import { countryLabel, countryOptions, DEFAULT_COUNTRY } from "../../i18n/countries.ts";
import { FormField, leavingForSubmit } from "../form-field.tsx";
import { suggestedTerritory } from "./overseas.ts";
import "./address.css";

type Address = components["schemas"]["Address"];

export interface AddressDefaults {
  defaultShipping: boolean;
  defaultBilling: boolean;
}

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
  const [values, setValues] = useState<AddressFormValues>(() =>
    address
      ? addressFormValues(address)
      : { ...EMPTY_ADDRESS, country: !allowedCountries || allowedCountries.includes(DEFAULT_COUNTRY) ? DEFAULT_COUNTRY : "" },
  );
  const [chosenDefaults, setChosenDefaults] = useState<AddressDefaults>(defaults ?? { defaultShipping: false, defaultBilling: false });
  // A saved address that is already a default stays one until another address takes its place.
  const [lockedDefaults] = useState<AddressDefaults>(() =>
    address && defaults ? defaults : { defaultShipping: false, defaultBilling: false },
  );
  const [touched, setTouched] = useState<ReadonlySet<AddressField>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<AddressField, string>>>({});
  const controls = useRef<Partial<Record<AddressField, HTMLInputElement | HTMLSelectElement | null>>>({});

  const errors = { ...addressErrors(schema, values), ...serverErrors };
  const territory = suggestedTerritory(values.country, values.postCode);
  const shows = (field: AddressField) =>
    attempted || touched.has(field) || (field === "country" && errors.country === "addressForm.country.error" && touched.has("postCode"));
  const errorText = (field: AddressField): string | undefined => {
    const id = shows(field) ? errors[field] : undefined;
    if (!id) return undefined;
    if (id === "addressForm.country.error") return _(id, { territory: countryLabel(territory ?? "", lang) });
    return _(id);
  };

  const change = (field: AddressField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => {
      if (Object.keys(current).length === 0) return current;
      const next = { ...current };
      delete next[field];
      // The country and the postcode are judged together, as are the phone and the country.
      if (field === "postCode" || field === "phone") delete next.country;
      if (field === "country") {
        delete next.phone;
        delete next.country;
      }
      return next;
    });
  };
  const leave = (field: AddressField, forSubmit: boolean) => {
    if (!forSubmit) setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
    if (field === "phone") {
      const international = formatPhoneInternational(values.phone, values.country);
      if (international && international !== values.phone) setValues((current) => ({ ...current, phone: international }));
    }
  };
  const bind = (field: AddressField) => ({
    ref: (node: HTMLInputElement | HTMLSelectElement | null) => {
      controls.current[field] = node;
    },
    value: values[field],
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
    onBlur: (event: FocusEvent<HTMLInputElement | HTMLSelectElement>) => leave(field, leavingForSubmit(event)),
  });

  const chooseTerritory = () => {
    if (!territory) return;
    const phone = phoneForNewCountry(values.phone, values.country, territory);
    change("country", territory);
    if (phone !== values.phone) change("phone", phone);
    controls.current.country?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setAttempted(true);
    const result = v.safeParse(schema, values);
    if (!result.success) {
      const first = ADDRESS_FIELDS.find((field) => errors[field]);
      if (first) controls.current[first]?.focus();
      return;
    }
    setSaving(true);
    try {
      await onSubmit(result.output, chosenDefaults);
    } catch (error) {
      const code = isApiError(error) ? error.code : undefined;
      const known = code ? SERVER_FIELD_ERRORS[code] : undefined;
      if (known) {
        const [field, message] = known;
        setServerErrors({ [field]: message });
        controls.current[field]?.focus();
      }
    } finally {
      setSaving(false);
    }
  };

  const canChooseTerritory = territory !== undefined && (!allowedCountries || allowedCountries.includes(territory));

  return (
    <form className="address-form" onSubmit={(event) => void submit(event)} noValidate aria-describedby="address-form-note">
      <p className="address-form__note" id="address-form-note">
        {_("addressForm.requiredNote")}
      </p>
      <div className="address-form__row">
        <FormField label={_("addressForm.firstName.label")} error={errorText("firstName")} required>
          {(props) => <input {...props} {...bind("firstName")} type="text" autoComplete="given-name" maxLength={NAME_MAX} />}
        </FormField>
        <FormField label={_("addressForm.lastName.label")} error={errorText("lastName")} required>
          {(props) => <input {...props} {...bind("lastName")} type="text" autoComplete="family-name" maxLength={NAME_MAX} />}
        </FormField>
      </div>
      <FormField label={_("addressForm.company.label")} error={errorText("company")}>
        {(props) => <input {...props} {...bind("company")} type="text" autoComplete="organization" maxLength={COMPANY_MAX} />}
      </FormField>
      <FormField label={_("addressForm.street.label")} error={errorText("street")} required>
        {(props) => <input {...props} {...bind("street")} type="text" autoComplete="street-address" maxLength={STREET_MAX} />}
      </FormField>
      <div className="address-form__row">
        <FormField label={_("addressForm.postCode.label")} error={errorText("postCode")} required>
          {(props) => <input {...props} {...bind("postCode")} type="text" autoComplete="postal-code" maxLength={POSTCODE_MAX} />}
        </FormField>
        <FormField label={_("addressForm.city.label")} error={errorText("city")} required>
          {(props) => <input {...props} {...bind("city")} type="text" autoComplete="address-level2" maxLength={CITY_MAX} />}
        </FormField>
      </div>
      <FormField
        label={_("addressForm.country.label")}
        error={errorText("country")}
        required
        after={
          canChooseTerritory && errors.country === "addressForm.country.error" && shows("country") ? (
            <button type="button" className="button button--ghost address-form__suggestion" onClick={chooseTerritory}>
              {_("addressForm.country.useSuggestion", { territory: countryLabel(territory, lang) })}
            </button>
          ) : null
        }
      >
        {(props) => (
          <select {...props} {...bind("country")} autoComplete="country">
            <option value="">{_("addressForm.country.placeholder")}</option>
            {options.map((option) => (
              <option key={option.code} value={option.code}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={_("addressForm.phone.label")} hint={_("addressForm.phone.hint")} error={errorText("phone")} required>
        {(props) => <input {...props} {...bind("phone")} type="tel" autoComplete="tel" inputMode="tel" />}
      </FormField>
      <FormField
        label={_("addressForm.name.label")}
        hint={address ? _("addressForm.name.fixed") : _("addressForm.name.hint")}
        error={errorText("name")}
      >
        {(props) => <input {...props} {...bind("name")} type="text" maxLength={ADDRESS_NAME_MAX} readOnly={address !== undefined} />}
      </FormField>
      {defaults && (
        <fieldset className="address-form__defaults">
          <legend>{_("addressForm.defaults.legend")}</legend>
          <label className="address-form__check">
            <input
              type="checkbox"
              checked={chosenDefaults.defaultShipping}
              disabled={lockedDefaults.defaultShipping}
              aria-describedby={lockedDefaults.defaultShipping ? "address-form-defaults-hint" : undefined}
              onChange={(event) => setChosenDefaults((current) => ({ ...current, defaultShipping: event.target.checked }))}
            />
            {_("addressForm.defaults.shipping")}
          </label>
          <label className="address-form__check">
            <input
              type="checkbox"
              checked={chosenDefaults.defaultBilling}
              disabled={lockedDefaults.defaultBilling}
              aria-describedby={lockedDefaults.defaultBilling ? "address-form-defaults-hint" : undefined}
              onChange={(event) => setChosenDefaults((current) => ({ ...current, defaultBilling: event.target.checked }))}
            />
            {_("addressForm.defaults.billing")}
          </label>
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
        <button type="submit" className="button" disabled={saving}>
          {saving ? _("addressForm.saving") : submitLabel}
        </button>
      </div>
    </form>
  );
}

// The relay address form (SPEC §5 relay address form): street, postcode, city and country of the
// address to find relay points around, prefilled from the delivery address. A country other than
// France is refused at the field (relais.country.error) and by the flow (errors.server.relaisAddress,
// SPEC §8); a valid address is searched.
import { useLingui } from "@lingui/react";
import { useMemo, type FormEvent } from "react";
import type { RelayAddress } from "../../../../machines/relay-search/relay-search.types.ts";
import { countryOptions } from "../../../i18n/countries.ts";
import { useLang } from "../../../i18n/use-lang.ts";
import { CITY_MAX, POSTCODE_MAX, STREET_MAX } from "../../../ui/address/address-schema.ts";
import { BoundFormField } from "../../../ui/form-field.tsx";
import { useShopForm } from "../../../ui/shop-form.ts";
import { otherCountryAddress, relayAddressSchema, type RelayAddressValues } from "./relay-address-schema.ts";

export interface RelayAddressFormProps {
  defaultValues: RelayAddressValues;
  /** A search is under way: the button waits. */
  searching: boolean;
  onSearch: (address: RelayAddress) => void;
}

export function RelayAddressForm({ defaultValues, searching, onSearch }: RelayAddressFormProps) {
  const { _ } = useLingui();
  const lang = useLang();
  const options = useMemo(() => countryOptions(lang), [lang]);
  const { form, submit } = useShopForm({
    defaultValues,
    schema: relayAddressSchema,
    busy: searching,
    onSubmit: ({ output }) => onSearch(output),
  });

  /** An address abroad is refused at its field, and searched so that the flow refuses it as well. */
  const send = (event: FormEvent<HTMLFormElement>) => {
    const abroad = searching ? null : otherCountryAddress(form.state.values);
    if (abroad) onSearch(abroad);
    submit(event);
  };

  return (
    <form className="relay-form" onSubmit={send} noValidate aria-label={_("relais.form.label")}>
      <form.Field name="street">
        {(field) => (
          <BoundFormField field={field} label={_("addressForm.street.label")} required>
            {(props) => <input {...props} type="text" autoComplete="street-address" maxLength={STREET_MAX} />}
          </BoundFormField>
        )}
      </form.Field>
      <div className="relay-form__row">
        <form.Field name="postCode">
          {(field) => (
            <BoundFormField field={field} label={_("addressForm.postCode.label")} required>
              {(props) => <input {...props} type="text" autoComplete="postal-code" inputMode="numeric" maxLength={POSTCODE_MAX} />}
            </BoundFormField>
          )}
        </form.Field>
        <form.Field name="city">
          {(field) => (
            <BoundFormField field={field} label={_("addressForm.city.label")} required>
              {(props) => <input {...props} type="text" autoComplete="address-level2" maxLength={CITY_MAX} />}
            </BoundFormField>
          )}
        </form.Field>
        <form.Field name="country">
          {(field) => (
            <BoundFormField field={field} label={_("addressForm.country.label")} hint={_("relais.country.hint")} required>
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
      </div>
      <button type="submit" className="button relay-form__search" disabled={searching}>
        {searching ? _("relais.searching") : _("relais.search")}
      </button>
    </form>
  );
}

// An address as the checkout shows it: name, company, street, town, country, phone, one per line.
import type { Address, AddressInput } from "../../api/addresses.ts";
import { countryLabel } from "../../i18n/countries.ts";
import type { Lang } from "../../i18n/i18n.ts";

/** The address's lines as a shopper reads them. */
export function AddressLines({ address, lang }: { address: Address | AddressInput; lang: Lang }) {
  return (
    <span className="address-lines">
      <span>
        {address.firstName} {address.lastName}
      </span>
      {address.company && <span>{address.company}</span>}
      <span>{address.street}</span>
      <span>
        {address.postCode} {address.city}
      </span>
      <span>{countryLabel(address.country, lang)}</span>
      {address.phone && <span>{address.phone}</span>}
    </span>
  );
}


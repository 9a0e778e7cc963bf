// The shopper's phone for the relay delivery (SPEC §5 relay address form): required, a valid number for
// France, written in international format once the field is left. Every change tells the picker the
// number in international format, or null while it is not valid: Validate waits for a valid one.
import { useLingui } from "@lingui/react";
import { BoundFormField } from "../../../ui/form-field.tsx";
import { useShopForm } from "../../../ui/shop-form.ts";
import { displayedPhone, relayPhone, relayPhoneSchema } from "./relay-address-schema.ts";

export interface RelayPhoneFieldProps {
  defaultPhone: string;
  onPhone: (phone: string | null) => void;
}

export function RelayPhoneField({ defaultPhone, onPhone }: RelayPhoneFieldProps) {
  const { _ } = useLingui();
  const { form } = useShopForm({ defaultValues: { phone: defaultPhone }, schema: relayPhoneSchema, onSubmit: () => undefined });

  const writeInternational = () => {
    const { phone } = form.state.values;
    const international = displayedPhone(phone);
    if (international && international !== phone) form.setFieldValue("phone", international, { dontRunListeners: true });
  };

  return (
    <div className="relay-phone">
      <form.Field name="phone" listeners={{ onChange: ({ value }) => onPhone(relayPhone(value)) }}>
        {(field) => (
          <BoundFormField field={field} label={_("addressForm.phone.label")} hint={_("relais.phone.hint")} onLeave={writeInternational} required>
            {(props) => <input {...props} type="tel" autoComplete="tel" inputMode="tel" />}
          </BoundFormField>
        )}
      </form.Field>
    </div>
  );
}

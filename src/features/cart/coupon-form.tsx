// The coupon block: a code to apply, or the applied coupon with its description and a remove button.
// The outcome is told by a notification (coupon.add, coupon.allready, coupon.not, errors.server.access).
import { useLingui } from "@lingui/react";
import { useForm } from "@tanstack/react-form";
import { useId, type FormEvent } from "react";
import type { Cart } from "../../../machines/cart/cart.types.ts";

export interface CouponFormProps {
  coupon: Cart["coupon"];
  busy: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
  headingLevel: 2 | 3;
}

export function CouponForm({ coupon, busy, onApply, onRemove, headingLevel }: CouponFormProps) {
  const Heading = `h${headingLevel}` as const;
  const { _ } = useLingui();
  const id = useId();
  const form = useForm({
    defaultValues: { code: "" },
    onSubmit: ({ value }) => {
      if (value.code.trim() !== "") onApply(value.code.trim());
    },
  });
  const titleId = `${id}-title`;

  if (coupon) {
    return (
      <section className="cart-coupon" aria-labelledby={titleId}>
        <Heading id={titleId} className="cart-coupon__title">
          {_("cart.coupon.title")}
        </Heading>
        <p className="cart-coupon__applied">
          <span className="cart-coupon__code">{_("cart.coupon.applied", { code: coupon.code })}</span>
          <span className="cart-coupon__description">{coupon.description}</span>
        </p>
        <button type="button" className="button button--ghost cart-coupon__remove" disabled={busy} onClick={onRemove}>
          {_("cart.coupon.remove")}
        </button>
      </section>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.handleSubmit();
  };

  return (
    <section className="cart-coupon" aria-labelledby={titleId}>
      <Heading id={titleId} className="cart-coupon__title">
        {_("cart.coupon.title")}
      </Heading>
      <form className="cart-coupon__form" onSubmit={submit} aria-labelledby={titleId}>
        <label htmlFor={`${id}-code`} className="cart-coupon__label">
          {_("cart.coupon.label")}
        </label>
        <div className="cart-coupon__row">
          <form.Field name="code">
            {(field) => (
              <input
                id={`${id}-code`}
                className="cart-coupon__input"
                type="text"
                name="coupon"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={50}
                value={field.state.value}
                onChange={(event) => field.handleChange(event.target.value)}
                onBlur={field.handleBlur}
              />
            )}
          </form.Field>
          <form.Subscribe selector={(state) => state.values.code.trim() === ""}>
            {(empty) => (
              <button type="submit" className="button cart-coupon__apply" disabled={busy || empty}>
                {_("cart.coupon.apply")}
              </button>
            )}
          </form.Subscribe>
        </div>
      </form>
    </section>
  );
}

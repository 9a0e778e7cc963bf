// The quantity to add to the cart, between the offer's minimal order quantity and the lesser of
// its stock and its maximal order quantity.
import { useLingui } from "@lingui/react";
import { useId, useState } from "react";
import type { Offer } from "../../api/queries/product.ts";

export interface QuantityBounds {
  min: number;
  max: number;
}

export function quantityBounds(offer: Offer): QuantityBounds {
  const min = Math.max(1, offer.minimalOrderQuantity);
  const max = Math.min(offer.stockQuantity, offer.maximalOrderQuantity ?? Number.POSITIVE_INFINITY);
  return { min, max };
}

export const clampQuantity = (quantity: number, { min, max }: QuantityBounds) => Math.max(min, Math.min(max, Math.round(quantity)));

/**
 * The quantity a shopper typed, as asked for: within the order bounds, except above the stock,
 * where it stays as typed so that the add is refused with addToCart.max (SPEC §4, §5) instead of
 * silently adding less than asked.
 */
export function askedQuantity(quantity: number, bounds: QuantityBounds, stock: number): number {
  const rounded = Math.round(quantity);
  return rounded > stock ? rounded : clampQuantity(rounded, bounds);
}

interface QuantitySelectorProps {
  value: number;
  bounds: QuantityBounds;
  /** The offer's stock: a typed quantity above it is kept, for the add to refuse it. */
  stock: number;
  onChange: (quantity: number) => void;
}

export function QuantitySelector({ value, bounds, stock, onChange }: QuantitySelectorProps) {
  const { _ } = useLingui();
  const id = useId();
  // What is typed stays as typed until the field is left, so that "1" can become "12".
  const [draft, setDraft] = useState<string | null>(null);

  const commit = (text: string) => {
    setDraft(null);
    const parsed = Number.parseInt(text, 10);
    onChange(Number.isNaN(parsed) ? value : askedQuantity(parsed, bounds, stock));
  };

  return (
    <div className="product-quantity">
      <label className="product-quantity__label" htmlFor={id}>
        {_("product.quantity.label")}
      </label>
      <div className="product-quantity__stepper">
        <button
          type="button"
          className="product-quantity__step"
          onClick={() => onChange(clampQuantity(value - 1, bounds))}
          disabled={value <= bounds.min}
          aria-label={_("product.quantity.decrease")}
          aria-controls={id}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          id={id}
          className="product-quantity__input"
          type="number"
          inputMode="numeric"
          min={bounds.min}
          max={bounds.max}
          step={1}
          value={draft ?? String(value)}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={(event) => commit(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") commit(event.currentTarget.value);
          }}
          aria-describedby={`${id}-hint`}
        />
        <button
          type="button"
          className="product-quantity__step"
          onClick={() => onChange(clampQuantity(value + 1, bounds))}
          disabled={value >= bounds.max}
          aria-label={_("product.quantity.increase")}
          aria-controls={id}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
      <p className="product-quantity__hint" id={`${id}-hint`}>
        {_("product.quantity.max", { max: bounds.max })}
      </p>
    </div>
  );
}

// A price in euros, with the reduced price and the original one struck through when on sale.
import { useLingui } from "@lingui/react";
import { formatPercent, formatPrice } from "../i18n/format.ts";
import { currentLang } from "../i18n/i18n.ts";
import "./product-card.css";

/** Whole-percent reduction of `discount` against `regular`, e.g. 4000 → 3000 gives 25. */
export function promoPercent(regular: number, discount: number): number {
  return regular > 0 ? Math.round((1 - discount / regular) * 100) : 0;
}

/** The discount is real: lower than the regular price. */
export const isDiscounted = (regular: number, discount: number | null | undefined): discount is number =>
  discount !== null && discount !== undefined && discount < regular;

export interface PriceProps {
  /** Regular tax-included price, in cents. */
  regular: number;
  /** Reduced tax-included price, in cents, when the item is on sale. */
  discount?: number | null;
  /** Shows the "-25 %" badge next to a reduced price. */
  showPromo?: boolean;
  size?: "md" | "lg";
  className?: string;
}

export function Price({ regular, discount, showPromo = false, size = "md", className }: PriceProps) {
  const { _ } = useLingui();
  const lang = currentLang();
  const classes = ["price", `price--${size}`, className].filter(Boolean).join(" ");
  if (!isDiscounted(regular, discount)) {
    return (
      <p className={classes}>
        <span className="price__current">{formatPrice(regular, lang)}</span>
      </p>
    );
  }
  return (
    <p className={classes}>
      <span className="visually-hidden">{_("ui.price.discount")} </span>
      <span className="price__current price__current--sale">{formatPrice(discount, lang)}</span>{" "}
      <span className="visually-hidden">{_("ui.price.regular")} </span>
      <s className="price__regular">{formatPrice(regular, lang)}</s>
      {showPromo && (
        <>
          {" "}
          <PromoBadge regular={regular} discount={discount} />
        </>
      )}
    </p>
  );
}

/** "-25 %": the reduction of a price on sale. */
export function PromoBadge({ regular, discount }: { regular: number; discount: number }) {
  const lang = currentLang();
  return <span className="promo-badge">-{formatPercent(promoPercent(regular, discount) / 100, lang)}</span>;
}

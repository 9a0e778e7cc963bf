// The lines of the cart, as the sidebar and the cart page show them: picture, name and variant, unit
// price (the regular one struck through when reduced), a quantity stepper bounded by the offer's
// minimal order quantity below, a remove button, and the line total. Gift lines (added by a coupon)
// have no controls. Asking past the stock gives addToCart.max.
import { useLingui } from "@lingui/react";
import { Link } from "@tanstack/react-router";
import type { CartItem } from "../../../machines/cart/cart.types.ts";
import type { QuantityBounds } from "../../app/cart.tsx";
import { useLang } from "../../i18n/use-lang.ts";
import { formatPrice } from "../../i18n/format.ts";
import { pagePath } from "../../../common/pages.ts";
import { Price } from "../../ui/price.tsx";

export interface CartLinesProps {
  lines: CartItem[];
  /** A request is in flight: the controls wait. */
  busy: boolean;
  /** The offer whose line is being changed. */
  pendingOfferId: number | null;
  /** The cart machine's bounds, given once its code is loaded (`CartApi.quantityBounds`). */
  quantityBounds: QuantityBounds | null;
  onUpdate: (offerId: number, quantity: number) => void;
  onRemove: (offerId: number) => void;
  /** Following a product link (the sidebar closes). */
  onFollowLink?: () => void;
  /** Level of the product names' headings (under the dialog's or the page's title). */
  headingLevel: 2 | 3;
}

export function CartLines({ lines, busy, pendingOfferId, quantityBounds, onUpdate, onRemove, onFollowLink, headingLevel }: CartLinesProps) {
  const { _ } = useLingui();
  return (
    <ul className="cart-lines" aria-label={_("cart.lines")}>
      {lines.map((line) => (
        <li key={`${line.offerId}${line.isGift ? "-gift" : ""}`} className="cart-line" aria-busy={pendingOfferId === line.offerId}>
          <CartLine line={line} busy={busy} quantityBounds={quantityBounds} onUpdate={onUpdate} onRemove={onRemove} onFollowLink={onFollowLink} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

/** The line's product page, on the line's variant. */
const lineSearch = (line: CartItem) => (line.product.isConfigurable ? { variant: line.variantReference } : {});

function CartLine({ line, busy, quantityBounds, onUpdate, onRemove, onFollowLink, headingLevel }: Omit<CartLinesProps, "lines" | "pendingOfferId"> & { line: CartItem }) {
  const Heading = `h${headingLevel}` as const;
  const { _ } = useLingui();
  const lang = useLang();
  const cover = line.product.coverPicture;
  // The bounds are the cart machine's, taken from its loaded module rather than imported (which would put
  // the machine and xstate in the cart page's first download). The lines only show once the machine knows
  // the cart, so they are there; without them the stepper would wait, as during a request.
  const stepperWaits = busy || quantityBounds === null;
  const min = quantityBounds?.min(line.offer) ?? line.quantity;
  const max = quantityBounds?.max(line.offer) ?? null;
  const atMax = max !== null && line.quantity >= max;
  const variant = line.selectedAttributes.map((attribute) => `${attribute.label}${_("product.variant.separator")}${attribute.valueLabel}`).join(", ");
  const quantityId = `cart-line-${line.offerId}-quantity`;
  return (
    <article className="cart-line__body" aria-label={line.product.name}>
      {cover ? <img className="cart-line__picture" src={cover.srcSmall} alt="" width={72} height={72} loading="lazy" /> : <span className="cart-line__picture" aria-hidden="true" />}
      <div className="cart-line__info">
        <Heading className="cart-line__name">
          <Link to={pagePath("product", lang)} params={{ slug: line.product.slug }} search={lineSearch(line)} onClick={onFollowLink}>
            {line.product.name}
          </Link>
        </Heading>
        {variant && <p className="cart-line__variant">{variant}</p>}
        {line.isGift ? (
          <p className="cart-line__gift">{_("cart.line.gift")}</p>
        ) : (
          <div className="cart-line__unit">
            <span className="visually-hidden">{_("cart.line.unitPrice")} </span>
            <Price regular={line.unitPrice.regular.taxIncluded} discount={line.unitPrice.discount?.taxIncluded} className="cart-line__price" />
          </div>
        )}
      </div>
      <div className="cart-line__controls">
        {line.isGift ? (
          <p className="cart-line__quantity-text">{_("cart.line.quantityText", { quantity: line.quantity })}</p>
        ) : (
          <div className="cart-stepper" role="group" aria-label={_("cart.line.quantity", { name: line.product.name })}>
            <button
              type="button"
              className="cart-stepper__step"
              aria-label={_("cart.line.decrease")}
              aria-controls={quantityId}
              // aria-disabled, not disabled: a pressed button keeps the keyboard focus while the cart updates.
              aria-disabled={stepperWaits || line.quantity <= min}
              onClick={() => {
                if (!stepperWaits && line.quantity > min) onUpdate(line.offerId, line.quantity - 1);
              }}
            >
              <span aria-hidden="true">−</span>
            </button>
            <output id={quantityId} className="cart-stepper__value" aria-live="polite">
              {line.quantity}
            </output>
            <button
              type="button"
              className="cart-stepper__step"
              aria-label={_("cart.line.increase")}
              aria-controls={quantityId}
              aria-describedby={atMax ? `${quantityId}-max` : undefined}
              aria-disabled={stepperWaits}
              onClick={() => {
                if (!stepperWaits) onUpdate(line.offerId, line.quantity + 1);
              }}
            >
              <span aria-hidden="true">+</span>
            </button>
          </div>
        )}
        {!line.isGift && atMax && (
          <p id={`${quantityId}-max`} className="cart-line__max">
            {_("cart.line.max", { max })}
          </p>
        )}
        <p className="cart-line__total">
          <span className="visually-hidden">{_("cart.line.total")} </span>
          {line.isGift ? _("cart.line.free") : formatPrice(line.taxIncludedTotalPrice, lang)}
        </p>
        {!line.isGift && (
          <button type="button" className="cart-line__remove" disabled={busy} onClick={() => onRemove(line.offerId)}>
            {_("cart.line.remove")}
            <span className="visually-hidden"> – {line.product.name}</span>
          </button>
        )}
      </div>
    </article>
  );
}

// A product as shown in listings, search results and product rows: cover picture, name, price
// (with the reduction when on sale), flag badges, and a slot for an action such as add to cart.
import { useLingui } from "@lingui/react";
import { Link } from "@tanstack/react-router";
import { useContext, type ReactNode } from "react";
import type { components } from "../../common/api/schema.gen.ts";
import { currentLang } from "../i18n/i18n.ts";
import { pagePath } from "../../common/pages.ts";
import { CardAddToCartContext } from "./card-add-to-cart.ts";
import { FlagBadges } from "./flag-badges.tsx";
import { isDiscounted, Price, PromoBadge } from "./price.tsx";
import "./product-card.css";

type ProductSummary = components["schemas"]["ProductSummary"];
type Offer = components["schemas"]["Offer"];

/** The least a shopper may order of an offer, and whether its stock allows it. */
function orderableQuantity(offer: Offer | null): number | null {
  if (offer === null) return null;
  const min = Math.max(1, offer.minimalOrderQuantity);
  const max = Math.min(offer.stockQuantity, offer.maximalOrderQuantity ?? Number.POSITIVE_INFINITY);
  return max >= min ? min : null;
}

/** Intrinsic sizes of the picture renditions (square): small and medium. */
const SMALL_WIDTH = 240;
const MEDIUM_WIDTH = 720;

export interface ProductCardProps {
  product: ProductSummary;
  /** The card is in the first visible row: its picture loads at once instead of lazily. */
  eager?: boolean;
  /** Level of the heading that carries the product name (default 3, under a listing's h2). */
  headingLevel?: 2 | 3 | 4;
  /** Width the picture takes in the layout, for the browser's choice of rendition. */
  sizes?: string;
  /** An action under the price (e.g. add to cart); it stays clickable above the card's link. */
  action?: ReactNode;
}

export function ProductCard({
  product,
  eager = false,
  headingLevel = 3,
  sizes = "(max-width: 767px) 50vw, 300px",
  action,
}: ProductCardProps) {
  const { _ } = useLingui();
  const lang = currentLang();
  const Heading = `h${headingLevel}` as const;
  const cover = product.coverPicture;
  const offer = product.offer;
  const regular = offer?.regularPrice.taxIncluded;
  const discount = offer?.discountPrice?.taxIncluded;
  const outOfStock = offer !== null && offer.stockQuantity <= 0;
  const cart = useContext(CardAddToCartContext);
  const productLink = { to: pagePath("product", lang), params: { slug: product.slug } } as const;
  const quantity = orderableQuantity(offer);
  // A simple product with one offer in stock goes to the cart from here; one with variants is chosen on its page.
  const cartAction =
    action ?? (cart === null || offer === null || quantity === null ? null
    : !product.isConfigurable && product.variantCount <= 1 ? (
      <button
        type="button"
        className="button product-card__add"
        aria-label={_("cart.card.addLabel", { name: product.name })}
        disabled={cart.busy}
        onClick={() => cart.add(offer, quantity)}
      >
        {_("cart.card.add")}
      </button>
    ) : (
      <Link {...productLink} className="button button--ghost product-card__add" aria-label={_("cart.card.chooseOptionsLabel", { name: product.name })}>
        {_("cart.card.chooseOptions")}
      </Link>
    ));

  return (
    <article className="product-card">
      <div className="product-card__media">
        {cover ? (
          <img
            src={cover.srcMedium}
            srcSet={`${cover.srcSmall} ${SMALL_WIDTH}w, ${cover.srcMedium} ${MEDIUM_WIDTH}w`}
            sizes={sizes}
            width={MEDIUM_WIDTH}
            height={MEDIUM_WIDTH}
            alt=""
            loading={eager ? "eager" : "lazy"}
            fetchPriority={eager ? "high" : "auto"}
            decoding="async"
          />
        ) : (
          <div className="product-card__placeholder" aria-hidden="true" />
        )}
        {regular !== undefined && isDiscounted(regular, discount) && (
          <span className="product-card__promo">
            <PromoBadge regular={regular} discount={discount} />
          </span>
        )}
      </div>
      <div className="product-card__body">
        <FlagBadges flags={product} className="product-card__flags" />
        <Heading className="product-card__name">
          <Link {...productLink} className="product-card__link">
            {product.name}
          </Link>
        </Heading>
        {regular !== undefined && <Price regular={regular} discount={discount} className="product-card__price" />}
        {(offer === null || outOfStock) && <p className="product-card__stock">{_("ui.productCard.outOfStock")}</p>}
        {cartAction && <div className="product-card__action">{cartAction}</div>}
      </div>
    </article>
  );
}

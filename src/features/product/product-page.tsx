// The product page (`/produit/$slug`): gallery, variant choice (kept in `?variant=` so links can be
// shared), price, stock and quantity, the back-in-stock alert, description and related products.
import { useLingui } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { Link, useLocation, useNavigate, useParams } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import * as v from "valibot";
import { isApiError } from "../../api/client.ts";
import { productBySlugQuery, type Offer, type Product, type ProductVariant } from "../../api/queries/product.ts";
import { useCart } from "../../app/use-cart.ts";
import { useSession } from "../../app/session.ts";
import { useShopContext } from "../../app/shop-context.ts";
import { useLang } from "../../i18n/use-lang.ts";
import type { Lang } from "../../../common/languages.ts";
import { useAlternateLinks } from "../../app/alternate-links.ts";
import { LazyPart, lazyPart } from "../../app/lazy-part.tsx";
import { pageHref, pagePath } from "../../../common/pages.ts";
import { FlagBadges } from "../../ui/flag-badges.tsx";
import { Price } from "../../ui/price.tsx";
import { useSeo } from "../../ui/use-seo.ts";
import { SHOW_NO_STOCK } from "./product-constants.ts";
import { ProductGallery } from "./product-gallery.tsx";
import { askedQuantity, QuantitySelector, quantityBounds } from "./quantity-selector.tsx";
import { RelatedProducts } from "./related-products.tsx";
import { stockLevel, type StockLevel } from "./stock-status.ts";
import { defaultVariant, galleryItems, variantByReference } from "./variant-selection.ts";
import { VariantSelector } from "./variant-selector.tsx";
import "./product.css";

/** Only an out-of-stock product shows the alert form: its code (and the form library) loads then. */
const RestockAlertForm = lazyPart(() => import("./restock-alert-form.tsx").then((module) => module.RestockAlertForm));

/** What the cart needs to add the chosen offer. */
export interface AddToCartRequest {
  offer: Offer;
  offerId: number;
  quantity: number;
  productReference: string;
  variantReference: string | undefined;
}

export interface ProductPageProps {
  /** Adds the chosen offer to the cart; the shop's cart by default. */
  onAddToCart?: (request: AddToCartRequest) => void;
  /** Out-of-stock offers show the back-in-stock form (else only the out-of-stock text). */
  showNoStock?: boolean;
}

/** `?variant=<reference>`: the variant shown. Anything else in the query is left as it is. */
const ProductSearch = v.object({
  variant: v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String))),
});

/** A page description is a sentence or two of plain text. */
const SEO_DESCRIPTION_LENGTH = 160;

export function ProductPage({ onAddToCart, showNoStock = SHOW_NO_STOCK }: ProductPageProps) {
  const { _ } = useLingui();
  const lang = useLang();
  const { api, config } = useShopContext();
  const navigate = useNavigate();
  const slug = useParams({ strict: false, select: (params) => ("slug" in params && typeof params.slug === "string" ? params.slug : "") });
  const { pathname, search, searchStr, hash } = useLocation({
    select: (location) => ({ pathname: location.pathname, search: location.search, searchStr: location.searchStr, hash: location.hash }),
  });
  const { data: product, error, refetch, isFetching } = useQuery(productBySlugQuery(api, lang, slug));
  const cart = useCart();
  const addToCart = onAddToCart ?? ((request: AddToCartRequest) => cart.add(request.offer, request.quantity));
  const notFound = isApiError(error) && error.status === 404;

  // An unknown product (a 404) and a slug that is not the canonical one are the route's (src/routes/router.tsx).

  useAlternateLinks(
    pathname,
    product ? { fr: pageHref("product", "fr", { slug: product.slugs.fr }), en: pageHref("product", "en", { slug: product.slugs.en }) } : undefined,
  );

  const seoDescription = useMemo(() => (product ? plainText(product.description, SEO_DESCRIPTION_LENGTH) : undefined), [product]);
  useSeo(product ? { title: `${product.name} – ${config.brandName}`, description: seoDescription } : undefined);

  if (!product) {
    if (error && !notFound) {
      return (
        <div className="product-page container">
          <div className="product-page__status" role="alert">
            <p>{_("errors.server.access")}</p>
            <button type="button" className="button" onClick={() => void refetch()} disabled={isFetching}>
              {_("product.retry")}
            </button>
          </div>
        </div>
      );
    }
    return (
      <div className="product-page container" aria-busy="true">
        <p className="product-page__status" role="status">
          {_("common.loading")}
        </p>
      </div>
    );
  }

  const parsed = v.safeParse(ProductSearch, search);
  const reference = parsed.success ? parsed.output.variant : undefined;
  const variant = variantByReference(product, reference) ?? defaultVariant(product);

  const selectVariant = (next: ProductVariant) => {
    const params = new URLSearchParams(searchStr);
    params.set("variant", next.reference);
    void navigate({ href: `${pathname}?${params.toString()}${hash ? `#${hash}` : ""}`, replace: true, resetScroll: false });
  };

  return (
    <ProductView
      key={product.id}
      product={product}
      variant={variant}
      lang={lang}
      onSelectVariant={selectVariant}
      onAddToCart={addToCart}
      addingToCart={cart.pendingOfferId !== null}
      showNoStock={showNoStock}
    />
  );
}

interface ProductViewProps extends ProductPageProps {
  /** A quantity change of the cart is in flight: the button waits (while the cart loads, an add waits for it). */
  addingToCart: boolean;
  product: Product;
  variant: ProductVariant | undefined;
  lang: Lang;
  showNoStock: boolean;
  onSelectVariant: (variant: ProductVariant) => void;
}

function ProductView({ product, variant, lang, onSelectVariant, onAddToCart, addingToCart, showNoStock }: ProductViewProps) {
  const { _ } = useLingui();
  // The back-in-stock form is prefilled with the signed-in customer's address.
  const customerEmail = useSession().customer?.email;
  const offer = variant ? variant.offer : product.offer;
  const level = stockLevel(offer?.stockQuantity);
  const bounds = offer ? quantityBounds(offer) : { min: 1, max: 0 };
  // In stock, but less than the offer's minimal order quantity: nothing can be ordered for now.
  const belowMinimum = offer !== null && level.kind !== "outOfStock" && bounds.max < bounds.min;
  const purchasable = offer !== null && level.kind !== "outOfStock" && !belowMinimum;
  const [quantity, setQuantity] = useState(bounds.min);
  const shownQuantity = purchasable && offer ? askedQuantity(quantity, bounds, offer.stockQuantity) : bounds.min;
  const items = galleryItems(product, variant);
  const descriptive = product.selectedAttributes;

  return (
    <article className="product-page container">
      <Breadcrumb product={product} lang={lang} />
      <div className="product-page__main">
        <ProductGallery key={variant?.reference ?? "product"} items={items} productName={product.name} />
        <div className="product-page__summary">
          <FlagBadges flags={product} className="product-page__flags" />
          <h1 className="product-page__name">{product.name}</h1>
          <p className="product-page__reference">{_("product.reference", { reference: variant?.reference ?? product.reference })}</p>
          {offer && (
            <div className="product-page__price">
              <Price regular={offer.regularPrice.taxIncluded} discount={offer.discountPrice?.taxIncluded} showPromo size="lg" />
              <p className="product-page__tax">{_("product.taxIncluded")}</p>
            </div>
          )}
          <VariantSelector product={product} variant={variant} onSelect={onSelectVariant} />
          <p className={`product-stock product-stock--${level.kind}`} aria-live="polite">
            {offer === null ? _("product.stock.unavailable") : stockMessage(level, _)}
          </p>
          {purchasable ? (
            <div className="product-page__buy">
              <QuantitySelector value={shownQuantity} bounds={bounds} stock={offer?.stockQuantity ?? 0} onChange={setQuantity} />
              {onAddToCart && offer && (
                <button
                  type="button"
                  className="button product-page__add"
                  disabled={addingToCart}
                  onClick={() =>
                    onAddToCart({
                      offer,
                      offerId: offer.id,
                      quantity: shownQuantity,
                      productReference: product.reference,
                      variantReference: variant?.reference,
                    })
                  }
                >
                  {_("product.addToCart")}
                </button>
              )}
            </div>
          ) : belowMinimum ? (
            <p className="product-page__minimum">{_("product.stock.belowMinimum", { min: bounds.min })}</p>
          ) : (
            showNoStock &&
            offer && (
              <LazyPart>
                {/* Keyed on the address too: a session restored after the page showed fills the field. */}
                <RestockAlertForm key={`${offer.id}:${customerEmail ?? ""}`} offerId={offer.id} customerEmail={customerEmail} />
              </LazyPart>
            )
          )}
        </div>
      </div>
      <div className="product-page__more">
        <div className="product-page__details">
          {product.description && (
            <section className="product-page__section" aria-labelledby="product-description">
              <h2 id="product-description">{_("product.description")}</h2>
              {/* The description is HTML written by the shop and escaped by our API. */}
              <div className="rich-text" dangerouslySetInnerHTML={{ __html: product.description }} />
            </section>
          )}
          <section className="product-page__section" aria-labelledby="product-characteristics">
            <h2 id="product-characteristics">{_("product.characteristics")}</h2>
            <dl className="product-page__facts">
              {variant?.selectedAttributes.map((attribute) => (
                <div key={attribute.name}>
                  <dt>{attribute.label}</dt>
                  <dd>{attribute.valueLabel}</dd>
                </div>
              ))}
              {descriptive.map((attribute) => (
                <div key={`${attribute.name}:${attribute.value}`}>
                  <dt>{attribute.label}</dt>
                  <dd>{attribute.valueLabel}</dd>
                </div>
              ))}
              <div>
                <dt>{_("product.supplierReference")}</dt>
                <dd>{product.supplierReference}</dd>
              </div>
            </dl>
          </section>
        </div>
        <RelatedProducts categoryPath={product.category.path} productId={product.id} />
      </div>
    </article>
  );
}

function stockMessage(level: StockLevel, _: (id: string, values?: Record<string, unknown>) => string): string {
  switch (level.kind) {
    case "outOfStock":
      return _("product.stock.outOfStock");
    case "lastItem":
      return _("product.stock.lastItem");
    case "low":
      return _("product.stock.low", { count: level.quantity });
    case "inStock":
      return _("product.stock.inStock");
  }
}

function Breadcrumb({ product, lang }: { product: Product; lang: Lang }) {
  const { _ } = useLingui();
  return (
    <nav className="product-breadcrumb" aria-label={_("product.breadcrumb")}>
      <ol>
        <li>
          <Link to={pagePath("home", lang)} activeOptions={{ exact: true }}>{_("product.breadcrumb.home")}</Link>
        </li>
        {product.breadcrumb.map((category) => {
          const [l1 = "", l2, l3] = category.path.split("/");
          return (
            <li key={category.id}>
              <Link to={pagePath("category", lang)} params={{ l1, l2, l3 }}>{category.label}</Link>
            </li>
          );
        })}
        <li>
          <span aria-current="page">{product.name}</span>
        </li>
      </ol>
    </nav>
  );
}

/** The text of an HTML fragment, cut at a word before `length` characters. */
function plainText(html: string, length: number): string {
  const text = (new DOMParser().parseFromString(html, "text/html").body.textContent ?? "").replace(/\s+/g, " ").trim();
  if (text.length <= length) return text;
  const cut = text.slice(0, length - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 0 ? cut.lastIndexOf(" ") : cut.length)}…`;
}

// The featured products of a top category in its menu panel: the references come from the
// category's landing content, the products from GET products/references.
import { useLingui } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { landingQuery } from "../../api/queries/catalog.ts";
import { productsByReferencesQuery } from "../../api/queries/featured-products.ts";
import { useShopContext } from "../../app/shop-context.ts";
import { useLang } from "../../i18n/use-lang.ts";
import { formatPrice } from "../../i18n/format.ts";
import { pagePath } from "../../../common/pages.ts";

/** How many featured products a menu panel shows. */
const MENU_FEATURED_COUNT = 3;

export function FeaturedProducts({ categoryPath, onNavigate }: { categoryPath: string; onNavigate: () => void }) {
  const { _ } = useLingui();
  const lang = useLang();
  const { api } = useShopContext();
  const landing = useQuery(landingQuery(api, lang, categoryPath));
  const references = (landing.data?.featuredProducts ?? []).slice(0, MENU_FEATURED_COUNT);
  const products = useQuery({ ...productsByReferencesQuery(api, lang, references), enabled: references.length > 0 });
  const list = products.data ?? [];
  if (list.length === 0) return null;

  return (
    <section className="menu-featured" aria-label={_("navigation.featured")}>
      <p className="menu-featured__title" aria-hidden="true">
        {_("navigation.featured")}
      </p>
      <ul className="menu-featured__list">
        {list.map((product) => {
          const price = product.offer?.discountPrice?.taxIncluded ?? product.offer?.regularPrice.taxIncluded;
          return (
            <li key={product.id}>
              <Link to={pagePath("product", lang)} params={{ slug: product.slug }} className="menu-featured__card" onClick={onNavigate}>
                {product.coverPicture ? (
                  <img src={product.coverPicture.srcSmall} alt="" width={96} height={96} loading="lazy" decoding="async" />
                ) : (
                  <span className="menu-featured__placeholder" />
                )}
                <span className="menu-featured__name">{product.name}</span>
                {price !== undefined && <span className="menu-featured__price">{formatPrice(price, lang)}</span>}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

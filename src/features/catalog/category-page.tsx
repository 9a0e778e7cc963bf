// The listing of a category: breadcrumb, landing texts, sub-categories, then the products with
// their filters, sort and pages. The address follows the category's slugs in the page language.
import { useLingui } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { Link, useLocation, useParams } from "@tanstack/react-router";
import { useDeferredValue, useMemo } from "react";
import { isApiError } from "../../api/client.ts";
import { categoriesQuery, landingQuery, productsByCategoryQuery } from "../../api/queries/catalog.ts";
import { useShopContext } from "../../app/shop-context.ts";
import { useLang } from "../../i18n/use-lang.ts";
import type { Lang } from "../../../common/languages.ts";
import { useAlternateLinks } from "../../app/alternate-links.ts";
import { toListingParams } from "../../ui/listing/listing-search.ts";
import { ProductListing } from "../../ui/listing/product-listing.tsx";
import { useListingSearch } from "../../ui/listing/use-listing-search.ts";
import { SiteHtml } from "../../ui/site-html.tsx";
import { useSeo } from "../../ui/use-seo.ts";
import { Breadcrumb } from "./breadcrumb.tsx";
import { categoryParams, pagePath } from "../../../common/pages.ts";
import { categoryPageHref, trailById, trailByPath } from "./category-tree.ts";
import "./catalog.css";

const otherLang = (lang: Lang): Lang => (lang === "fr" ? "en" : "fr");

export function CategoryPage() {
  const { _ } = useLingui();
  const lang = useLang();
  const { api, config } = useShopContext();
  const location = useLocation();
  const { l1, l2, l3 } = useParams({ strict: false });
  const categoryPath = [l1, l2, l3].filter(Boolean).join("/");
  const listing = useListingSearch();

  const products = useQuery({
    ...productsByCategoryQuery(api, lang, categoryPath, toListingParams(listing.state)),
    // Keep the previous page on screen while another page or filter of the same category loads.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[3] === categoryPath ? previous : undefined),
  });
  const tree = useQuery(categoriesQuery(api, lang));
  const otherTree = useQuery(categoriesQuery(api, otherLang(lang)));
  const landing = useQuery(landingQuery(api, lang, categoryPath));

  const category = products.data?.category;
  const notFound = isApiError(products.error) && products.error.status === 404;

  // An unknown category (a 404) and the other language's slugs are the route's (src/routes/router.tsx).

  const treeTrail = useMemo(() => (category && tree.data ? trailByPath(tree.data, category.path) : undefined), [category, tree.data]);
  const trail = treeTrail ?? (category ? [category] : []);
  const children = treeTrail?.at(-1)?.children ?? [];

  const alternates = useMemo(() => {
    const other = category && otherTree.data ? trailById(otherTree.data, category.id)?.at(-1) : undefined;
    if (!category || !other) return undefined;
    return { [lang]: categoryPageHref(lang, category.path), [otherLang(lang)]: categoryPageHref(otherLang(lang), other.path) };
  }, [category, otherTree.data, lang]);
  useAlternateLinks(location.pathname, alternates);

  const content = landing.data ?? null;
  // The header's texts and sub-categories come with the products, not after them: nothing moves.
  const loaded = products.data !== undefined && !landing.isPending && !tree.isPending;
  // The listing is rendered in the background once its answers are in: the main thread stays free.
  const ready = useDeferredValue(loaded);
  useSeo(category ? (content?.seo ?? { title: `${category.label} – ${config.brandName}` }) : undefined);

  if (products.isError && !notFound) {
    return (
      <div className="container listing-page">
        <h1>{_("catalog.error.title")}</h1>
        <p>{_("errors.server.access")}</p>
        <button type="button" className="button" onClick={() => void products.refetch()}>
          {_("catalog.error.retry")}
        </button>
      </div>
    );
  }

  return (
    <div className="container listing-page">
      <Breadcrumb trail={ready ? trail : []} />
      <header className="catalog-header">
        <h1>{ready ? (content?.header?.title ?? category?.label) : <span className="skeleton-line skeleton-line--title" />}</h1>
        {ready && content?.header && <SiteHtml html={content.header.html} className="landing-html" />}
        {/* A landing header introduces the sub-categories itself. */}
        {ready && !content?.header && children.length > 0 && (
          <nav className="subcategories" aria-label={_("catalog.subcategories.label")}>
            <ul>
              {children.map((child) => (
                <li key={child.id}>
                  <Link to={pagePath("category", lang)} params={categoryParams(child.path)} className="chip">
                    {child.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>
      {ready ? (
        <ProductListing
          result={products.data}
          stale={products.isPlaceholderData}
          listing={listing}
          defaultSort="name.asc"
          empty={<p>{_("catalog.listing.empty")}</p>}
        />
      ) : (
        <div className="catalog-page__placeholder" aria-busy="true" />
      )}
      {ready && content?.footer && <SiteHtml html={content.footer.html} className="landing-html landing-html--footer" />}
    </div>
  );
}

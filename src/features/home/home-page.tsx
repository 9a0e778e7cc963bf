// The home page: the carousel, the featured block, the universe blocks and the bestsellers, with
// the page title and description the marketing content gives.
import { useLingui } from "@lingui/react";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { homePageQuery, homeSliderQuery } from "../../api/queries/catalog.ts";
import { useShopContext } from "../../app/shop-context.ts";
import { useLang } from "../../i18n/use-lang.ts";
import { useSeo } from "../../ui/use-seo.ts";
import { Bestsellers } from "./bestsellers.tsx";
import { HomeSlider, HomeSliderPlaceholder, shownSlides } from "./home-slider.tsx";
import { UniverseBlock, UniverseGrid } from "./universe-blocks.tsx";
import "./home.css";

export function HomePage() {
  const { _ } = useLingui();
  const lang = useLang();
  const { api, config } = useShopContext();
  const content = useQuery(homePageQuery(api, lang));
  const slider = useQuery(homeSliderQuery(api, lang));
  const slides = useMemo(() => shownSlides(slider.data?.sliders.flatMap((item) => item.entries) ?? []), [slider.data]);
  useSeo(content.data?.seo);

  return (
    <div className="home">
      <h1 className="visually-hidden">{content.data?.seo.title ?? config.brandName}</h1>
      <div className="container">
        {slider.isPending ? <HomeSliderPlaceholder /> : <HomeSlider slides={slides} />}
      </div>
      {content.isPending ? (
        <div className="container home__placeholder" aria-hidden="true" />
      ) : content.data ? (
        <div className="container home__content">
          {content.data.featuredBlock && (
            <section className="home-featured" aria-label={_("home.featured.label")}>
              <UniverseBlock block={content.data.featuredBlock} headingLevel={2} />
            </section>
          )}
          {content.data.universeBlocks.length > 0 && (
            <section className="home-universes" aria-labelledby="home-universes-title">
              <h2 id="home-universes-title" className="home-section-title">
                {_("home.universes.title")}
              </h2>
              <UniverseGrid blocks={content.data.universeBlocks} />
            </section>
          )}
          <Bestsellers title={content.data.bestsellers.title} categoryPath={content.data.bestsellers.categoryPath} />
        </div>
      ) : (
        <p className="container home__error" role="alert">
          {_("errors.server.access")}
        </p>
      )}
    </div>
  );
}

// The checkout's pages (SPEC §2) while the checkout itself is being built: each route is in place
// with its layout and guards, and its page says which step it is (`checkout.coming.<page>`) and
// that it is coming, with the way back to the cart. Nothing here pretends to take an order.
import { useLingui } from "@lingui/react";
import { Link, useMatches } from "@tanstack/react-router";
import { pagePath } from "../../../common/pages.ts";
import { useShopContext } from "../../app/shop-context.ts";
import { useLang } from "../../i18n/use-lang.ts";
import { useSeo } from "../../ui/use-seo.ts";

/** The page of a checkout route that is not built yet; its route names it (`staticData.comingStep`). */
export function ComingStepPage() {
  const { _ } = useLingui();
  const lang = useLang();
  const { config } = useShopContext();
  const page = useMatches({ select: (matches) => matches.at(-1)?.staticData.comingStep });
  const title = _(`checkout.coming.${page ?? "checkoutShipping"}`);
  useSeo({ title: `${title} – ${config.brandName}` });
  return (
    <section className="coming-step" aria-labelledby="coming-step-title">
      <h1 id="coming-step-title">{title}</h1>
      <p>{_("checkout.coming.text")}</p>
      <p>
        <Link to={pagePath("cart", lang)} className="button">
          {_("checkout.coming.backToCart")}
        </Link>
      </p>
    </section>
  );
}

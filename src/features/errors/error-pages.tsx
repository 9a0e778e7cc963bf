// The 404 and 401 pages: what happened, in the page's title too, and a way back to the shop.
import { Link } from "@tanstack/react-router";
import { useLingui } from "@lingui/react";
import { useShopContext } from "../../app/shop-context.ts";
import { useLang } from "../../i18n/use-lang.ts";
import { pagePath } from "../../../common/pages.ts";
import { useSeo } from "../../ui/use-seo.ts";

function ErrorPage({ code, titleId, textId }: { code: number; titleId: string; textId: string }) {
  const { _ } = useLingui();
  const lang = useLang();
  const { config } = useShopContext();
  const title = _(titleId);
  useSeo({ title: `${title} – ${config.brandName}` });
  return (
    <section className="error-page" aria-labelledby="error-page-title">
      <p className="error-page__code" aria-hidden="true">
        {code}
      </p>
      <h1 id="error-page-title">{title}</h1>
      <p>{_(textId)}</p>
      <p>
        <Link className="button" to={pagePath("home", lang)} activeOptions={{ exact: true }}>
          {_("errorPage.backHome")}
        </Link>
      </p>
    </section>
  );
}

export function NotFoundPage() {
  return <ErrorPage code={404} titleId="errorPage.notFound.title" textId="errors.notfound" />;
}

export function UnauthorizedPage() {
  return <ErrorPage code={401} titleId="errorPage.unauthorized.title" textId="errorPage.unauthorized.text" />;
}

// The trail from the home page to the current category.
import { useLingui } from "@lingui/react";
import { Link } from "@tanstack/react-router";
import type { CategoryNode } from "../../api/queries/catalog.ts";
import { useLang } from "../../i18n/use-lang.ts";
import { categoryParams, pagePath } from "../../../common/pages.ts";

export function Breadcrumb({ trail }: { trail: readonly Pick<CategoryNode, "id" | "label" | "path">[] }) {
  const { _ } = useLingui();
  const lang = useLang();
  return (
    <nav className="breadcrumb" aria-label={_("catalog.breadcrumb.label")}>
      <ol>
        <li>
          <Link to={pagePath("home", lang)} activeOptions={{ exact: true }}>{_("catalog.breadcrumb.home")}</Link>
        </li>
        {trail.map((node, index) => (
          <li key={node.id}>
            {index === trail.length - 1 ? (
              <span aria-current="page">{node.label}</span>
            ) : (
              <Link to={pagePath("category", lang)} params={categoryParams(node.path)} activeOptions={{ exact: true }}>{node.label}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

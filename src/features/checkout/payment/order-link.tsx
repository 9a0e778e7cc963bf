// The link to an order in the customer's account (`/mon-compte/commandes?reference=REF`).
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { pagePath } from "../../../../common/pages.ts";
import { useLang } from "../../../i18n/use-lang.ts";

/** The account's orders page in each language (the account's own tab slugs). */
const ORDERS_SLUG = { fr: "commandes", en: "orders" } as const;

export function OrderLink({ reference, className, children }: { reference?: string; className?: string; children: ReactNode }) {
  const lang = useLang();
  return (
    <Link to={pagePath("account", lang)} params={{ pageName: ORDERS_SLUG[lang] }} search={reference ? { reference } : {}} className={className}>
      {children}
    </Link>
  );
}

// The badges of a product's flags: made in France, made in Europe, upcycling, limited edition.
import { useLingui } from "@lingui/react";
import "./product-card.css";

export interface ProductFlags {
  madeInFrance: boolean;
  madeInEurope: boolean;
  upCycling: boolean;
  limitedEdition: boolean;
}

const FLAGS = [
  { key: "madeInFrance", label: "ui.flags.madeInFrance" },
  { key: "madeInEurope", label: "ui.flags.madeInEurope" },
  { key: "upCycling", label: "ui.flags.upCycling" },
  { key: "limitedEdition", label: "ui.flags.limitedEdition" },
] as const satisfies readonly { key: keyof ProductFlags; label: string }[];

export function FlagBadges({ flags, className }: { flags: ProductFlags; className?: string }) {
  const { _ } = useLingui();
  const shown = FLAGS.filter(({ key }) => flags[key]);
  if (shown.length === 0) return null;
  return (
    <ul className={["flag-badges", className].filter(Boolean).join(" ")} aria-label={_("ui.flags.label")}>
      {shown.map(({ key, label }) => (
        <li key={key} className={`flag-badge flag-badge--${key}`}>
          {_(label)}
        </li>
      ))}
    </ul>
  );
}

// The reassurance banner: secure payment, 48-hour delivery, free return (the asterisk is explained
// at the foot of the page, with the exchange and return conditions).
import { useLingui } from "@lingui/react";

const stroke = { fill: "none", stroke: "currentColor", strokeWidth: 1.6, strokeLinecap: "round", strokeLinejoin: "round" } as const;

const ITEMS = [
  {
    id: "securePayment",
    icon: <path d="M6 11V8a6 6 0 0 1 12 0v3M5 11h14v10H5zM12 15v2" {...stroke} />,
  },
  {
    id: "delivery48h",
    icon: <path d="M2 6h11v10H2zM13 9h4.5l3.5 3.5V16h-8M6.5 19a1.8 1.8 0 1 0 0-3.6 1.8 1.8 0 0 0 0 3.6zM17 19a1.8 1.8 0 1 0 0-3.6 1.8 1.8 0 0 0 0 3.6z" {...stroke} />,
  },
  {
    id: "freeReturn",
    icon: <path d="M4 10h12a4 4 0 0 1 0 8H9M4 10l4-4M4 10l4 4" {...stroke} />,
  },
] as const;

export function Reassurance() {
  const { _ } = useLingui();
  return (
    <section className="reassurance" aria-label={_("footer.reassurance")}>
      <ul className="reassurance__list container">
        {ITEMS.map((item) => (
          <li key={item.id} className="reassurance__item">
            <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true" focusable="false">
              {item.icon}
            </svg>
            <span>
              {_(`footer.reassurance.${item.id}`)}
              {item.id === "freeReturn" && <span aria-hidden="true"> *</span>}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

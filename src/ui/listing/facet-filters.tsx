// The facets of a listing as checkbox lists (a swatch beside colour values). Values of one facet
// are alternatives; facets combine. Long lists show their first values until asked for more.
import { useLingui } from "@lingui/react";
import { useId, useState } from "react";
import type { Facet } from "../../api/queries/catalog.ts";

/** Values shown before "Show more". */
const VISIBLE_VALUES = 8;

const filterOf = (facet: string, value: string) => `${facet}:${value}`;

export interface FacetFiltersProps {
  facets: readonly Facet[];
  /** Selected filters, `attribute:value`. */
  selected: readonly string[];
  onChange: (filters: string[]) => void;
}

export function FacetFilters({ facets, selected, onChange }: FacetFiltersProps) {
  const toggle = (filter: string, checked: boolean) =>
    onChange(checked ? [...selected, filter] : selected.filter((item) => item !== filter));
  return (
    <div className="facets">
      {facets.map((facet) => (
        <FacetGroup key={facet.name} facet={facet} selected={selected} onToggle={toggle} />
      ))}
    </div>
  );
}

function FacetGroup({
  facet,
  selected,
  onToggle,
}: {
  facet: Facet;
  selected: readonly string[];
  onToggle: (filter: string, checked: boolean) => void;
}) {
  const { _ } = useLingui();
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const long = facet.values.length > VISIBLE_VALUES;
  const values = long && !expanded ? facet.values.slice(0, VISIBLE_VALUES) : facet.values;
  return (
    <fieldset className="facet">
      <legend className="facet__legend">{facet.label}</legend>
      <ul className="facet__values" id={listId}>
        {values.map((value) => {
          const filter = filterOf(facet.name, value.value);
          const checked = selected.includes(filter);
          return (
            <li key={value.value}>
              <label className="facet__value">
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={!checked && value.count === 0}
                  onChange={(event) => onToggle(filter, event.target.checked)}
                />
                {value.colorCode && <span className="facet__swatch" style={{ background: value.colorCode }} aria-hidden="true" />}
                <span className="facet__label">{value.label}</span>
                <span className="facet__count">
                  <span aria-hidden="true">({value.count})</span>
                  <span className="visually-hidden">{_("catalog.facets.count", { count: value.count })}</span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      {long && (
        <button type="button" className="link-button" aria-expanded={expanded} aria-controls={listId} onClick={() => setExpanded(!expanded)}>
          {expanded ? _("catalog.facets.showLess") : _("catalog.facets.showMore", { count: facet.values.length - VISIBLE_VALUES })}
        </button>
      )}
    </fieldset>
  );
}

/** The chosen filters as removable chips, with a button that removes them all. */
export function ActiveFilters({ facets, selected, onChange }: FacetFiltersProps) {
  const { _ } = useLingui();
  if (selected.length === 0) return null;
  const describe = (filter: string) => {
    for (const facet of facets) {
      for (const value of facet.values) {
        if (filterOf(facet.name, value.value) === filter) return _("catalog.filters.chip", { facet: facet.label, value: value.label });
      }
    }
    return filter;
  };
  return (
    <div className="active-filters">
      <ul>
        {selected.map((filter) => (
          <li key={filter}>
            <button
              type="button"
              className="chip"
              aria-label={_("catalog.filters.remove", { filter: describe(filter) })}
              onClick={() => onChange(selected.filter((item) => item !== filter))}
            >
              {describe(filter)} <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="link-button" onClick={() => onChange([])}>
        {_("catalog.filters.clear")}
      </button>
    </div>
  );
}

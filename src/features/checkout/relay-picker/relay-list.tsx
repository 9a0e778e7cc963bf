// The relay points found, nearest first (SPEC §2, §3): a group of radio buttons, so that the list alone
// is a keyboard-complete way to choose (arrow keys move the choice, the map follows). Each point shows
// its address, its distance (SPEC §9: m under 1,000, else km) and its opening times per day, 'Close' on
// a closed day and today marked. A point chosen on the map is brought into view here.
import { useLingui } from "@lingui/react";
import { useEffect, useId, useRef } from "react";
import type { RelayPoint } from "../../../../machines/relay-search/relay-search.types.ts";
import { useLang } from "../../../i18n/use-lang.ts";
import { dayName, formatDistance, openingSpans, openingWeek } from "./relay-format.ts";

export interface RelayListProps {
  relays: readonly RelayPoint[];
  selectedId: string | null;
  onSelect: (relayId: string) => void;
}

export function RelayList({ relays, selectedId, onSelect }: RelayListProps) {
  const { _ } = useLingui();
  const lang = useLang();
  const name = useId();
  const list = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (selectedId === null) return;
    const items = Array.from(list.current?.querySelectorAll<HTMLElement>("[data-relay-id]") ?? []);
    const item = items.find((candidate) => candidate.dataset.relayId === selectedId);
    // jsdom has no scrolling; browsers bring the chosen point into the list's view.
    item?.scrollIntoView?.({ block: "nearest" });
  }, [selectedId]);

  return (
    <fieldset className="relay-list">
      <legend className="relay-list__legend">{_("relais.list.legend", { count: relays.length })}</legend>
      <ul className="relay-list__items" ref={list}>
        {relays.map((relay) => {
          const id = `${name}-${relay.id}`;
          const selected = relay.id === selectedId;
          return (
            <li key={relay.id} className={`relay-list__item${selected ? " relay-list__item--selected" : ""}`} data-relay-id={relay.id}>
              <input
                className="relay-list__radio"
                type="radio"
                name={name}
                id={id}
                value={relay.id}
                checked={selected}
                onChange={() => onSelect(relay.id)}
              />
              <label className="relay-list__label" htmlFor={id}>
                <span className="relay-list__name">{relay.name}</span>
                <span className="relay-list__address">
                  {relay.street}, {relay.postCode} {relay.city}
                </span>
                <span className="relay-list__distance">{formatDistance(relay.distance, lang)}</span>
              </label>
              <details className="relay-list__hours">
                <summary>{_("relais.openingTimes")}</summary>
                <table className="relay-hours">
                  <caption className="visually-hidden">{_("relais.openingTimes.of", { name: relay.name })}</caption>
                  <tbody>
                    {openingWeek(relay).map((opening) => (
                      <tr key={opening.day} className={opening.now ? "relay-hours__today" : undefined} aria-current={opening.now ? "date" : undefined}>
                        <th scope="row">
                          {dayName(opening.day, lang)}
                          {opening.now && <span className="relay-hours__badge">{` ${_("relais.today")}`}</span>}
                        </th>
                        <td>{opening.time === null ? _("relais.close") : openingSpans(opening.time).join(", ")}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </details>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

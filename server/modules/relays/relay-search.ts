// Relay point search (contract operation searchRelayPoints): checks what the contract cannot say
// (words, not just spaces; a shipping date from today to a few weeks ahead), asks the configured
// relay point service and answers in the contract's shape, each day's opening hours marked when
// it is today in France.
import type { RelayPoints, Weekday } from "../../adapters/colissimo/relay-points.ts";
import { WEEKDAYS } from "../../adapters/colissimo/relay-points.ts";
import { badRequest } from "../../http/errors.ts";

/** The shop's time zone: "today" in the opening hours and the shipping date's bounds. */
const SHOP_TIME_ZONE = "Europe/Paris";

/** How far ahead a shipping date may be (the client sends today plus 2 days). */
const MAX_SHIPPING_DAYS_AHEAD = 60;

export interface RelaySearchInput {
  address: string;
  countryCode: string;
  zipCode: string;
  city: string;
  weight: number;
  shippingDate: string;
}

interface RelayPointAnswer {
  id: string;
  name: string;
  company: string | null;
  street: string;
  city: string;
  postCode: string;
  country: string;
  position: { lat: number; lng: number };
  distance: number;
  picture: string | null;
  openingTimes: { day: Weekday; time: string | null; now: boolean }[];
  typeDePoint: string;
}

export interface RelaySearchAnswer {
  listePointRetraitAcheminement: RelayPointAnswer[];
  wsRequestId: string;
}

// Made once: building a formatter costs more than the whole relay query.
const SHOP_DAY_FORMAT = new Intl.DateTimeFormat("en-CA", { timeZone: SHOP_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit", weekday: "long" });

/** The calendar date (`YYYY-MM-DD`) and weekday of an instant in the shop's time zone. */
function shopDay(instant: Date): { date: string; weekday: Weekday } {
  const parts = SHOP_DAY_FORMAT.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? "";
  const weekday = WEEKDAYS.find((day) => day === part("weekday").toUpperCase()) ?? "MONDAY";
  return { date: `${part("year")}-${part("month")}-${part("day")}`, weekday };
}

const addDays = (isoDate: string, days: number) => new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export function createRelaySearch(deps: { relayPoints: RelayPoints; now: () => Date }) {
  return {
    async search(input: RelaySearchInput): Promise<RelaySearchAnswer> {
      const address = input.address.trim();
      const city = input.city.trim();
      if (address.length < 2) throw badRequest("address", "must have at least 2 characters besides spaces");
      if (city.length < 2) throw badRequest("city", "must have at least 2 characters besides spaces");
      const today = shopDay(deps.now());
      // A day of slack before today: a shopper's clock may be behind the shop's time zone.
      if (input.shippingDate < addDays(today.date, -1) || input.shippingDate > addDays(today.date, MAX_SHIPPING_DAYS_AHEAD)) {
        throw badRequest("shippingDate", `must be between today and ${MAX_SHIPPING_DAYS_AHEAD} days from now`);
      }
      const result = await deps.relayPoints.search({
        address,
        city,
        zipCode: input.zipCode,
        countryCode: input.countryCode,
        weightGrams: input.weight,
        shippingDate: input.shippingDate,
      });
      return {
        wsRequestId: result.requestId,
        listePointRetraitAcheminement: result.points.map(({ openingHours, ...point }) => ({
          ...point,
          openingTimes: openingHours.map(({ day, time }) => ({ day, time, now: day === today.weekday })),
        })),
      };
    },
  };
}

export type RelaySearch = ReturnType<typeof createRelaySearch>;

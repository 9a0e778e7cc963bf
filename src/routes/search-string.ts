// How search parameters are written in an address. The router's default (JSON for lists) would
// write a listing's filters as `?filters=%5B%22color%3Anavy%22%5D`; lists of plain words are written
// as repeated keys instead, `?filters=color:navy&filters=size:M`, the form the API itself takes.
// Reading is the router's default, which gathers repeated keys into a list and still reads the
// JSON form, so addresses written before stay valid.
import { defaultParseSearch, defaultStringifySearch } from "@tanstack/react-router";

/** A word the default reader gives back as the same string (not a number, boolean or JSON). */
function readsBackAsItself(item: unknown): item is string {
  if (typeof item !== "string" || !/^[^\s"[{-]/.test(item) || !Number.isNaN(Number(item)) || item === "true" || item === "false") return false;
  try {
    JSON.parse(item);
    return false;
  } catch {
    return true;
  }
}

const isPlainList = (value: unknown): value is string[] => Array.isArray(value) && value.length > 0 && value.every(readsBackAsItself);

export function stringifySearch(search: Record<string, unknown>): string {
  const lists = Object.entries(search).filter((entry): entry is [string, string[]] => isPlainList(entry[1]));
  if (lists.length === 0) return defaultStringifySearch(search);
  const rest = Object.fromEntries(Object.entries(search).filter(([, value]) => !isPlainList(value)));
  const params = new URLSearchParams(defaultStringifySearch(rest));
  for (const [key, list] of lists) for (const item of list) params.append(key, item);
  // `:` needs no escaping in a query (RFC 3986): `color:navy` reads better than `color%3Anavy`.
  return `?${params.toString().replace(/%3A/gi, ":")}`;
}

export const parseSearch = defaultParseSearch;

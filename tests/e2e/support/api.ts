// The storefront API as the SPA calls it, for what the tests expect to see: the token comes from
// the shop's own runtime configuration, never from a constant.
import createClient from "openapi-fetch";
import type { paths } from "../../../common/api/schema.gen.ts";
import { baseUrl } from "./environment.ts";

export type Lang = "fr" | "en";

let token: Promise<string> | undefined;

async function storefrontToken(): Promise<string> {
  token ??= fetch(`${baseUrl()}/runtime-config.json`)
    .then((response) => {
      if (!response.ok) throw new Error(`GET /runtime-config.json answered ${response.status}`);
      return response.json() as Promise<{ storefrontToken: string }>;
    })
    .then((config) => config.storefrontToken);
  return token;
}

/** A typed client of the storefront API in a language (`locale` fr_FR or en_US). */
export async function storefrontApi(lang: Lang) {
  const client = createClient<paths>({ baseUrl: `${baseUrl()}/api/v1` });
  const bearer = await storefrontToken();
  const locale = lang === "en" ? "en_US" : "fr_FR";
  client.use({
    onRequest({ request }) {
      request.headers.set("Authorization", `Bearer ${bearer}`);
      const url = new URL(request.url);
      url.searchParams.set("locale", locale);
      return new Request(url, request);
    },
  });
  return client;
}

/** The data of a call; throws with the status and body when it failed. */
export async function data<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data: body, error, response } = await call;
  if (!response.ok || body === undefined) {
    throw new Error(`${response.url} answered ${response.status}: ${JSON.stringify(error)}`);
  }
  return body;
}

/**
 * A price as the shop must show it, written out independently of the app's formatter:
 * `1 249,00 €` / `12,90 €` in French, `€1,249.00` / `€12.90` in English (spaces normalised).
 */
export function shownPrice(cents: number, lang: Lang): string {
  const euros = Math.floor(Math.abs(cents) / 100);
  const hundredths = String(Math.abs(cents) % 100).padStart(2, "0");
  const grouped = String(euros).replace(/\B(?=(\d{3})+(?!\d))/g, lang === "en" ? "," : " ");
  const sign = cents < 0 ? "-" : "";
  return lang === "en" ? `${sign}€${grouped}.${hundredths}` : `${sign}${grouped},${hundredths} €`;
}

/** Text with every kind of space (no-break, narrow no-break…) as a plain space, trimmed. */
export function normaliseSpaces(text: string): string {
  return text.replace(/\s+/gu, " ").trim();
}

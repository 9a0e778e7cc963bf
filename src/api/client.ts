// The one client of the storefront API: typed from the contract, with the cross-cutting concerns
// as middleware (language, storefront token, customer token, renewed token) and errors
// normalised to `{status, message, code}`. No UI side effects here: callers decide.
import createClient, { createQuerySerializer, type Middleware } from "openapi-fetch";
import type { paths } from "../../common/api/schema.gen.ts";

export type ApiLocale = "fr_FR" | "en_US";

export interface ApiError {
  /** HTTP status; 499 when the request was cancelled, -1 when no answer came. */
  status: number;
  message: string;
  code?: string;
}

export const CANCELLED_STATUS = 499;
const HTTP_UNAUTHORIZED = 401;
export const NO_RESPONSE_STATUS = -1;
const CANCELLED_MESSAGE = "Operation cancelled due to a new request";

export interface ClientOptions {
  baseUrl?: string;
  storefrontToken: string;
  locale: () => ApiLocale;
  customerToken?: () => string | undefined;
  /** Which customer session is the current one (it changes at each sign-in and each end): the
   *  answers to calls made in an earlier session are not about the current one. */
  customerSession?: () => number;
  /** Called with the renewed customer token an answer to a call of the current session carries. */
  onCustomerToken?: (token: string) => void;
  /** Called when a call of the current session is answered 401 (its token expired or revoked, or its
   *  cookie gone), with the operation's path in the contract (`/customers/me`). */
  onUnauthorized?: (operation: { schemaPath: string; method: string }) => void;
  fetch?: typeof fetch;
}

export function isApiError(value: unknown): value is ApiError {
  return typeof value === "object" && value !== null && "status" in value && "message" in value && typeof value.status === "number";
}

/** Any failure of a call, as the `{status, message}` the machines and views work with. */
function toApiError(error: unknown, status?: number): ApiError {
  if (isApiError(error)) return { status: status ?? error.status, message: error.message, ...(error.code ? { code: error.code } : {}) };
  if (error instanceof DOMException && error.name === "AbortError") return { status: CANCELLED_STATUS, message: CANCELLED_MESSAGE };
  if (error instanceof Error && error.name === "AbortError") return { status: CANCELLED_STATUS, message: CANCELLED_MESSAGE };
  if (status !== undefined) return { status, message: `Request failed with status ${status}` };
  return { status: NO_RESPONSE_STATUS, message: error instanceof Error ? error.message : "No response" };
}

export function createApiClient(options: ClientOptions) {
  const serialize = createQuerySerializer({ array: { style: "form", explode: true } });
  const client = createClient<paths>({
    baseUrl: options.baseUrl ?? "/api/v1",
    fetch: options.fetch ?? ((input) => fetch(input)),
    // The language goes in the query as the URL is built: rebuilding a request that has a body
    // to change its URL breaks uploads in browsers.
    querySerializer: (query: Record<string, unknown>) => serialize({ locale: options.locale(), ...query }),
  });
  // The session each call was made in. An answer that comes after a sign-in or a sign-out (a call
  // still on its way, a retry made while signed out) neither renews the new session's token nor
  // ends it: only its own calls speak of it.
  const sentIn = new WeakMap<Request, number | undefined>();
  const middleware: Middleware = {
    onRequest({ request }) {
      request.headers.set("Authorization", `Bearer ${options.storefrontToken}`);
      sentIn.set(request, options.customerSession?.());
      const token = options.customerToken?.();
      if (token) request.headers.set("X-Customer-Authorization", `Bearer ${token}`);
      return request;
    },
    onResponse({ response, schemaPath, request }) {
      if (sentIn.get(request) !== options.customerSession?.()) return undefined;
      const renewed = response.headers.get("X-Customer-Token");
      if (renewed) options.onCustomerToken?.(renewed);
      if (response.status === HTTP_UNAUTHORIZED) options.onUnauthorized?.({ schemaPath, method: request.method });
      return undefined;
    },
  };
  client.use(middleware);
  return client;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The data of a call, or a thrown ApiError. */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await call;
  } catch (error) {
    throw toApiError(error);
  }
  if (result.error !== undefined || !result.response.ok) throw toApiError(result.error, result.response.status);
  return result.data as T;
}

// What the world does to a flow in the browser, for the bindings: a request held until a binding lets
// it go (so the page's waiting state can be seen: the next one to a pattern, or the API request a
// binding armed), a client address of a path's own (so the server's per-address limits count that
// path alone), the storefront API called as another client would.
import type { Request, Route } from "@playwright/test";
import { baseUrl } from "../support/environment.ts";
import type { BrowserContext, Page } from "../support/fixtures.ts";

/** Requests to the API held, armed by a binding (`holdApi()`). */
export interface Held {
  /** Holds the next request that `matches` (one, or with `every` each one until armed again), until `next()` hands it over. */
  arm: (matches: ((request: Request) => boolean) | null, options?: { every: boolean }) => void;
  /** The held request's route, once it is sent: to be continued (the real server answers) or fulfilled. */
  next: () => Promise<Route>;
  /** Resolves once a request is held (without handing it over). */
  waiting: () => Promise<void>;
  /** The held requests not handed over yet (those that `matches`, or all), handed over at once; the others stay held. */
  rest: (matches?: (request: Request) => boolean) => Route[];
  /** Whether a request that `matches` is held, not handed over yet. */
  holding: (matches: (request: Request) => boolean) => boolean;
}

/** The context's requests to the API: the armed one is held, the others go on. */
export async function holdApi(context: BrowserContext): Promise<Held> {
  let armed: ((request: Request) => boolean) | null = null;
  let every = false;
  const waiting: ((route: Route) => void)[] = [];
  const arrived: Route[] = [];
  await context.route(/\/api\/v1\//, async (route) => {
    if (armed === null || !armed(route.request())) return route.fallback();
    if (!every) armed = null;
    const take = waiting.shift();
    if (take) take(route);
    else arrived.push(route);
  });
  return {
    arm: (matches, options) => {
      armed = matches;
      every = options?.every ?? false;
    },
    next: () => {
      const route = arrived.shift();
      return route ? Promise.resolve(route) : new Promise((resolve) => waiting.push(resolve));
    },
    waiting: async () => {
      const route = arrived.length > 0 ? arrived.shift() : await new Promise<Route>((resolve) => waiting.push(resolve));
      if (route) arrived.unshift(route);
    },
    rest: (matches) => {
      const taken = arrived.filter((route) => matches === undefined || matches(route.request()));
      const kept = arrived.filter((route) => !taken.includes(route));
      arrived.splice(0, arrived.length, ...kept);
      return taken;
    },
    holding: (matches) => arrived.some((route) => matches(route.request())),
  };
}

/**
 * Holds the page's next requests to `pattern`: `next()` gives the route of the next one once it is
 * sent, to be continued (the real server answers) or fulfilled (where the server cannot be driven).
 */
export async function holdRequests(page: Page, pattern: RegExp): Promise<{ next: () => Promise<Route> }> {
  const waiting: ((route: Route) => void)[] = [];
  const arrived: Route[] = [];
  await page.route(pattern, (route) => {
    const take = waiting.shift();
    if (take) take(route);
    else arrived.push(route);
  });
  return {
    next: () => {
      const route = arrived.shift();
      return route ? Promise.resolve(route) : new Promise((resolve) => waiting.push(resolve));
    },
  };
}

/**
 * Gives the context a client address of its own (from 198.18.0.0/15, kept for tests): the e2e shop
 * trusts the loopback proxy (support/fixtures.ts), so its per-address limits count this client alone.
 */
export async function ownClientAddress(context: BrowserContext): Promise<string> {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  const address = `198.${18 + Math.floor(Math.random() * 2)}.${byte()}.${byte()}`;
  await context.setExtraHTTPHeaders({ "X-Forwarded-For": address });
  return address;
}

let token: Promise<string> | undefined;

/** A storefront API call from the client `address`, as the SPA would send it; resolves to the status. */
export async function apiCallFrom(address: string, method: "POST" | "DELETE", path: string, body: unknown, customerToken?: string): Promise<number> {
  token ??= fetch(`${baseUrl()}/runtime-config.json`)
    .then((response) => response.json() as Promise<{ storefrontToken: string }>)
    .then((config) => config.storefrontToken);
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    Authorization: `Bearer ${await token}`,
    "X-Forwarded-For": address,
  };
  if (customerToken !== undefined) headers["X-Customer-Authorization"] = `Bearer ${customerToken}`;
  const response = await fetch(`${baseUrl()}/api/v1${path}`, { method, headers, body: JSON.stringify(body) });
  await response.arrayBuffer();
  return response.status;
}

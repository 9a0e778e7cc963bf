// What the world does to a flow in the browser, for the bindings: a request held until a binding lets
// it go (so the page's waiting state can be seen), a client address of a path's own (so the server's
// per-address limits count that path alone), the storefront API called as another client would.
import type { Route } from "@playwright/test";
import { baseUrl } from "../support/environment.ts";
import type { BrowserContext, Page } from "../support/fixtures.ts";

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

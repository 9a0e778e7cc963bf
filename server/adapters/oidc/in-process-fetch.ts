// Calls to an identity provider served by the shop's own server, answered in-process by the
// Fastify app (`inject`) instead of an HTTP call to ourselves: the embedded provider, and the
// scripted issuers of tests.
import type { FastifyInstance, InjectOptions } from "fastify";
import type { CustomFetch, CustomFetchOptions } from "openid-client";

const METHODS = ["GET", "POST"] as const;
type Method = (typeof METHODS)[number];
const isMethod = (method: string): method is Method => METHODS.some((known) => known === method);

function payloadOf(body: CustomFetchOptions["body"]): InjectOptions["payload"] {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string") return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  throw new TypeError("a streamed request body cannot be sent in-process");
}

/** A fetch that hands each call to `app.inject` (the URL's host is kept in the Host header). */
export function injectFetch(app: () => FastifyInstance): CustomFetch {
  return async (url, options) => {
    const target = new URL(url);
    const method = options.method.toUpperCase();
    if (!isMethod(method)) throw new TypeError(`${options.method} is not a method the identity provider is called with`);
    const answer = await app().inject({
      method,
      url: `${target.pathname}${target.search}`,
      headers: { ...options.headers, host: target.host },
      payload: payloadOf(options.body),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.body, { status: answer.statusCode, headers });
  };
}

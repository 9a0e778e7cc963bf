// Serves the built SPA (dist/web) on the API's port, with a history fallback so that any shop
// address loads the app, and the runtime configuration the SPA reads at start.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import type { RuntimeConfig } from "../../../src/app/runtime-config.ts";
import type { Config } from "../../config.ts";
import { noRouteBody } from "../../http/errors.ts";

export const DEFAULT_WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../dist/web");

/** Paths the SPA must never answer for: they belong to the server. */
const SERVER_PREFIXES = ["/api/", "/media/", "/healthz", "/runtime-config.json", "/dev/"];

export function runtimeConfigOf(config: Config): RuntimeConfig {
  return {
    storefrontToken: config.storefrontToken,
    brandName: config.brandName,
    mapStyleUrl: config.mapStyleUrl ?? null,
    captcha: { provider: "altcha", siteKey: null },
    payment: { provider: "sandbox", clientKey: null, environment: "test" },
  };
}

/** Registered on the root instance: it owns the application's not-found handler. */
export async function webRoutes(app: FastifyInstance, options: { config: Config; webRoot?: string }) {
  const webRoot = options.webRoot ?? DEFAULT_WEB_ROOT;
  const runtimeConfig = runtimeConfigOf(options.config);

  app.get("/runtime-config.json", async (_request, reply) => reply.header("cache-control", "no-store").send(runtimeConfig));

  const built = existsSync(path.join(webRoot, "index.html"));
  if (!built) {
    app.log.warn({ webRoot }, "no built SPA found: run `npm run build` (npm start does it) to serve the shop");
    app.setNotFoundHandler(async (request, reply) => reply.status(404).send(noRouteBody(request)));
    return;
  }

  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
    // `npm run build` writes .br and .gz copies next to the files.
    preCompressed: true,
    setHeaders: (response, filePath) => {
      response.header(
        "cache-control",
        filePath.includes(`${path.sep}assets${path.sep}`) ? "public, max-age=31536000, immutable" : "public, max-age=300",
      );
    },
  });

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const isPage = (request.method === "GET" || request.method === "HEAD") && !SERVER_PREFIXES.some((prefix) => pathname.startsWith(prefix));
    if (isPage && !path.extname(pathname)) {
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return reply.status(404).send(noRouteBody(request));
  });
}

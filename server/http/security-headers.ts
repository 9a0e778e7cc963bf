// HTTP security headers of every answer (helmet), and the Content-Security-Policy of the shop's
// pages: exactly what the shop loads. Its own scripts, plus the inline loader of each page by its
// hash; its own styles (and the style elements its widgets insert); its own pictures, videos and
// API; the captcha's worker (a blob: URL); what the relay map draws with (a blob: worker, blob: and
// data: images, its offline style from the shop); outside services only when they are configured:
// Google reCAPTCHA, the map style's host, Adyen's Drop-in. JSON answers get a policy that allows nothing.
import { createHash } from "node:crypto";
import fastifyHelmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";

/** Sources an outside service adds to the page's policy. */
export interface PolicySources {
  scripts?: string[];
  styles?: string[];
  connections?: string[];
  images?: string[];
  frames?: string[];
  workers?: string[];
  /** Where the page's forms may be sent (or redirect to), besides the shop itself. */
  forms?: string[];
}

/**
 * What the relay map (MapLibre) needs whatever the configuration: it runs its work in a worker
 * made from a blob, draws images it decodes into blob: and data: URLs, and fetches its style and
 * shapes, the shop's own offline ones by default (/map/style.json).
 */
export const MAP_POLICY_SOURCES: PolicySources = { workers: ["blob:"], images: ["data:", "blob:"], connections: ["'self'"] };

/**
 * What Adyen's Drop-in needs in the configured environment: its hosted card fields (frames, with
 * their scripts and styles), its resources and pictures, its API and analytics calls. 3-D Secure 2
 * runs the card issuer's own page in a frame, posted a form: those issuers are any https host, as
 * Adyen's guidance on a policy says.
 */
export function adyenPolicySources(environment: "test" | "live"): PolicySources {
  const hosts = [`https://checkoutshopper-${environment}.adyen.com`, `https://checkoutshopper-${environment}.cdn.adyen.com`];
  return {
    scripts: hosts,
    styles: hosts,
    images: hosts,
    connections: [...hosts, `https://checkoutanalytics-${environment}.adyen.com`],
    frames: [...hosts, "https:"],
    forms: ["https:"],
  };
}

/** What the configuration adds to the shop's own: the map's needs, reCAPTCHA's script and frame, the map style's host, Adyen's Drop-in. */
export function configuredSources(config: Config): PolicySources[] {
  const sources: PolicySources[] = [MAP_POLICY_SOURCES];
  if (config.captcha.provider === "recaptcha") {
    sources.push({
      scripts: ["https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"],
      frames: ["https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"],
      connections: ["https://www.google.com/recaptcha/"],
    });
  }
  if (config.mapStyleUrl) {
    // The style, its tiles, glyphs and sprites are fetched by the map's code (and drawn from blobs);
    // a style whose tiles or fonts live on other hosts needs those hosts too.
    const origin = new URL(config.mapStyleUrl).origin;
    sources.push({ connections: [origin], images: [origin] });
  }
  if (config.payment.provider === "adyen") sources.push(adyenPolicySources(config.payment.environment));
  return sources;
}

const unique = (values: string[]) => [...new Set(values)];

/** The policy of a page whose inline scripts hash to `inlineScriptHashes` (`sha256-…`). */
export function pagePolicy(inlineScriptHashes: string[], extra: PolicySources[] = []): string {
  const all = (pick: (sources: PolicySources) => string[] | undefined) => extra.flatMap((sources) => pick(sources) ?? []);
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", unique(["'self'", ...inlineScriptHashes.map((hash) => `'${hash}'`), ...all((s) => s.scripts)])],
    // Widgets (the captcha) insert their own style elements.
    ["style-src", unique(["'self'", "'unsafe-inline'", ...all((s) => s.styles)])],
    ["img-src", unique(["'self'", "data:", "blob:", ...all((s) => s.images)])],
    ["media-src", ["'self'"]],
    ["font-src", ["'self'"]],
    ["connect-src", unique(["'self'", ...all((s) => s.connections)])],
    // The captcha solves its proof of work in a worker made from a blob.
    ["worker-src", unique(["'self'", "blob:", ...all((s) => s.workers)])],
    ["frame-src", all((s) => s.frames).length > 0 ? unique(all((s) => s.frames)) : ["'none'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", unique(["'self'", ...all((s) => s.forms)])],
    ["frame-ancestors", ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(" ")}`).join("; ");
}

/** API answers, pictures and other documents that are not a page allow nothing: opened in a tab, they run nothing. */
const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'";

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g;

/** The `sha256-…` of every inline script of a page that runs (data blocks do not). */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)]
    .filter(([, attributes]) => !/type="application\/json"/.test(attributes ?? ""))
    .map(([, , body]) => `sha256-${createHash("sha256").update(body ?? "").digest("base64")}`);
}

/** The headers of every answer; a page replaces the Content-Security-Policy with its own. */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: false,
    // Behind https only: a browser then never tries the shop over plain http for a year.
    hsts: config.publicUrl.startsWith("https://") ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    frameguard: { action: "deny" },
    // Card payment's 3-D Secure may open the bank's window: the opener stays with same-origin pages.
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
  });
  // Scripts, style sheets and workers keep no policy of their own (a worker's would bind it).
  app.addHook("onSend", async (_request, reply, payload) => {
    const type = String(reply.getHeader("content-type") ?? "");
    if (!reply.hasHeader("content-security-policy") && /json|svg|html/.test(type)) reply.header("content-security-policy", NON_PAGE_POLICY);
    return payload;
  });
}

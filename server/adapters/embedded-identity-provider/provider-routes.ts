// Mounts the embedded identity provider on the shop's server under /oidc: its sign-in page (our
// own routes, a form posted to itself) and its protocol endpoints (oidc-provider's Koa callback,
// handed the raw request with the prefix taken off, its body left unread for it to parse).
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type Provider from "oidc-provider";
import { pagePolicy } from "../../http/security-headers.ts";
import { checkDecoyPassword, passwordMatches } from "../../modules/customers/passwords.ts";
import type { EmployeeDirectory } from "./employees.ts";
import { PROVIDER_PATH } from "./provider-configuration.ts";
import { errorPage, pageLocaleOf, signInPage, type PageLocale } from "./sign-in-page.ts";

/** The sign-in form is two short fields. */
const FORM_BODY_LIMIT = 8 * 1024;
const MAX_FIELD_LENGTH = 320;

const uidParams = {
  type: "object",
  required: ["uid"],
  properties: { uid: { type: "string", minLength: 1, maxLength: 100, pattern: "^[A-Za-z0-9_-]+$" } },
} as const;

type InteractionRequest = FastifyRequest<{ Params: { uid: string } }>;

export interface ProviderRoutesOptions {
  provider: () => Promise<Provider>;
  issuer: string;
  publicUrl: string;
  employees: EmployeeDirectory;
  /** Show the demo accounts' hint on the sign-in page. */
  demoHint: boolean;
}

const fieldOf = (body: unknown, name: string): string => {
  if (typeof body !== "object" || body === null || !(name in body)) return "";
  const value: unknown = Reflect.get(body, name);
  return typeof value === "string" ? value.slice(0, MAX_FIELD_LENGTH) : "";
};

/** The origin the provider will send the browser back to: the page's form may end there (CSP form-action follows redirects). */
function returnOrigins(redirectUri: unknown): string[] {
  if (typeof redirectUri !== "string") return [];
  const parsed = URL.parse(redirectUri);
  return parsed ? [parsed.origin] : [];
}

function sendPage(reply: FastifyReply, statusCode: number, html: string, forms: string[] = []) {
  return reply
    .status(statusCode)
    .header("cache-control", "no-store")
    .header("content-security-policy", pagePolicy([], [{ forms }]))
    .type("text/html; charset=utf-8")
    .send(html);
}

export async function providerRoutes(app: FastifyInstance, options: ProviderRoutesOptions) {
  const issuerUrl = new URL(options.issuer);
  const expired = (request: FastifyRequest, reply: FastifyReply) => {
    const locale = pageLocaleOf(undefined, request.headers["accept-language"]);
    const message =
      locale === "fr"
        ? "Cette page de connexion a expiré ou n'est plus valable. Revenez à la boutique et recommencez."
        : "This sign-in page has expired or is no longer valid. Go back to the shop and start again.";
    return sendPage(reply, 400, errorPage(locale, message, `${options.publicUrl}/${locale}`));
  };

  /** The interaction of the request's cookie, if it is the one of the address and asks for a sign-in. */
  async function loginInteraction(provider: Provider, request: InteractionRequest, reply: FastifyReply) {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      return interaction.uid === request.params.uid && interaction.prompt.name === "login" ? interaction : undefined;
    } catch {
      // No interaction cookie, or an interaction past its life: the page cannot be used.
      return undefined;
    }
  }

  await app.register(async (pages) => {
    pages.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === "string" ? body : body.toString("utf8"))));
    });

    pages.get(`${PROVIDER_PATH}/interaction/:uid`, { schema: { params: uidParams } }, async (request: InteractionRequest, reply) => {
      const provider = await options.provider();
      const interaction = await loginInteraction(provider, request, reply);
      if (!interaction) return expired(request, reply);
      const locale: PageLocale = pageLocaleOf(interaction.params.ui_locales, request.headers["accept-language"]);
      const html = signInPage({ locale, action: request.url, demoHint: options.demoHint });
      return sendPage(reply, 200, html, returnOrigins(interaction.params.redirect_uri));
    });

    pages.post(`${PROVIDER_PATH}/interaction/:uid`, { schema: { params: uidParams } }, async (request: InteractionRequest, reply) => {
      const provider = await options.provider();
      const interaction = await loginInteraction(provider, request, reply);
      if (!interaction) return expired(request, reply);
      const email = fieldOf(request.body, "email").trim();
      const password = fieldOf(request.body, "password");
      const employee = email === "" ? undefined : await options.employees.findByEmail(email);
      const matches = employee ? await passwordMatches(employee.passwordHash, password) : await checkDecoyPassword(password);
      const forms = returnOrigins(interaction.params.redirect_uri);
      if (!employee || !matches) {
        const locale = pageLocaleOf(interaction.params.ui_locales, request.headers["accept-language"]);
        return sendPage(reply, 401, signInPage({ locale, action: request.url, email, failed: true, demoHint: options.demoHint }), forms);
      }
      reply.hijack();
      reply.raw.setHeader("cache-control", "no-store");
      await provider.interactionFinished(request.raw, reply.raw, { login: { accountId: employee.subject } }, { mergeWithLastSubmission: false });
    });
  });

  await app.register(async (endpoints) => {
    // oidc-provider reads the bodies itself (form or JSON, with its own limits).
    endpoints.removeAllContentTypeParsers();
    endpoints.addContentTypeParser("*", (_request, _payload, done) => done(null));
    let callback: ReturnType<Provider["callback"]> | undefined;

    endpoints.all(`${PROVIDER_PATH}/*`, async (request, reply) => {
      const provider = await options.provider();
      callback ??= provider.callback();
      const raw = request.raw;
      // The provider builds its addresses from these: always the issuer's, whoever sent what.
      raw.headers["x-forwarded-host"] = issuerUrl.host;
      raw.headers["x-forwarded-proto"] = issuerUrl.protocol.replace(/:$/, "");
      raw.headers["x-forwarded-for"] = request.ip;
      const originalUrl = raw.url ?? PROVIDER_PATH;
      // oidc-provider finds its mount path from the original address, as behind any mounting router.
      Object.assign(raw, { originalUrl });
      raw.url = originalUrl.slice(PROVIDER_PATH.length) || "/";
      reply.hijack();
      reply.raw.setHeader("content-security-policy", pagePolicy([]));
      await callback(raw, reply.raw);
    });
  });
}

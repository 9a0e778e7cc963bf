// The sandbox's issuer pages, served by the shop's server (registered only when the sandbox is the
// payment gateway): the card page, the 3-D Secure challenge page and the way back to the shop.
// Each form posts to the page itself; its answer sends the browser on (303), to the challenge or to
// the payment's return address with its `redirectResult`.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { pagePolicy } from "../../http/security-headers.ts";
import type { PaymentSandbox } from "./payment-sandbox.ts";
import type { PageStep } from "./sandbox-issuer.ts";
import { cardFormOf, readCardForm } from "./sandbox-card-form.ts";
import { dropInResources } from "./sandbox-drop-in-resources.ts";
import { challengePage, payPage, unusableLinkPage } from "./sandbox-pages.ts";
import type { SandboxLocale } from "./sandbox-payments.ts";
import { SANDBOX_TEXTS } from "./sandbox-texts.ts";
import { MAX_TOKEN_LENGTH } from "./sandbox-tokens.ts";

/** A form's body is a handful of short fields. */
const FORM_BODY_LIMIT = 8 * 1024;

// The token is the rest of the path (a wildcard: route parameters are limited to 100 characters).
const tokenParams = {
  type: "object",
  required: ["*"],
  properties: { "*": { type: "string", minLength: 1, maxLength: MAX_TOKEN_LENGTH, pattern: "^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$" } },
} as const;

type TokenRequest = FastifyRequest<{ Params: { "*": string } }>;

const localeOfRequest = (request: FastifyRequest): SandboxLocale =>
  /^\s*fr\b/i.test(String(request.headers["accept-language"] ?? "fr")) ? "fr" : "en";

export interface PaymentSandboxRoutesOptions {
  sandbox: PaymentSandbox;
  /** The shop's address, where an unusable link sends the shopper. */
  publicUrl: string;
}

export async function paymentSandboxRoutes(app: FastifyInstance, options: PaymentSandboxRoutesOptions) {
  const { issuer } = options.sandbox;

  await dropInResources(app);

  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(typeof body === "string" ? body : body.toString("utf8"))));
  });

  /** A page of the sandbox: its forms may end at the payment's return address (another origin in development). */
  function sendPage(reply: FastifyReply, statusCode: number, html: string, returnUrl?: string) {
    const forms = returnUrl ? [new URL(returnUrl).origin] : [];
    return reply
      .status(statusCode)
      .header("cache-control", "no-store")
      .header("content-security-policy", pagePolicy([], [{ forms }]))
      .type("text/html; charset=utf-8")
      .send(html);
  }

  function unusable(request: FastifyRequest, reply: FastifyReply, status: "invalid" | "expired") {
    const locale = localeOfRequest(request);
    return sendPage(reply, status === "expired" ? 410 : 400, unusableLinkPage(locale, status, `${options.publicUrl}/${locale}`));
  }

  function follow(request: FastifyRequest, reply: FastifyReply, step: PageStep) {
    if (step.status !== "redirect") return unusable(request, reply, step.status);
    return reply.header("cache-control", "no-store").redirect(step.location, 303);
  }

  app.get("/payment-sandbox/pay/*", { schema: { params: tokenParams } }, async (request: TokenRequest, reply) => {
    const check = await issuer.openPayment(request.params["*"]);
    if (check.status !== "valid") return unusable(request, reply, check.status);
    return sendPage(reply, 200, payPage(request.params["*"], check.payload), check.payload.ret);
  });

  app.post("/payment-sandbox/pay/*", { schema: { params: tokenParams } }, async (request: TokenRequest, reply) => {
    const token = request.params["*"];
    const check = await issuer.openPayment(token);
    if (check.status !== "valid") return unusable(request, reply, check.status);
    const form = cardFormOf(request.body);
    const read = readCardForm(form, SANDBOX_TEXTS[check.payload.loc]);
    if ("errors" in read) return sendPage(reply, 400, payPage(token, check.payload, form, read.errors), check.payload.ret);
    return follow(request, reply, await issuer.submitCard(token, read.entry));
  });

  app.get("/payment-sandbox/challenge/*", { schema: { params: tokenParams } }, async (request: TokenRequest, reply) => {
    const check = await issuer.openChallenge(request.params["*"]);
    if (check.status !== "valid") return unusable(request, reply, check.status);
    return sendPage(reply, 200, challengePage(request.params["*"], check.payload), check.payload.ret);
  });

  app.post("/payment-sandbox/challenge/*", { schema: { params: tokenParams } }, async (request: TokenRequest, reply) => {
    const body: unknown = request.body;
    const password = typeof body === "object" && body !== null && "password" in body && typeof body.password === "string" ? body.password.slice(0, 200) : "";
    return follow(request, reply, await issuer.submitChallenge(request.params["*"], password));
  });

  app.post("/payment-sandbox/cancel/*", { schema: { params: tokenParams } }, async (request: TokenRequest, reply) =>
    follow(request, reply, await issuer.abandon(request.params["*"])),
  );
}

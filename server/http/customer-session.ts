// The customer sessions over HTTP: the token comes in `X-Customer-Authorization: Bearer <jwt>`,
// the renewed one goes back in `X-Customer-Token`. The sessions themselves live in
// server/platform/sessions.ts and know nothing about requests.
import type { FastifyReply, FastifyRequest } from "fastify";
import {
  CUSTOMER_TOKEN_HEADER,
  customerRequired,
  type CustomerIdentity,
  type CustomerSessions,
} from "../platform/sessions.ts";

/** The bearer token of the `X-Customer-Authorization` header, if any. */
export function customerBearer(request: FastifyRequest): string | null {
  const header = request.headers["x-customer-authorization"];
  const match = /^Bearer\s+(\S+)$/i.exec(typeof header === "string" ? header : "");
  return match?.[1] ?? null;
}

/** Hands a new or renewed customer token to the client. */
export function sendCustomerToken(reply: FastifyReply, token: string): void {
  reply.header(CUSTOMER_TOKEN_HEADER, token);
}

/** A sign-in's answer; the token of the session it opened (if any) also goes in `X-Customer-Token`. */
export function signedIn<Response extends { token: string | null }>(reply: FastifyReply, response: Response): Response {
  if (response.token) sendCustomerToken(reply, response.token);
  return response;
}

/**
 * The request's customer, or null when it sends no customer token; a token that is present but
 * invalid, expired or revoked is refused with 401. A valid token is renewed in the answer.
 */
export async function identifyCustomer(
  sessions: CustomerSessions,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<CustomerIdentity | null> {
  const token = customerBearer(request);
  if (token === null) return null;
  const { identity, renewedToken } = await sessions.identify(token);
  if (renewedToken !== null) sendCustomerToken(reply, renewedToken);
  return identity;
}

/** The customer of an operation that needs one: 401 without a token. */
export async function requireCustomer(sessions: CustomerSessions, request: FastifyRequest, reply: FastifyReply): Promise<CustomerIdentity> {
  const customer = await identifyCustomer(sessions, request, reply);
  if (!customer) throw customerRequired();
  return customer;
}

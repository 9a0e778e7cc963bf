// Who the signed-in customer of a request is. Operations that accept a customer read the
// `X-Customer-Authorization: Bearer <jwt>` header through this seam; the accounts module issues,
// verifies, renews and revokes the tokens behind it.
import type { FastifyReply, FastifyRequest } from "fastify";
import type { components } from "../../common/api/schema.gen.ts";
import { unauthorized } from "./errors.ts";

export type CustomerGroup = components["schemas"]["CustomerGroup"];

/** The customer a valid token stands for. */
export interface CustomerIdentity {
  id: string;
  email: string;
  group: CustomerGroup;
  locale: "fr_FR" | "en_US";
}

export interface CustomerSessions {
  /**
   * The request's customer, or null when it sends no customer token. A token that is present but
   * invalid, expired or revoked is refused with 401 (code `CUSTOMER_TOKEN_INVALID`). A valid
   * token is renewed: the new one goes out in the `X-Customer-Token` response header.
   */
  identify(request: FastifyRequest, reply: FastifyReply): Promise<CustomerIdentity | null>;
}

export const customerTokenInvalid = () => unauthorized("The customer token is invalid or expired", "CUSTOMER_TOKEN_INVALID");

/** The customer of an operation that needs one: 401 without a token. */
export async function requireCustomer(sessions: CustomerSessions, request: FastifyRequest, reply: FastifyReply): Promise<CustomerIdentity> {
  const customer = await sessions.identify(request, reply);
  if (!customer) throw unauthorized("This operation needs a signed-in customer", "CUSTOMER_TOKEN_INVALID");
  return customer;
}

/** The bearer token of the `X-Customer-Authorization` header, if any. */
export function customerBearer(request: FastifyRequest): string | null {
  const header = request.headers["x-customer-authorization"];
  const match = /^Bearer\s+(\S+)$/i.exec(typeof header === "string" ? header : "");
  return match?.[1] ?? null;
}

/**
 * Sessions before the accounts module exists: no token can have been issued, so any token sent is
 * refused. The accounts module replaces this with its JWT sessions.
 */
export const noCustomerSessions: CustomerSessions = {
  async identify(request) {
    if (customerBearer(request) === null) return null;
    throw customerTokenInvalid();
  },
};

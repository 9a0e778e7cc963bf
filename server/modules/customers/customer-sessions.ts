// Customer sessions: a JWT (HS256, 30 minutes) names a session row; every authenticated call
// renews the token (sliding session, `X-Customer-Token`); logout revokes the session, a password
// change every session of the customer.
import { createHmac } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import type { Database, Orm } from "../../db/client.ts";
import { customers, customerSessions } from "../../db/schema.ts";
import {
  customerBearer,
  customerTokenInvalid,
  type CustomerGroup,
  type CustomerIdentity,
  type CustomerSessions,
} from "../../http/customer-session.ts";
import { unauthorized } from "../../http/errors.ts";
import type { ApiLocale } from "../catalog/locale.ts";

export const SESSION_TTL_SECONDS = 30 * 60;
/** A session's stored expiry moves forward at most this often (one write per few minutes of use). */
const EXPIRY_STEP_MS = 5 * 60_000;
export const CUSTOMER_TOKEN_HEADER = "x-customer-token";

export interface SignedInSession {
  sessionId: string;
  /** The stored expiry of the session (approximate: see EXPIRY_STEP_MS). */
  expiresAt: Date;
  customerId: number;
  identity: CustomerIdentity;
}

export function createSessionService(deps: { db: Database; secret: () => Promise<string>; now: () => Date }) {
  const { db, secret, now } = deps;
  const signingKey = async () => new TextEncoder().encode(await secret());

  async function tokenFor(sessionId: string, customerUuid: string): Promise<string> {
    const issuedAt = Math.floor(now().getTime() / 1000);
    return new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(customerUuid)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + SESSION_TTL_SECONDS)
      .sign(await signingKey());
  }

  const expiryFrom = (at: Date) => new Date(at.getTime() + SESSION_TTL_SECONDS * 1000);

  /** The live session a token names, or a 401 CUSTOMER_TOKEN_INVALID. */
  async function sessionOf(token: string): Promise<SignedInSession> {
    let sessionId: unknown;
    let subject: string | undefined;
    try {
      const { payload } = await jwtVerify(token, await signingKey(), { algorithms: ["HS256"], currentDate: now() });
      sessionId = payload.sid;
      subject = payload.sub;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) throw customerTokenInvalid();
      throw error;
    }
    if (typeof sessionId !== "string" || !/^[0-9a-f-]{36}$/.test(sessionId) || !subject) throw customerTokenInvalid();
    const [row] = await db.orm
      .select({
        customerId: customers.id,
        uuid: customers.uuid,
        email: customers.email,
        group: customers.customerGroup,
        locale: customers.locale,
        expiresAt: customerSessions.expiresAt,
      })
      .from(customerSessions)
      .innerJoin(customers, eq(customers.id, customerSessions.customerId))
      .where(and(eq(customerSessions.id, sessionId), isNull(customerSessions.revokedAt), eq(customers.uuid, subject)))
      .limit(1);
    if (!row) throw customerTokenInvalid();
    return {
      expiresAt: row.expiresAt,
      sessionId,
      customerId: row.customerId,
      identity: { id: row.uuid, email: row.email, group: row.group as CustomerGroup, locale: row.locale as ApiLocale },
    };
  }

  const service = {
    /**
     * Reads (or makes) the signing secret. Call it before a transaction that issues a token or a
     * hash: the embedded database has one connection, so a first lookup from inside it would wait.
     */
    async ready(): Promise<void> {
      await secret();
    },

    /** Opens a session for the customer and returns its token. */
    async open(customer: { id: number; uuid: string }, orm: Orm = db.orm): Promise<string> {
      const [session] = await orm
        .insert(customerSessions)
        .values({ customerId: customer.id, createdAt: now(), expiresAt: expiryFrom(now()) })
        .returning({ id: customerSessions.id });
      if (!session) throw new Error("the session was not stored");
      return tokenFor(session.id, customer.uuid);
    },

    /** The request's session without renewing it; null without a token. */
    async current(request: FastifyRequest): Promise<SignedInSession | null> {
      const token = customerBearer(request);
      return token === null ? null : sessionOf(token);
    },

    /** The request's session, renewed in `X-Customer-Token`; null without a token. */
    async renewed(request: FastifyRequest, reply: FastifyReply): Promise<SignedInSession | null> {
      const session = await service.current(request);
      if (!session) return null;
      const expiresAt = expiryFrom(now());
      if (expiresAt.getTime() - session.expiresAt.getTime() >= EXPIRY_STEP_MS) {
        await db.orm.update(customerSessions).set({ expiresAt }).where(eq(customerSessions.id, session.sessionId));
      }
      reply.header(CUSTOMER_TOKEN_HEADER, await tokenFor(session.sessionId, session.identity.id));
      return session;
    },

    /** The signed-in session an operation needs: 401 without a token. */
    async required(request: FastifyRequest, reply: FastifyReply): Promise<SignedInSession> {
      const session = await service.renewed(request, reply);
      if (!session) throw unauthorized("This operation needs a signed-in customer", "CUSTOMER_TOKEN_INVALID");
      return session;
    },

    async revoke(sessionId: string, orm: Orm = db.orm): Promise<void> {
      await orm.update(customerSessions).set({ revokedAt: now() }).where(eq(customerSessions.id, sessionId));
    },

    async revokeAll(customerId: number, orm: Orm = db.orm): Promise<void> {
      await orm
        .update(customerSessions)
        .set({ revokedAt: now() })
        .where(and(eq(customerSessions.customerId, customerId), isNull(customerSessions.revokedAt)));
    },

    /** A keyed hash (for one-time passwords and reset tokens): useless without the server's secret. */
    async keyedHash(purpose: string, value: string): Promise<string> {
      return createHmac("sha256", await secret()).update(`${purpose}:${value}`).digest("base64url");
    },

    /** The seam other modules use to know the request's customer. */
    sessions: {
      async identify(request, reply): Promise<CustomerIdentity | null> {
        return (await service.renewed(request, reply))?.identity ?? null;
      },
    } satisfies CustomerSessions,
  };
  return service;
}

export type SessionService = ReturnType<typeof createSessionService>;

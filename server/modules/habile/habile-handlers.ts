// Handlers of employee single sign-on (habile): start (state, nonce and PKCE verifier kept on the
// server, the provider's authorization address answered) and sign-in with the code the browser
// brought back (the request consumed, the code exchanged, the employee's account signed in).
import type { FastifyBaseLogger } from "fastify";
import { IdentityProviderError, type EmployeeIdentityProvider } from "../../adapters/oidc/employee-identity-provider.ts";
import type { Database } from "../../db/client.ts";
import type { OperationHandlers } from "../../http/contract.ts";
import { signedIn } from "../../http/customer-session.ts";
import { HttpError, unauthorized } from "../../http/errors.ts";
import { addressSubject, limitOf, type AttemptLimits } from "../../platform/attempt-limits.ts";
import type { Sessions } from "../../platform/sessions.ts";
import type { CartRepository } from "../cart/cart-repository.ts";
import { DEFAULT_LOCALE, langOf } from "../catalog/locale.ts";
import type { CustomerRepository, CustomerRow } from "../customers/customer-repository.ts";
import type { EmployeeAccounts } from "./employee-accounts.ts";
import { randomToken, type SignOnRequests } from "./sign-on-requests.ts";

/** Sign-ins one client address may start in 15 minutes: far above one office's need, far below a flood. */
const STARTS_PER_ADDRESS = 60;
/** The SPA's return page (SPEC: /habile-sign-in), in the request's language. */
const RETURN_PAGE = "habile-sign-in";

const stateRejected = () =>
  unauthorized("This sign-in request is unknown, was already used, has expired or was started for another kind of sign-in: start again", "SSO_STATE_REJECTED");

/** What a failure of the provider means to the client. */
function providerFailure(error: IdentityProviderError): HttpError {
  switch (error.failure) {
    case "code-rejected":
      return unauthorized("The identity provider refused the authorization code (unknown, already used or expired): start again", "SSO_CODE_REJECTED");
    case "token-rejected":
      return unauthorized("The identity provider's ID token failed validation", "SSO_TOKEN_REJECTED");
    case "unavailable":
      return new HttpError(502, "The employees' identity provider could not be reached", "UPSTREAM_UNAVAILABLE");
  }
}

async function askProvider<T>(log: FastifyBaseLogger, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof IdentityProviderError)) throw error;
    // The operator needs the provider's own words: the client only gets the code.
    log.warn({ err: error.cause ?? error, failure: error.failure }, error.message);
    throw providerFailure(error);
  }
}

export interface HabileHandlersDeps {
  db: Database;
  identityProvider: EmployeeIdentityProvider;
  requests: SignOnRequests;
  employees: EmployeeAccounts;
  customers: CustomerRepository;
  sessions: Sessions;
  limits: AttemptLimits;
  carts: CartRepository;
  publicUrl: string;
}

export function habileHandlers(deps: HabileHandlersDeps): OperationHandlers {
  const { db, identityProvider, requests, employees, customers, sessions, limits, carts } = deps;

  /** An empowerment beneficiary starts from an empty basket (SPEC §4); a cart being paid stays. */
  async function removeCart(customer: CustomerRow): Promise<void> {
    const cart = await carts.findByCustomer(customer.uuid);
    if (cart) await carts.delete({ cartUuid: cart.uuid, requester: { customerId: customer.uuid } });
  }

  return {
    async startHabileSignIn(request) {
      const limit = limitOf(addressSubject(request.ip), STARTS_PER_ADDRESS);
      await limits.take("single-sign-on", [limit]);
      const lang = langOf(request.query.locale ?? DEFAULT_LOCALE);
      const redirectUri = `${deps.publicUrl}/${lang}/${RETURN_PAGE}`;
      const state = randomToken();
      const signOn = { habileType: request.body.habileType, codeVerifier: randomToken(), nonce: randomToken(), redirectUri };
      const authorizationUrl = await askProvider(request.log, () => identityProvider.authorizationUrl({ ...signOn, state, uiLocale: lang }));
      await requests.save(state, signOn);
      return { authorizationUrl, state };
    },

    async signInHabile(request, reply) {
      const { authorizationCode, habileType, state } = request.query;
      await limits.check("single-sign-on", [limitOf(addressSubject(request.ip), STARTS_PER_ADDRESS)]);
      const signOn = await requests.consume(state);
      if (!signOn || signOn.habileType !== habileType) throw stateRejected();
      const identity = await askProvider(request.log, () =>
        identityProvider.exchangeCode({ code: authorizationCode, state, nonce: signOn.nonce, codeVerifier: signOn.codeVerifier, redirectUri: signOn.redirectUri }),
      );
      const customer = await employees.accountFor({ identity, habileType, locale: request.query.locale ?? DEFAULT_LOCALE });
      if (habileType === "EMPOWERMENT") await removeCart(customer);
      await sessions.ready();
      const response = await db.orm.transaction(async (tx) => ({
        token: await sessions.issue(customer, "single-sign-on", tx),
        twoFactorRequired: false,
        customer: await customers.view(customer, tx),
      }));
      return signedIn(reply, response);
    },
  };
}

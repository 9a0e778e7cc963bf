// What the shop asks of the employees' identity provider (OpenID Connect, authorization code with
// PKCE): where to send the browser, and who came back with a code. The configured provider and the
// embedded one both answer through the same relying party (openid-relying-party.ts).

/** The parameters of one trip to the provider; the verifier and the nonce stay on the server. */
export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  /** The language of the provider's pages (`fr`, `en`), sent as `ui_locales`. */
  uiLocale: string;
}

/** The browser came back with a code: what to exchange it with, and what the answer must match. */
export interface CodeExchange extends Omit<AuthorizationRequest, "uiLocale"> {
  code: string;
}

/** The employee the provider vouched for: its issuer and subject, and the claims of its ID token (and user info). */
export interface EmployeeIdentity {
  issuer: string;
  subject: string;
  claims: Readonly<Record<string, unknown>>;
}

export interface EmployeeIdentityProvider {
  /** The provider's authorization address with every parameter; discovers the provider on first use. */
  authorizationUrl(request: AuthorizationRequest): Promise<string>;
  /** Exchanges the code and validates the ID token (signature, issuer, audience, expiry, nonce). */
  exchangeCode(exchange: CodeExchange): Promise<EmployeeIdentity>;
}

/**
 * Why the provider's answer cannot be used: `code-rejected` (the provider refused the code: unknown,
 * used, expired), `token-rejected` (the ID token failed validation), `unavailable` (the provider could
 * not be reached or answered out of protocol).
 */
export type IdentityProviderFailure = "code-rejected" | "token-rejected" | "unavailable";

export class IdentityProviderError extends Error {
  constructor(
    readonly failure: IdentityProviderFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

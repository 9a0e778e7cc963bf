// The shop as an OpenID Connect relying party (openid-client): discovery of the issuer, the
// authorization address (code, PKCE S256, state, nonce), the code exchange and the ID token's
// validation, signature included. `fetch` carries every call to the provider: the network, the
// embedded provider reached in-process, or a test's scripted issuer.
import * as client from "openid-client";
import {
  IdentityProviderError,
  type AuthorizationRequest,
  type CodeExchange,
  type EmployeeIdentity,
  type EmployeeIdentityProvider,
} from "./employee-identity-provider.ts";

export const SSO_SCOPE = "openid email profile";

/** Claims the shop needs; asked of the user info endpoint when the ID token lacks them. */
const NEEDED_CLAIMS = ["email"] as const;

export interface RelyingPartyOptions {
  issuer: string;
  /** The shop's client id and secret at the provider (the embedded one reads them from the database). */
  credentials: () => Promise<{ clientId: string; clientSecret: string }>;
  /** Plain http is allowed only for the embedded provider and a provider on this machine. */
  allowHttp: boolean;
  /** How calls reach the provider (default: the network). */
  fetch?: client.CustomFetch;
  /** Seconds before a call to the provider is given up. */
  timeoutSeconds?: number;
}

const DEFAULT_TIMEOUT_SECONDS = 10;

/** True for an issuer on this machine: the only place plain http is accepted. */
export function isLocalIssuer(issuer: string): boolean {
  const { hostname } = new URL(issuer);
  return hostname === "localhost" || hostname.endsWith(".localhost") || hostname === "[::1]" || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** Turns what openid-client throws into the three failures the shop tells apart. */
function failureOf(error: unknown, step: "discovery" | "exchange"): IdentityProviderError {
  if (error instanceof IdentityProviderError) return error;
  if (step === "exchange" && error instanceof client.ResponseBodyError && error.error === "invalid_grant") {
    return new IdentityProviderError("code-rejected", `The identity provider refused the code: ${error.error_description ?? error.error}`, { cause: error });
  }
  if (step === "exchange" && error instanceof client.ClientError && !UNREACHABLE_CODES.has(error.code ?? "")) {
    return new IdentityProviderError("token-rejected", `The identity provider's answer failed validation: ${error.message}`, { cause: error });
  }
  const detail = error instanceof Error ? error.message : String(error);
  return new IdentityProviderError("unavailable", `The identity provider could not be used: ${detail}`, { cause: error });
}

/** openid-client codes that mean the provider answered out of protocol (an outage), not a bad token. */
const UNREACHABLE_CODES = new Set(["OAUTH_RESPONSE_IS_NOT_CONFORM", "OAUTH_RESPONSE_IS_NOT_JSON", "OAUTH_HTTP_REQUEST_FORBIDDEN", "OAUTH_REQUEST_PROTOCOL_FORBIDDEN"]);

export function openidRelyingParty(options: RelyingPartyOptions): EmployeeIdentityProvider {
  let configuration: Promise<client.Configuration> | undefined;

  async function discover(): Promise<client.Configuration> {
    const execute = options.allowHttp ? [client.allowInsecureRequests, client.enableNonRepudiationChecks] : [client.enableNonRepudiationChecks];
    const { clientId, clientSecret } = await options.credentials();
    return client.discovery(new URL(options.issuer), clientId, { client_secret: clientSecret }, client.ClientSecretBasic(clientSecret), {
      execute,
      timeout: options.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS,
      ...(options.fetch ? { [client.customFetch]: options.fetch } : {}),
    });
  }

  /** The discovered configuration, looked up once; a failure is retried on the next sign-in. */
  function configured(): Promise<client.Configuration> {
    configuration ??= discover();
    configuration.catch(() => {
      configuration = undefined;
    });
    return configuration.catch((error: unknown) => {
      throw failureOf(error, "discovery");
    });
  }

  return {
    async authorizationUrl(request: AuthorizationRequest) {
      const config = await configured();
      return client
        .buildAuthorizationUrl(config, {
          redirect_uri: request.redirectUri,
          scope: SSO_SCOPE,
          state: request.state,
          nonce: request.nonce,
          code_challenge: await client.calculatePKCECodeChallenge(request.codeVerifier),
          code_challenge_method: "S256",
          ui_locales: request.uiLocale,
        })
        .toString();
    },

    async exchangeCode(exchange: CodeExchange): Promise<EmployeeIdentity> {
      const config = await configured();
      const callback = new URL(exchange.redirectUri);
      callback.searchParams.set("code", exchange.code);
      callback.searchParams.set("state", exchange.state);
      // The browser's return does not carry `iss`; with a single provider there is no mix-up to
      // detect, so the configured issuer stands in for it.
      if (config.serverMetadata().authorization_response_iss_parameter_supported) callback.searchParams.set("iss", config.serverMetadata().issuer);
      try {
        const tokens = await client.authorizationCodeGrant(config, callback, {
          pkceCodeVerifier: exchange.codeVerifier,
          expectedState: exchange.state,
          expectedNonce: exchange.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims();
        if (!idToken) throw new IdentityProviderError("token-rejected", "The identity provider sent no ID token");
        let claims: Record<string, unknown> = { ...idToken };
        if (NEEDED_CLAIMS.some((name) => claims[name] === undefined) && config.serverMetadata().userinfo_endpoint) {
          claims = { ...(await client.fetchUserInfo(config, tokens.access_token, idToken.sub)), ...claims };
        }
        return { issuer: idToken.iss, subject: idToken.sub, claims };
      } catch (error) {
        throw failureOf(error, "exchange");
      }
    },
  };
}

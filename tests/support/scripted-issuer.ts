// An OpenID provider scripted by a test (built with jose), reached through the relying party's
// `fetch` instead of the network: discovery, its keys, and a token endpoint whose ID token the
// test may spoil (another nonce, audience, issuer, an expired token, a foreign signature).
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from "jose";
import type { CustomFetch } from "openid-client";
import type { EmployeeIdentityProvider } from "../../server/adapters/oidc/employee-identity-provider.ts";
import { openidRelyingParty } from "../../server/adapters/oidc/openid-relying-party.ts";

export const SCRIPTED_ISSUER = "https://login.scripted.example";
export const SCRIPTED_CLIENT_ID = "escale-shop";
const CLIENT_SECRET = "scripted-client-secret";

interface Authorization {
  nonce: string;
  clientId: string;
  used: boolean;
}

export interface ScriptedIssuer {
  /** The relying party to hand the shop (`adapters.identityProvider`). */
  identityProvider: EmployeeIdentityProvider;
  /** The provider's side of the browser's trip: a code for this authorization address. */
  authorize(authorizationUrl: string): string;
  /** Claims of the next ID tokens, over the right ones (`undefined` removes one). */
  spoil(claims: JWTPayload): void;
  /** Sign the next ID tokens with a key the provider does not publish. */
  signWithForeignKey(): void;
  /** Answer nothing: the provider is down. */
  goDown(): void;
  /** The claims of the employee who signs in. */
  employee: Record<string, unknown>;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

export async function scriptedIssuer(employee: Record<string, unknown>): Promise<ScriptedIssuer> {
  const published = await generateKeyPair("RS256");
  const foreign = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(published.publicKey)), kid: "scripted-key", alg: "RS256", use: "sig" };
  const codes = new Map<string, Authorization>();
  let spoiled: JWTPayload = {};
  let signingKey: CryptoKey = published.privateKey;
  let down = false;

  async function token(body: URLSearchParams, authorization: string | undefined): Promise<Response> {
    // RFC 6749 §2.3.1: id and secret form-encoded, then base64.
    const [id, secret] = Buffer.from(authorization?.replace(/^Basic /, "") ?? "", "base64").toString().split(":").map(decodeURIComponent);
    if (id !== SCRIPTED_CLIENT_ID || secret !== CLIENT_SECRET) {
      return json({ error: "invalid_client" }, 401);
    }
    const grant = codes.get(body.get("code") ?? "");
    if (!grant || grant.used || !body.get("code_verifier")) return json({ error: "invalid_grant", error_description: "grant request is invalid" }, 400);
    grant.used = true;
    const now = Math.floor(Date.now() / 1000);
    const claims: JWTPayload = { iss: SCRIPTED_ISSUER, aud: grant.clientId, iat: now, exp: now + 600, nonce: grant.nonce, ...scripted.employee, ...spoiled };
    const idToken = await new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid: "scripted-key" }).sign(signingKey);
    return json({ access_token: "scripted-access-token", token_type: "Bearer", expires_in: 600, id_token: idToken, scope: "openid email profile" });
  }

  const fetch: CustomFetch = async (url, options) => {
    if (down) throw new TypeError("fetch failed");
    const { pathname } = new URL(url);
    if (pathname === "/.well-known/openid-configuration") {
      return json({
        issuer: SCRIPTED_ISSUER,
        authorization_endpoint: `${SCRIPTED_ISSUER}/authorize`,
        token_endpoint: `${SCRIPTED_ISSUER}/token`,
        jwks_uri: `${SCRIPTED_ISSUER}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        code_challenge_methods_supported: ["S256"],
      });
    }
    if (pathname === "/jwks") return json({ keys: [jwk] });
    if (pathname === "/token" && options.body instanceof URLSearchParams) return token(options.body, new Headers(options.headers).get("authorization") ?? undefined);
    return json({ error: "not_found" }, 404);
  };

  const scripted: ScriptedIssuer = {
    employee,
    identityProvider: openidRelyingParty({
      issuer: SCRIPTED_ISSUER,
      credentials: async () => ({ clientId: SCRIPTED_CLIENT_ID, clientSecret: CLIENT_SECRET }),
      allowHttp: false,
      fetch,
    }),
    authorize(authorizationUrl) {
      const params = new URL(authorizationUrl).searchParams;
      const code = `code-${codes.size + 1}`;
      codes.set(code, { nonce: params.get("nonce") ?? "", clientId: params.get("client_id") ?? "", used: false });
      return code;
    },
    spoil(claims) {
      spoiled = claims;
    },
    signWithForeignKey() {
      signingKey = foreign.privateKey;
    },
    goDown() {
      down = true;
    },
  };
  return scripted;
}

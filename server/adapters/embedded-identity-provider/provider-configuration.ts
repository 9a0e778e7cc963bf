// The embedded identity provider's oidc-provider configuration: one client (the shop, PKCE
// required, client_secret_basic or _post), the employees' claims in the ID token, storage and keys
// in the database, no consent for this first-party client, its own pages for sign-in and errors.
import type { Configuration, KoaContextWithOIDC } from "oidc-provider";
import type { Database } from "../../db/client.ts";
import { claimsOf, type EmployeeDirectory } from "./employees.ts";
import type { ProviderSecrets } from "./provider-secrets.ts";
import { recordStorage } from "./record-storage.ts";
import { errorPage, pageLocaleOf } from "./sign-in-page.ts";

/** Where the provider lives on the shop's server; its issuer is the shop's address plus this. */
export const PROVIDER_PATH = "/oidc";

/** The shop's sign-in return page, in each language (SPEC: /habile-sign-in). */
export const redirectUrisOf = (publicUrl: string) => [`${publicUrl}/fr/habile-sign-in`, `${publicUrl}/en/habile-sign-in`];

const SCOPES = ["openid", "email", "profile"];
/** An employee's sign-in on the provider lasts a working day; a sign-in page, ten minutes. */
const SESSION_SECONDS = 8 * 60 * 60;
const INTERACTION_SECONDS = 10 * 60;

export interface ProviderConfigurationOptions {
  db: Database;
  publicUrl: string;
  secrets: ProviderSecrets;
  employees: EmployeeDirectory;
}

/** The first-party shop is granted what it asks without a consent page. */
async function grantWithoutConsent(ctx: KoaContextWithOIDC) {
  const { oidc } = ctx;
  const existing = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(oidc.client?.clientId ?? "");
  if (existing) {
    const grant = await oidc.provider.Grant.find(existing);
    if (grant) return grant;
  }
  const accountId = oidc.session?.accountId;
  const clientId = oidc.client?.clientId;
  if (!accountId || !clientId) return undefined;
  const grant = new oidc.provider.Grant({ accountId, clientId });
  grant.addOIDCScope(SCOPES.join(" "));
  await grant.save();
  return grant;
}

export function providerConfiguration(options: ProviderConfigurationOptions): Configuration {
  const { db, publicUrl, secrets, employees } = options;
  return {
    adapter: recordStorage(db),
    clients: [
      {
        client_id: secrets.clientId,
        client_secret: secrets.clientSecret,
        client_name: "Escale",
        redirect_uris: redirectUrisOf(publicUrl),
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    clientAuthMethods: ["client_secret_basic", "client_secret_post"],
    scopes: SCOPES,
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["given_name", "family_name", "staff_number", "employee_role", "empowerment_admin"],
    },
    // The shop reads the employee from the ID token: the scopes' claims go in it too.
    conformIdTokenClaims: false,
    responseTypes: ["code"],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      userinfo: { enabled: true },
    },
    jwks: { keys: [secrets.signingKey] },
    cookies: {
      keys: [secrets.cookieKey],
      long: { httpOnly: true, sameSite: "lax", signed: true },
      short: { httpOnly: true, sameSite: "lax", signed: true },
    },
    ttl: {
      Session: SESSION_SECONDS,
      Grant: SESSION_SECONDS,
      Interaction: INTERACTION_SECONDS,
      AuthorizationCode: 60,
      AccessToken: 10 * 60,
      IdToken: 60 * 60,
    },
    interactions: { url: (_ctx, interaction) => `${PROVIDER_PATH}/interaction/${interaction.uid}` },
    loadExistingGrant: grantWithoutConsent,
    async findAccount(_ctx, subject) {
      const employee = await employees.findBySubject(subject);
      if (!employee) return undefined;
      return { accountId: employee.subject, claims: () => claimsOf(employee) };
    },
    renderError(ctx, out) {
      const locale = pageLocaleOf(ctx.oidc?.params?.ui_locales, ctx.get("accept-language"));
      ctx.type = "html";
      ctx.body = errorPage(locale, out.error_description ?? out.error, `${publicUrl}/${locale}`);
    },
  };
}

// The embedded identity provider (demo default of employee single sign-on): an OpenID provider
// (oidc-provider) served by the shop itself under /oidc, with the demo employees of its table. The
// shop signs in against it exactly as against a configured provider (the same relying party),
// its calls answered in-process by the shop's server.
import type { FastifyInstance } from "fastify";
import type Provider from "oidc-provider";
import type { Database } from "../../db/client.ts";
import type { EmployeeIdentityProvider } from "../oidc/employee-identity-provider.ts";
import { injectFetch } from "../oidc/in-process-fetch.ts";
import { openidRelyingParty } from "../oidc/openid-relying-party.ts";
import { employeeDirectory } from "./employees.ts";
import { PROVIDER_PATH, providerConfiguration } from "./provider-configuration.ts";
import { providerRoutes } from "./provider-routes.ts";
import { providerSecrets } from "./provider-secrets.ts";

export interface EmbeddedIdentityProvider extends EmployeeIdentityProvider {
  readonly kind: "embedded";
  readonly issuer: string;
  /** Serves the provider's endpoints and pages on the shop's server, which then answers the shop's calls to it. */
  mount(app: FastifyInstance): Promise<void>;
}

export interface EmbeddedIdentityProviderOptions {
  db: Database;
  /** The shop's address as browsers reach it: the issuer is this plus /oidc. */
  publicUrl: string;
  /** Show the demo accounts on the sign-in page. */
  demoMode: boolean;
}

export function isEmbeddedIdentityProvider(provider: EmployeeIdentityProvider): provider is EmbeddedIdentityProvider {
  return "kind" in provider && provider.kind === "embedded";
}

export function embeddedIdentityProvider(options: EmbeddedIdentityProviderOptions): EmbeddedIdentityProvider {
  const { db, publicUrl } = options;
  const issuer = `${publicUrl}${PROVIDER_PATH}`;
  const secrets = providerSecrets(db);
  const employees = employeeDirectory(db);
  let server: FastifyInstance | undefined;
  let provider: Promise<Provider> | undefined;

  /** Built on first use, once migrations ran: its keys and client live in the database. */
  function providerOf(): Promise<Provider> {
    provider ??= (async () => {
      // Loaded only when the embedded provider serves: a shop on a configured provider never needs it.
      const { default: OidcProvider } = await import("oidc-provider");
      const built = new OidcProvider(issuer, providerConfiguration({ db, publicUrl, secrets: await secrets(), employees }));
      // Its addresses come from the X-Forwarded-* headers the mount sets to the issuer's.
      built.proxy = true;
      return built;
    })();
    provider.catch(() => {
      provider = undefined;
    });
    return provider;
  }

  const relyingParty = openidRelyingParty({
    issuer,
    credentials: async () => {
      const { clientId, clientSecret } = await secrets();
      return { clientId, clientSecret };
    },
    allowHttp: true,
    fetch: injectFetch(() => {
      if (!server) throw new Error("the embedded identity provider is not mounted on the shop's server");
      return server;
    }),
  });

  return {
    kind: "embedded",
    issuer,
    authorizationUrl: relyingParty.authorizationUrl,
    exchangeCode: relyingParty.exchangeCode,
    async mount(app) {
      server = app;
      await app.register(providerRoutes, { provider: providerOf, issuer, publicUrl, employees, demoHint: options.demoMode });
    },
  };
}

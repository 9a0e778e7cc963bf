// The composition root: which adapter stands for each outside service, chosen from the
// configuration in this one place (an embedded default, or the real service when configured).
// server/main.ts and the tests build the adapters here and hand them to the app; tests replace
// any of them through `overrides`.
import { altchaCaptcha } from "./adapters/captcha/altcha-captcha.ts";
import type { Captcha } from "./adapters/captcha/captcha.ts";
import { recaptchaCaptcha } from "./adapters/captcha/recaptcha-captcha.ts";
import { colissimoRelayPoints } from "./adapters/colissimo/colissimo-relay-points.ts";
import { databaseRelayPoints } from "./adapters/colissimo/database-relay-points.ts";
import type { RelayPoints } from "./adapters/colissimo/relay-points.ts";
import { gazetteerGeocoder } from "./adapters/geocoding/gazetteer-geocoder.ts";
import type { Geocoder } from "./adapters/geocoding/geocoder.ts";
import { httpGeocoder } from "./adapters/geocoding/http-geocoder.ts";
import { embeddedMailbox, smtpTransport, type MailTransport } from "./adapters/mail/mail-transport.ts";
import { adyenGateway } from "./adapters/adyen/adyen-gateway.ts";
import { paymentSandbox } from "./adapters/payment-sandbox/payment-sandbox.ts";
import { httpStaffDirectory, tableStaffDirectory, type StaffDirectory } from "./adapters/staff-directory/staff-directory.ts";
import { embeddedIdentityProvider } from "./adapters/embedded-identity-provider/embedded-identity-provider.ts";
import type { EmployeeIdentityProvider } from "./adapters/oidc/employee-identity-provider.ts";
import { isLocalIssuer, openidRelyingParty } from "./adapters/oidc/openid-relying-party.ts";
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { PaymentGateway } from "./modules/payment/payment-gateway.ts";
import { secretSource } from "./platform/generated-secrets.ts";

export interface Adapters {
  /** How the outbox's e-mails leave: SMTP (SMTP_URL), else the embedded mailbox. */
  mailTransport: MailTransport;
  /** ALTCHA proof-of-work (self-hosted), else Google reCAPTCHA (RECAPTCHA_SECRET). */
  captcha: Captcha;
  /** The staff-number directory: the embedded table, else a web service (STAFF_DIRECTORY_URL). */
  staffDirectory: StaffDirectory;
  /** Addresses to positions: the embedded gazetteer of French towns, else a geocoding service (GEOCODER_URL). */
  geocoder: Geocoder;
  /** Colissimo relay points: the embedded demo points searched by distance, else La Poste's web service (COLISSIMO_*). */
  relayPoints: RelayPoints;
  /** Card payment: Adyen's Checkout API (ADYEN_*), else the embedded payment sandbox. */
  paymentGateway: PaymentGateway;
  /** Employee single sign-on: the embedded identity provider with its demo employees, else an OpenID provider (HABILE_*). */
  identityProvider: EmployeeIdentityProvider;
}

function identityProviderFor(config: Config, db: Database): EmployeeIdentityProvider {
  const habile = config.habile;
  if (habile.provider === "embedded") return embeddedIdentityProvider({ db, publicUrl: config.publicUrl, demoMode: config.demoMode });
  const { issuer, clientId, clientSecret } = habile;
  return openidRelyingParty({ issuer, credentials: async () => ({ clientId, clientSecret }), allowHttp: isLocalIssuer(issuer) });
}

function paymentGatewayFor(config: Config, db: Database, now: () => Date): PaymentGateway {
  const payment = config.payment;
  if (payment.provider === "adyen") return adyenGateway(payment);
  return paymentSandbox({ db, publicUrl: config.publicUrl, secret: secretSource(db, "payment-sandbox-key", undefined), now });
}

function captchaFor(config: Config, db: Database, now: () => Date): Captcha {
  const settings = config.captcha;
  if (settings.provider === "recaptcha") return recaptchaCaptcha({ secret: settings.secret });
  return altchaCaptcha({ db, hmacKey: secretSource(db, "altcha-hmac-key", settings.hmacKey), maxNumber: settings.maxNumber, now });
}

export function createAdapters(
  config: Config,
  db: Database,
  overrides: Partial<Adapters> = {},
  now: () => Date = () => new Date(),
): Adapters {
  const geocoder = overrides.geocoder ?? (config.geocoderUrl ? httpGeocoder({ url: config.geocoderUrl }) : gazetteerGeocoder());
  return {
    mailTransport: overrides.mailTransport ?? (config.smtpUrl ? smtpTransport({ url: config.smtpUrl, from: config.mailFrom }) : embeddedMailbox),
    captcha: overrides.captcha ?? captchaFor(config, db, now),
    staffDirectory:
      overrides.staffDirectory ?? (config.staffDirectoryUrl ? httpStaffDirectory({ url: config.staffDirectoryUrl }) : tableStaffDirectory(db)),
    geocoder,
    relayPoints:
      overrides.relayPoints ??
      (config.colissimo ? colissimoRelayPoints({ url: config.colissimo.url, credentials: config.colissimo.credentials }) : databaseRelayPoints({ db, geocoder })),
    paymentGateway: overrides.paymentGateway ?? paymentGatewayFor(config, db, now),
    identityProvider: overrides.identityProvider ?? identityProviderFor(config, db),
  };
}

/** Lets go of what the adapters hold open (the SMTP connections). */
export function closeAdapters(adapters: Adapters): void {
  adapters.mailTransport.close();
}

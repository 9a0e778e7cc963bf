// Assembles the accounts: sessions, one-time codes, abuse limits, captcha and staff directory,
// and the handlers of the customers, gpnet and captcha operations.
import { altchaCaptcha } from "../../adapters/captcha/altcha-captcha.ts";
import type { Captcha } from "../../adapters/captcha/captcha.ts";
import { recaptchaCaptcha } from "../../adapters/captcha/recaptcha-captcha.ts";
import type { MailerFor } from "../../adapters/mail/mailer.ts";
import { httpStaffDirectory, tableStaffDirectory, type StaffDirectory } from "../../adapters/staff-directory/staff-directory.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import type { OperationHandlers } from "../../http/contract.ts";
import { gpnetHandlers } from "../gpnet/gpnet-handlers.ts";
import { createAccounts } from "./accounts.ts";
import { createAttemptLimits } from "../../platform/attempt-limits.ts";
import { captchaHandlers } from "./captcha-handlers.ts";
import { customerHandlers } from "./customer-handlers.ts";
import { createCustomerRepository } from "./customer-repository.ts";
import { createSessionService } from "./customer-sessions.ts";
import { secretSource } from "./generated-secrets.ts";
import { createOneTimePasswords } from "./one-time-passwords.ts";

export interface CustomersModuleOptions {
  config: Config;
  db: Database;
  mailer: MailerFor;
  now: () => Date;
  /** Replaces the staff directory the configuration names (tests). */
  staffDirectory?: StaffDirectory | undefined;
}

export function captchaFor(config: Config, db: Database, now: () => Date): Captcha {
  const settings = config.captcha;
  if (settings.provider === "recaptcha") return recaptchaCaptcha({ secret: settings.secret });
  return altchaCaptcha({ db, hmacKey: secretSource(db, "altcha-hmac-key", settings.hmacKey), maxNumber: settings.maxNumber, now });
}

export function createCustomersModule(options: CustomersModuleOptions) {
  const { config, db, mailer, now } = options;
  const tokenSecret = secretSource(db, "customer-token-secret", config.customerTokenSecret);
  const sessions = createSessionService({ db, secret: tokenSecret, now });
  const customers = createCustomerRepository(db);
  const codes = createOneTimePasswords({ db, now, hash: (code) => sessions.keyedHash("one-time-password", code) });
  const limits = createAttemptLimits({ db, now });
  const captcha = captchaFor(config, db, now);
  const staffDirectory =
    options.staffDirectory ?? (config.staffDirectoryUrl ? httpStaffDirectory({ url: config.staffDirectoryUrl }) : tableStaffDirectory(db));
  const accounts = createAccounts({
    db,
    customers,
    sessions,
    codes,
    limits,
    captcha,
    mailer,
    now,
    brandName: config.brandName,
    publicUrl: config.publicUrl,
  });
  const handlers: OperationHandlers = {
    ...customerHandlers({ db, accounts, customers, sessions }),
    ...gpnetHandlers({ accounts, staffDirectory }),
    ...captchaHandlers({ captcha, levelFor: (ip) => accounts.captchaLevel(ip) }),
  };
  return { sessions: sessions.sessions, captcha, limits, handlers };
}

// Assembles the accounts: sessions, one-time codes, abuse limits, and the handlers of the
// customers, gpnet and captcha operations. The captcha and the staff directory come from the
// composition root (server/composition.ts).
import type { Captcha } from "../../adapters/captcha/captcha.ts";
import type { MailerFor } from "../../adapters/mail/mailer.ts";
import type { StaffDirectory } from "../../adapters/staff-directory/staff-directory.ts";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import type { OperationHandlers } from "../../http/contract.ts";
import { createAttemptLimits } from "../../platform/attempt-limits.ts";
import { secretSource } from "../../platform/generated-secrets.ts";
import { createSessions } from "../../platform/sessions.ts";
import { gpnetHandlers } from "../gpnet/gpnet-handlers.ts";
import { createAccounts } from "./accounts.ts";
import { captchaHandlers } from "./captcha-handlers.ts";
import { customerHandlers } from "./customer-handlers.ts";
import { createCustomerRepository } from "./customer-repository.ts";
import { createOneTimePasswords } from "./one-time-passwords.ts";

export interface CustomersModuleOptions {
  config: Config;
  db: Database;
  mailer: MailerFor;
  now: () => Date;
  captcha: Captcha;
  staffDirectory: StaffDirectory;
}

export function createCustomersModule(options: CustomersModuleOptions) {
  const { config, db, mailer, now, captcha, staffDirectory } = options;
  const sessions = createSessions({ db, secret: secretSource(db, "customer-token-secret", config.customerTokenSecret), now });
  const customers = createCustomerRepository(db);
  const codes = createOneTimePasswords({ db, now, hash: (code) => sessions.keyedHash("one-time-password", code) });
  const limits = createAttemptLimits({ db, now });
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
    ...captchaHandlers({ captcha, levelFor: accounts.captchaLevel }),
  };
  return { sessions, limits, handlers };
}

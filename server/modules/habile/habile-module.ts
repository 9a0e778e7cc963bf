// Assembles employee single sign-on: its authorization requests, the employees' accounts and the
// handlers of the habile operations. The identity provider comes from the composition root; the
// sessions and abuse limits from the accounts module.
import type { EmployeeIdentityProvider } from "../../adapters/oidc/employee-identity-provider.ts";
import type { Database } from "../../db/client.ts";
import type { OperationHandlers } from "../../http/contract.ts";
import type { AttemptLimits } from "../../platform/attempt-limits.ts";
import type { Sessions } from "../../platform/sessions.ts";
import type { CartRepository } from "../cart/cart-repository.ts";
import { createCustomerRepository } from "../customers/customer-repository.ts";
import { createEmployeeAccounts } from "./employee-accounts.ts";
import { habileHandlers } from "./habile-handlers.ts";
import { createSignOnRequests } from "./sign-on-requests.ts";

export interface HabileModuleOptions {
  db: Database;
  identityProvider: EmployeeIdentityProvider;
  sessions: Sessions;
  limits: AttemptLimits;
  carts: CartRepository;
  publicUrl: string;
  now: () => Date;
}

export function createHabileModule(options: HabileModuleOptions): { handlers: OperationHandlers } {
  const { db, now } = options;
  const customers = createCustomerRepository(db);
  return {
    handlers: habileHandlers({
      ...options,
      requests: createSignOnRequests({ db, now }),
      employees: createEmployeeAccounts({ db, customers, now }),
      customers,
    }),
  };
}

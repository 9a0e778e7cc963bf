// Who may use the empowerment operations: an employee whose account is marked an empowerment
// admin configures the budgets; a crew member (EMPOWERMENT group) spends theirs. Anyone else
// signed in gets 403 CUSTOMER_GROUP_NOT_ALLOWED (nobody signed in is the handlers' 401).
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { HttpError } from "../../http/errors.ts";
import type { CustomerIdentity } from "../../platform/sessions.ts";

const groupNotAllowed = (what: string) => new HttpError(403, `Only ${what} may use this operation`, "CUSTOMER_GROUP_NOT_ALLOWED");

export interface Admin extends CustomerIdentity {
  /** The account's row id (who last changed a setup). */
  rowId: number;
}

export function empowermentAccess(db: Database) {
  return {
    async admin(customer: CustomerIdentity): Promise<Admin> {
      const [row] = await db.rows<{ id: number; customer_group: string; is_empowerment_admin: boolean }>(
        sql`select id, customer_group, is_empowerment_admin from customers where uuid = ${customer.id.toLowerCase()}::uuid`,
      );
      // The account's flag decides, as it stands now (an admin may be removed while signed in).
      const isAdmin = customer.group === "BRAND_EMPLOYEE" && row?.customer_group === "BRAND_EMPLOYEE" && row.is_empowerment_admin;
      if (!row || !isAdmin) throw groupNotAllowed("empowerment admins");
      return { ...customer, rowId: row.id };
    },

    crew(customer: CustomerIdentity): CustomerIdentity {
      if (customer.group !== "EMPOWERMENT") throw groupNotAllowed("members of the empowerment programme");
      return customer;
    },
  };
}

export type EmpowermentAccess = ReturnType<typeof empowermentAccess>;

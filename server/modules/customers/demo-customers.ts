// Demo parts of the accounts: the demo customers and the demo staff directory.
import type { DemoPart } from "../../seed/demo-parts.ts";
import { DEMO_CUSTOMER_PASSWORD, DEMO_CUSTOMERS, DEMO_STAFF } from "../../seed/data/customers.ts";
import { customerAddresses, customers, staffDirectory } from "../../db/schema.ts";
import { hashPassword } from "./passwords.ts";

export const demoCustomers: DemoPart = {
  name: "customers",
  async seedIfEmpty(db) {
    if ((await db.orm.$count(customers)) > 0) return false;
    const passwordHash = await hashPassword(DEMO_CUSTOMER_PASSWORD);
    await db.orm.transaction(async (tx) => {
      for (const demo of DEMO_CUSTOMERS) {
        const [row] = await tx
          .insert(customers)
          .values({
            email: demo.email,
            passwordHash,
            firstName: demo.firstName,
            lastName: demo.lastName,
            birthDate: demo.birthDate ?? null,
            locale: demo.locale,
            customerGroup: demo.group,
            gpnetId: demo.gpnetId ?? null,
            miles: demo.miles ?? null,
            twoFactorEnabled: demo.twoFactor,
            newsletterSubscribed: demo.newsletter ?? false,
            isEmpowermentAdmin: demo.isEmpowermentAdmin ?? false,
            staffNumber: demo.staffNumber ?? null,
            defaultShippingAddress: demo.defaultShipping ?? null,
            defaultBillingAddress: demo.defaultBilling ?? null,
          })
          .returning({ id: customers.id });
        if (!row || !demo.addresses) continue;
        await tx.insert(customerAddresses).values(demo.addresses.map((address) => ({ company: null, ...address, customerId: row.id })));
      }
    });
    return true;
  },
};

export const demoStaffDirectory: DemoPart = {
  name: "staff directory",
  async seedIfEmpty(db) {
    if ((await db.orm.$count(staffDirectory)) > 0) return false;
    await db.orm.insert(staffDirectory).values(DEMO_STAFF);
    return true;
  },
};

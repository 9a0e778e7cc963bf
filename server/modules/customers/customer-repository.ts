// Customers and their address books in the database, and the contract's view of a customer.
import { and, desc, eq, sql } from "drizzle-orm";
import type { components } from "../../../common/api/schema.gen.ts";
import type { Database, Orm } from "../../db/client.ts";
import { carts, customerAddresses, customers } from "../../db/schema.ts";
import type { CustomerGroup } from "../../platform/sessions.ts";
import type { ApiLocale } from "../catalog/locale.ts";

export type CustomerView = components["schemas"]["Customer"];
export type AddressView = components["schemas"]["Address"];
export type CustomerRow = typeof customers.$inferSelect;
export type NewCustomer = typeof customers.$inferInsert;
export type AddressRow = typeof customerAddresses.$inferSelect;
export type AddressValues = Omit<typeof customerAddresses.$inferInsert, "id" | "customerId" | "updatedAt">;

const emailIs = (email: string) => sql`lower(${customers.email}) = ${email.trim().toLowerCase()}`;

function addressView(row: AddressRow, customer: CustomerRow): AddressView {
  return {
    name: row.name,
    company: row.company,
    firstName: row.firstName,
    lastName: row.lastName,
    street: row.street,
    city: row.city,
    postCode: row.postCode,
    country: row.country,
    phone: row.phone,
    email: row.email,
    website: row.website,
    latitude: row.latitude,
    longitude: row.longitude,
    defaultShipping: customer.defaultShippingAddress === row.name,
    defaultBilling: customer.defaultBillingAddress === row.name,
  };
}

export function createCustomerRepository(db: Database) {
  return {
    async findByEmail(email: string, orm: Orm = db.orm): Promise<CustomerRow | undefined> {
      const [row] = await orm.select().from(customers).where(emailIs(email)).limit(1);
      return row;
    },

    async findById(id: number, orm: Orm = db.orm): Promise<CustomerRow | undefined> {
      const [row] = await orm.select().from(customers).where(eq(customers.id, id)).limit(1);
      return row;
    },

    async gpnetIdTaken(gpnetId: string, orm: Orm = db.orm): Promise<boolean> {
      const rows = await orm.select({ id: customers.id }).from(customers).where(eq(customers.gpnetId, gpnetId)).limit(1);
      return rows.length > 0;
    },

    async emailTaken(email: string, exceptId?: number, orm: Orm = db.orm): Promise<boolean> {
      const rows = await orm.select({ id: customers.id }).from(customers).where(emailIs(email)).limit(2);
      return rows.some((row) => row.id !== exceptId);
    },

    /** Inserts the customer; undefined when the e-mail or the staff number is already used. */
    async insert(values: NewCustomer, orm: Orm = db.orm): Promise<CustomerRow | undefined> {
      const [row] = await orm.insert(customers).values(values).onConflictDoNothing().returning();
      return row;
    },

    async update(id: number, values: Partial<NewCustomer>, orm: Orm = db.orm): Promise<CustomerRow | undefined> {
      const [row] = await orm
        .update(customers)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(customers.id, id))
        .returning();
      return row;
    },

    async findAddress(customerId: number, name: string, orm: Orm = db.orm): Promise<AddressRow | undefined> {
      const [row] = await orm
        .select()
        .from(customerAddresses)
        .where(and(eq(customerAddresses.customerId, customerId), eq(customerAddresses.name, name)))
        .limit(1);
      return row;
    },

    /** Adds the address or replaces the one of the same name. */
    async saveAddress(customerId: number, address: AddressValues, orm: Orm = db.orm): Promise<void> {
      await orm
        .insert(customerAddresses)
        .values({ ...address, customerId })
        .onConflictDoUpdate({
          target: [customerAddresses.customerId, customerAddresses.name],
          set: { ...address, updatedAt: new Date() },
        });
    },

    async deleteAddress(customerId: number, name: string, orm: Orm = db.orm): Promise<boolean> {
      const deleted = await orm
        .delete(customerAddresses)
        .where(and(eq(customerAddresses.customerId, customerId), eq(customerAddresses.name, name)))
        .returning({ id: customerAddresses.id });
      return deleted.length > 0;
    },

    /** The customer as the contract shows it: address book sorted by name descending, current cart. */
    async view(customer: CustomerRow, orm: Orm = db.orm): Promise<CustomerView> {
      const addresses = await orm
        .select()
        .from(customerAddresses)
        .where(eq(customerAddresses.customerId, customer.id))
        .orderBy(desc(customerAddresses.name));
      const [cart] = await orm
        .select({ id: carts.id, uuid: carts.uuid })
        .from(carts)
        .where(eq(carts.customerId, customer.uuid))
        .limit(1);
      return {
        id: customer.id,
        gender: (customer.gender as CustomerView["gender"]) ?? null,
        firstName: customer.firstName,
        lastName: customer.lastName,
        email: customer.email,
        birthDate: customer.birthDate,
        locale: customer.locale as ApiLocale,
        customerGroup: customer.customerGroup as CustomerGroup,
        shoppingCart: cart ?? null,
        defaultBillingAddress: customer.defaultBillingAddress,
        defaultShippingAddress: customer.defaultShippingAddress,
        addresses: addresses.map((row) => addressView(row, customer)),
        miles: customer.customerGroup === "FLYING_BLUE" ? (customer.miles ?? 0) : null,
        twoFactorAuthenticationEnabled: customer.twoFactorEnabled,
        newsLetterSubscribed: customer.newsletterSubscribed,
        isEmpowermentAdmin: customer.isEmpowermentAdmin,
      };
    },
  };
}

export type CustomerRepository = ReturnType<typeof createCustomerRepository>;

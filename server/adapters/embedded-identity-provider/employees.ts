// The employees of the embedded identity provider: who may sign in on its page, and the claims
// their ID tokens carry.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { identityProviderEmployees } from "../../db/schema.ts";
import type { DemoPart } from "../../seed/demo-parts.ts";
import { DEMO_CUSTOMER_PASSWORD } from "../../seed/data/customers.ts";
import { DEMO_EMPLOYEES } from "../../seed/data/employees.ts";
import { hashPassword } from "../../modules/customers/passwords.ts";

export type EmployeeRow = typeof identityProviderEmployees.$inferSelect;

export function employeeDirectory(db: Database) {
  const employees = identityProviderEmployees;
  return {
    async findByEmail(email: string): Promise<EmployeeRow | undefined> {
      const [row] = await db.orm.select().from(employees).where(sql`lower(${employees.email}) = ${email.trim().toLowerCase()}`).limit(1);
      return row;
    },
    async findBySubject(subject: string): Promise<EmployeeRow | undefined> {
      const [row] = await db.orm.select().from(employees).where(eq(employees.subject, subject)).limit(1);
      return row;
    },
  };
}

export type EmployeeDirectory = ReturnType<typeof employeeDirectory>;

/** The claims of an employee's tokens (the scopes decide which of them a client receives). */
export function claimsOf(employee: EmployeeRow): { sub: string } & Record<string, string | boolean> {
  return {
    sub: employee.subject,
    email: employee.email,
    email_verified: true,
    given_name: employee.givenName,
    family_name: employee.familyName,
    employee_role: employee.role,
    empowerment_admin: employee.empowermentAdmin,
    ...(employee.staffNumber ? { staff_number: employee.staffNumber } : {}),
  };
}

export const demoEmployees: DemoPart = {
  name: "identity provider employees",
  async seedIfEmpty(db) {
    if ((await db.orm.$count(identityProviderEmployees)) > 0) return false;
    const passwordHash = await hashPassword(DEMO_CUSTOMER_PASSWORD);
    await db.orm.insert(identityProviderEmployees).values(
      DEMO_EMPLOYEES.map((employee) => ({
        subject: randomUUID(),
        email: employee.email,
        passwordHash,
        givenName: employee.givenName,
        familyName: employee.familyName,
        staffNumber: employee.staffNumber,
        role: employee.role,
        empowermentAdmin: employee.empowermentAdmin,
      })),
    );
    return true;
  },
};

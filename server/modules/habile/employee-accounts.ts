// The shop's account of an employee who signed in with the identity provider: found by the
// identity's issuer and subject, created on the first sign-in. Its group follows the door used
// (BRAND_EMPLOYEE or EMPOWERMENT); its staff number and empowerment admin flag come from the
// claims at every sign-in that carries them. An e-mail address that already belongs to another account is never
// taken over.
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Database, Orm } from "../../db/client.ts";
import { customerIdentities } from "../../db/schema.ts";
import type { EmployeeIdentity } from "../../adapters/oidc/employee-identity-provider.ts";
import { conflict, HttpError } from "../../http/errors.ts";
import type { ApiLocale } from "../catalog/locale.ts";
import type { CustomerRepository, CustomerRow } from "../customers/customer-repository.ts";
import { hashPassword } from "../customers/passwords.ts";
import type { HabileType } from "./sign-on-requests.ts";

/** Staff numbers are 8 characters (SPEC §9). */
const STAFF_NUMBER = /^[A-Za-z0-9]{8}$/;
const NAME_MAX = 50;

export const identityIncomplete = (message: string) => new HttpError(403, message, "SSO_IDENTITY_INCOMPLETE");

const text = (value: unknown): string | undefined => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined);

/** What the shop reads from the claims. */
export interface EmployeeClaims {
  email: string;
  firstName: string;
  lastName: string;
  staffNumber: string | undefined;
  /** Undefined when the provider does not send the claim: the account keeps what it had. */
  isEmpowermentAdmin: boolean | undefined;
}

/** The claims the shop needs, or 403 SSO_IDENTITY_INCOMPLETE naming what is missing for this door. */
export function employeeClaimsOf(claims: Readonly<Record<string, unknown>>, habileType: HabileType): EmployeeClaims {
  const email = text(claims.email);
  if (!email || !email.includes("@")) throw identityIncomplete("The identity provider sent no e-mail address for this employee");
  // An address the provider says it did not verify could be anyone's.
  if (claims.email_verified === false) throw identityIncomplete("The identity provider has not verified this employee's e-mail address");
  const staffNumber = text(claims.staff_number);
  const validStaffNumber = staffNumber !== undefined && STAFF_NUMBER.test(staffNumber) ? staffNumber.toUpperCase() : undefined;
  if (habileType === "EMPOWERMENT" && !validStaffNumber) {
    throw identityIncomplete("The empowerment programme needs the employee's staff number (8 characters), which the identity provider did not send");
  }
  const [localPart = email] = email.split("@");
  return {
    email,
    firstName: (text(claims.given_name) ?? localPart).slice(0, NAME_MAX),
    lastName: (text(claims.family_name) ?? "-").slice(0, NAME_MAX),
    staffNumber: validStaffNumber,
    // Some providers send custom claims as strings.
    isEmpowermentAdmin: claims.empowerment_admin === undefined ? undefined : claims.empowerment_admin === true || claims.empowerment_admin === "true",
  };
}

export interface EmployeeSignIn {
  identity: EmployeeIdentity;
  habileType: HabileType;
  locale: ApiLocale;
}

export function createEmployeeAccounts(deps: { db: Database; customers: CustomerRepository; now: () => Date }) {
  const { db, customers, now } = deps;

  async function linkedCustomer(identity: EmployeeIdentity, orm: Orm): Promise<CustomerRow | undefined> {
    const [link] = await orm
      .select({ customerId: customerIdentities.customerId })
      .from(customerIdentities)
      .where(and(eq(customerIdentities.issuer, identity.issuer), eq(customerIdentities.subject, identity.subject)))
      .limit(1);
    return link ? customers.findById(link.customerId, orm) : undefined;
  }

  return {
    /** The employee's account, brought up to date with the claims (created on the first sign-in). */
    async accountFor(input: EmployeeSignIn): Promise<CustomerRow> {
      const claims = employeeClaimsOf(input.identity.claims, input.habileType);
      const refreshed = {
        customerGroup: input.habileType,
        ...(claims.isEmpowermentAdmin !== undefined ? { isEmpowermentAdmin: claims.isEmpowermentAdmin } : {}),
        ...(claims.staffNumber ? { staffNumber: claims.staffNumber } : {}),
      };
      // Hashed before the transaction: nobody knows this password, so no password sign-in opens the account.
      const unusablePasswordHash = await hashPassword(randomBytes(32).toString("base64url"));
      return db.orm.transaction(async (tx) => {
        const existing = await linkedCustomer(input.identity, tx);
        if (existing) {
          await tx
            .update(customerIdentities)
            .set({ lastSignInAt: now() })
            .where(and(eq(customerIdentities.issuer, input.identity.issuer), eq(customerIdentities.subject, input.identity.subject)));
          const updated = await customers.update(existing.id, refreshed, tx);
          if (!updated) throw new Error("the employee's account disappeared during the sign-in");
          return updated;
        }
        const taken = () =>
          conflict(
            "An account already uses this e-mail address and is not linked to this employee identity: it was not taken over. Sign in to it with its password, or ask the shop to link it",
            "EMAIL_ALREADY_EXISTS",
          );
        if (await customers.emailTaken(claims.email, undefined, tx)) throw taken();
        const created = await customers.insert(
          {
            email: claims.email,
            passwordHash: unusablePasswordHash,
            firstName: claims.firstName,
            lastName: claims.lastName,
            locale: input.locale,
            twoFactorEnabled: false,
            newsletterSubscribed: false,
            ...refreshed,
          },
          tx,
        );
        if (!created) throw taken();
        await tx.insert(customerIdentities).values({
          customerId: created.id,
          issuer: input.identity.issuer,
          subject: input.identity.subject,
          createdAt: now(),
          lastSignInAt: now(),
        });
        return created;
      });
    },
  };
}

export type EmployeeAccounts = ReturnType<typeof createEmployeeAccounts>;

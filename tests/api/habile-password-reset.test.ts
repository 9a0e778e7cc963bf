// An account opened by the employees' single sign-on has no password anyone knows: the password
// reset must not give it one (that would be a way in beside the company's sign-in). Its reset
// requests, the customers' and the GPNet one, answer exactly as for an unknown address, and nothing
// is sent; a password account still gets its link.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { identityProviderEmployees, outbox, passwordResetTokens } from "../../server/db/schema.ts";
import { hashPassword } from "../../server/modules/customers/passwords.ts";
import { DEMO_CUSTOMER_PASSWORD } from "../../server/seed/data/customers.ts";
import { signInThroughEmbeddedProvider } from "../support/habile-sign-in.ts";
import { backends } from "../support/test-app.ts";
import { freshEmail, startAccountsShop, type AccountsShop } from "./customers-support.ts";

describe.each(backends())("password reset of single sign-on accounts on $name", (backend) => {
  let shop: AccountsShop;
  beforeAll(async () => {
    shop = await startAccountsShop(backend);
  });
  afterAll(() => shop?.close());

  /** An employee of the embedded provider, signed in once through it: the shop's account is linked to the identity. */
  async function singleSignOnAccount(): Promise<string> {
    const email = `employee-${randomUUID()}@staff.demo.escale.example`;
    await shop.db.orm.insert(identityProviderEmployees).values({
      subject: randomUUID(),
      email,
      passwordHash: await hashPassword(DEMO_CUSTOMER_PASSWORD),
      givenName: "Léa",
      familyName: "Moreau",
      staffNumber: "ST299999",
      role: "EMPLOYEE",
    });
    const signedIn = await signInThroughEmbeddedProvider(shop, { email, habileType: "BRAND_EMPLOYEE" });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    return email;
  }

  const requestReset = async (path: "customers" | "gpnet", email: string) =>
    shop.call({ method: "POST", url: `/api/v1/${path}/reset-password`, payload: { email, recaptchaData: await shop.captcha() } });

  const mailCount = async (email: string) => (await shop.db.orm.select({ id: outbox.id }).from(outbox).where(eq(outbox.to, email))).length;

  it("answers a reset request for a single sign-on account as for an unknown address, and sends nothing", async () => {
    const employee = await singleSignOnAccount();
    const unknown = await requestReset("customers", freshEmail("nobody"));
    const linked = await requestReset("customers", employee);
    expect(linked.statusCode).toBe(unknown.statusCode);
    expect(linked.statusCode).toBe(202);
    expect(linked.body).toBe(unknown.body);
    expect(linked.headers["content-type"]).toBe(unknown.headers["content-type"]);
    expect(await mailCount(employee)).toBe(0);
    const [account] = await shop.db.orm.select({ customerId: passwordResetTokens.customerId }).from(passwordResetTokens);
    expect(account).toBeUndefined();
  });

  it("does the same through the GPNet reset", async () => {
    const employee = await singleSignOnAccount();
    const unknown = await requestReset("gpnet", freshEmail("nobody"));
    const linked = await requestReset("gpnet", employee);
    expect(linked.statusCode).toBe(202);
    expect(linked.statusCode).toBe(unknown.statusCode);
    expect(linked.body).toBe(unknown.body);
    expect(await mailCount(employee)).toBe(0);
  });

  it("still e-mails a password account its reset link", async () => {
    const { email } = await shop.register();
    expect((await requestReset("customers", email)).statusCode).toBe(202);
    expect((await shop.lastMailTo(email))?.text).toMatch(/token=[\w-]+/);
  });
});

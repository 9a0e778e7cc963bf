// Employee single sign-on against the embedded identity provider, end to end through the app:
// accounts created on the first sign-in and found again, the group of the door used, the
// empowerment admin flag and staff number from the claims, the empowerment cart removed, the
// provider's sign-in page, and what the shop refuses (an identity missing what it needs, an e-mail
// address that is another account's).
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../common/api/schema.gen.ts";
import { identityProviderEmployees } from "../../server/db/schema.ts";
import { hashPassword } from "../../server/modules/customers/passwords.ts";
import { DEMO_CUSTOMER_PASSWORD } from "../../server/seed/data/customers.ts";
import { codeFromEmbeddedProvider, EmployeeBrowser, formActionOf, signInThroughEmbeddedProvider, startHabileSignIn } from "../support/habile-sign-in.ts";
import { backends, startTestApp, type TestApp } from "../support/test-app.ts";

type SignInResponse = components["schemas"]["SignInResponse"];

const NADIA = "nadia.benali@staff.demo.escale.example";
const MARC = "marc.lefebvre@staff.demo.escale.example";
const SOPHIE = "sophie.girard@staff.demo.escale.example";
const THOMAS = "thomas.mercier@staff.demo.escale.example";

describe.each(backends())("employee single sign-on on the embedded provider on $name", (backend) => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await startTestApp(backend);
  });
  afterAll(() => shop?.close());

  const signedIn = (response: { statusCode: number; body: string; json<T>(): T }) => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SignInResponse>();
  };

  /** An employee of the provider made for one test. */
  async function addEmployee(values: { staffNumber: string | null; role?: "EMPLOYEE" | "CABIN_CREW"; email?: string }) {
    const email = values.email ?? `employee-${randomUUID()}@staff.demo.escale.example`;
    await shop.db.orm.insert(identityProviderEmployees).values({
      subject: randomUUID(),
      email,
      passwordHash: await hashPassword(DEMO_CUSTOMER_PASSWORD),
      givenName: "Léa",
      familyName: "Moreau",
      staffNumber: values.staffNumber,
      role: values.role ?? "CABIN_CREW",
    });
    return email;
  }

  it("creates the employee's account on the first sign-in and finds the same one on the next", async () => {
    const first = await signInThroughEmbeddedProvider(shop, { email: NADIA, habileType: "BRAND_EMPLOYEE", locale: "en_US" });
    const body = signedIn(first);
    expect(body).toMatchObject({
      twoFactorRequired: false,
      customer: { email: NADIA, firstName: "Nadia", lastName: "Benali", customerGroup: "BRAND_EMPLOYEE", locale: "en_US", isEmpowermentAdmin: false },
    });
    expect(body.token).toEqual(expect.any(String));
    expect(first.headers["x-customer-token"]).toBe(body.token);

    const again = signedIn(await signInThroughEmbeddedProvider(shop, { email: NADIA, habileType: "BRAND_EMPLOYEE" }));
    expect(again.customer?.id).toBe(body.customer?.id);
    const [row] = await shop.db.rows<{ staff_number: string; identities: number; method: string }>(sql`
      select c.staff_number, (select count(*)::int from customer_identities i where i.customer_id = c.id) as identities,
             (select s.signed_in_with from customer_sessions s where s.customer_id = c.id order by s.created_at desc limit 1) as method
      from customers c where c.email = ${NADIA}`);
    expect(row).toEqual({ staff_number: "ST200001", identities: 1, method: "single-sign-on" });

    // The token opens the customer's session like any other sign-in's.
    const me = await shop.request({ url: "/api/v1/customers/me", headers: { "x-customer-authorization": `Bearer ${again.token}` } });
    expect(me.statusCode, me.body).toBe(200);
  });

  it("puts the account in the group of the door used, and takes the empowerment admin flag from the claims", async () => {
    const brand = signedIn(await signInThroughEmbeddedProvider(shop, { email: MARC, habileType: "BRAND_EMPLOYEE" }));
    expect(brand.customer).toMatchObject({ customerGroup: "BRAND_EMPLOYEE", isEmpowermentAdmin: true });
    const empowerment = signedIn(await signInThroughEmbeddedProvider(shop, { email: MARC, habileType: "EMPOWERMENT" }));
    expect(empowerment.customer).toMatchObject({ id: brand.customer?.id, customerGroup: "EMPOWERMENT", isEmpowermentAdmin: true });

    // Refreshed at every sign-in: the provider withdrew the right.
    await shop.db.rows(sql`update identity_provider_employees set empowerment_admin = false where email = ${MARC}`);
    const withdrawn = signedIn(await signInThroughEmbeddedProvider(shop, { email: MARC, habileType: "BRAND_EMPLOYEE" }));
    expect(withdrawn.customer).toMatchObject({ customerGroup: "BRAND_EMPLOYEE", isEmpowermentAdmin: false });
  });

  it("signs cabin crew into the empowerment programme with their staff number, and removes their cart", async () => {
    const first = signedIn(await signInThroughEmbeddedProvider(shop, { email: SOPHIE, habileType: "EMPOWERMENT" }));
    expect(first.customer).toMatchObject({ customerGroup: "EMPOWERMENT", shoppingCart: null });
    const [customer] = await shop.db.rows<{ uuid: string }>(sql`select uuid from customers where email = ${SOPHIE}`);
    await shop.db.rows(sql`insert into carts (customer_id) values (${customer?.uuid})`);

    const again = signedIn(await signInThroughEmbeddedProvider(shop, { email: SOPHIE, habileType: "EMPOWERMENT" }));
    expect(again.customer?.shoppingCart).toBeNull();
    expect(await shop.db.rows(sql`select id from carts where customer_id = ${customer?.uuid}`)).toEqual([]);
    const [row] = await shop.db.rows<{ staff_number: string }>(sql`select staff_number from customers where email = ${SOPHIE}`);
    expect(row?.staff_number).toBe("PN300001");
  });

  it("keeps the cart of an employee who signs in through the employee door", async () => {
    signedIn(await signInThroughEmbeddedProvider(shop, { email: THOMAS, habileType: "BRAND_EMPLOYEE" }));
    const [customer] = await shop.db.rows<{ uuid: string }>(sql`select uuid from customers where email = ${THOMAS}`);
    await shop.db.rows(sql`insert into carts (customer_id) values (${customer?.uuid})`);
    const again = signedIn(await signInThroughEmbeddedProvider(shop, { email: THOMAS, habileType: "BRAND_EMPLOYEE" }));
    expect(again.customer?.shoppingCart).not.toBeNull();
  });

  it("refuses the empowerment programme to an employee the provider knows no staff number of (403)", async () => {
    const email = await addEmployee({ staffNumber: null });
    const response = await signInThroughEmbeddedProvider(shop, { email, habileType: "EMPOWERMENT" });
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json()).toMatchObject({ status: 403, code: "SSO_IDENTITY_INCOMPLETE", message: expect.stringMatching(/staff number/) });
    expect(await shop.db.rows(sql`select id from customers where email = ${email}`)).toEqual([]);
    // The employee door does not need one.
    expect(signedIn(await signInThroughEmbeddedProvider(shop, { email, habileType: "BRAND_EMPLOYEE" })).customer?.customerGroup).toBe("BRAND_EMPLOYEE");
  });

  it("never takes over an account that already has the employee's e-mail address (409)", async () => {
    const email = await addEmployee({ staffNumber: "ST299999", email: `taken-${randomUUID()}@staff.demo.escale.example` });
    await shop.db.rows(sql`insert into customers (email, password_hash, first_name, last_name, locale, customer_group)
      values (${email.toUpperCase()}, 'x', 'Someone', 'Else', 'fr_FR', 'GENERAL_PUBLIC')`);
    const response = await signInThroughEmbeddedProvider(shop, { email, habileType: "BRAND_EMPLOYEE" });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({ code: "EMAIL_ALREADY_EXISTS", message: expect.stringMatching(/not taken over/) });
    const [row] = await shop.db.rows<{ customer_group: string; identities: number }>(sql`
      select customer_group, (select count(*)::int from customer_identities i where i.customer_id = c.id) as identities
      from customers c where lower(email) = ${email}`);
    expect(row).toEqual({ customer_group: "GENERAL_PUBLIC", identities: 0 });
  });

  it("shows the provider's sign-in page in the shop's language, with labelled fields and an error to retry after", async () => {
    const { authorizationUrl } = await startHabileSignIn(shop, "BRAND_EMPLOYEE", "fr_FR");
    expect(new URL(authorizationUrl).searchParams.get("redirect_uri")).toBe(`${shop.config.publicUrl}/fr/habile-sign-in`);
    const browser = new EmployeeBrowser(shop);
    const page = await browser.follow(authorizationUrl);
    expect(page.response?.statusCode).toBe(200);
    const html = page.response?.body ?? "";
    expect(html).toContain('<html lang="fr">');
    expect(html).toMatch(/<h1>Connexion employé<\/h1>/);
    expect(html).toMatch(/<label for="email">Adresse e-mail<\/label>/);
    expect(html).toMatch(/<label for="password">Mot de passe<\/label>/);
    expect(html).toMatch(/<button type="submit">Se connecter<\/button>/);
    const policy = String(page.response?.headers["content-security-policy"]);
    expect(policy).toContain("form-action 'self'");
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");

    const action = new URL(formActionOf(html), page.url).toString();
    const wrong = await browser.follow(action, { method: "POST", form: { email: NADIA, password: "not the password" } });
    expect(wrong.response?.statusCode).toBe(401);
    expect(wrong.response?.body).toMatch(/<p id="sign-in-error" class="alert" role="alert">Adresse e-mail ou mot de passe incorrect/);
    expect(wrong.response?.body).toContain(`value="${NADIA}"`);

    const right = await browser.follow(action, { method: "POST", form: { email: NADIA, password: DEMO_CUSTOMER_PASSWORD } });
    expect(right.response).toBeNull();
    expect(right.url).toMatch(new RegExp(`^${shop.config.publicUrl}/fr/habile-sign-in\\?code=`));
  });

  it("shows the page in English for an English sign-in", async () => {
    const { authorizationUrl } = await startHabileSignIn(shop, "EMPOWERMENT", "en_US");
    expect(new URL(authorizationUrl).searchParams.get("redirect_uri")).toBe(`${shop.config.publicUrl}/en/habile-sign-in`);
    const page = await new EmployeeBrowser(shop).follow(authorizationUrl);
    const html = page.response?.body ?? "";
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/<label for="email">E-mail address<\/label>/);
    expect(html).toMatch(/<label for="password">Password<\/label>/);
    expect(html).toMatch(/<button type="submit">Sign in<\/button>/);
  });

  it("asks for the code with PKCE, a state and a nonce, and publishes the provider's keys", async () => {
    const { authorizationUrl, state } = await startHabileSignIn(shop, "BRAND_EMPLOYEE");
    const params = new URL(authorizationUrl).searchParams;
    expect(new URL(authorizationUrl).pathname).toBe("/oidc/auth");
    expect(Object.fromEntries(params)).toMatchObject({ response_type: "code", scope: "openid email profile", state, code_challenge_method: "S256" });
    expect(params.get("nonce")).toMatch(/^[\w-]{43}$/);
    expect(params.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    const discovery = await shop.app.inject({ url: "/oidc/.well-known/openid-configuration", headers: { host: new URL(shop.config.publicUrl).host } });
    expect(discovery.json()).toMatchObject({ issuer: `${shop.config.publicUrl}/oidc`, token_endpoint: `${shop.config.publicUrl}/oidc/token` });
    const keys = await shop.app.inject({ url: "/oidc/jwks" });
    expect(keys.json<{ keys: { kty: string; d?: string }[] }>().keys).toEqual([expect.objectContaining({ kty: "RSA" })]);
    expect(keys.json<{ keys: { d?: string }[] }>().keys[0]?.d).toBeUndefined();
  });

  it("gets the code for the employee signed in on the provider", async () => {
    const { authorizationUrl } = await startHabileSignIn(shop, "BRAND_EMPLOYEE");
    const { code, state } = await codeFromEmbeddedProvider(shop, authorizationUrl, { email: NADIA });
    expect(code.length).toBeGreaterThan(10);
    expect(state).toBe(new URL(authorizationUrl).searchParams.get("state"));
  });
});

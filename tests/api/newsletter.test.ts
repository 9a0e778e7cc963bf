import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { components } from "../../common/api/schema.gen.ts";
import { customers, newsletterSubscriptions } from "../../server/db/schema.ts";
import { backends, startTestApp, type TestApp } from "../support/test-app.ts";

type Schemas = components["schemas"];

describe.each(backends())("footer newsletter on $name", (backend) => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await startTestApp(backend, { seed: false });
  });
  afterAll(() => shop?.close());

  const subscribe = (body: Record<string, unknown>, locale?: string) =>
    shop.request({ method: "POST", url: `/api/v1/newsletter/subscriptions${locale ? `?locale=${locale}` : ""}`, payload: body });

  const subscriptionsOf = (email: string) =>
    shop.db.orm.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));

  it("subscribes an address: 201 with the address as stored, lower-case", async () => {
    const response = await subscribe({ email: "Anne.Leroy@Example.FR" }, "en_US");
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Schemas["NewsletterSubscription"]>()).toEqual({ email: "anne.leroy@example.fr" });
    const [stored] = await subscriptionsOf("anne.leroy@example.fr");
    expect(stored).toMatchObject({ locale: "en_US", createdAt: expect.any(Date) });
  });

  it("answers 409 NEWSLETTER_ALREADY_SUBSCRIBED for an address already subscribed, whatever its case", async () => {
    expect((await subscribe({ email: "marc@example.fr" })).statusCode).toBe(201);
    for (const email of ["marc@example.fr", "MARC@example.FR"]) {
      const response = await subscribe({ email });
      expect(response.statusCode, email).toBe(409);
      expect(response.json()).toMatchObject({ status: 409, code: "NEWSLETTER_ALREADY_SUBSCRIBED" });
    }
    expect(await subscriptionsOf("marc@example.fr")).toHaveLength(1);
  });

  it("settles simultaneous sign-ups of one address: one 201, the others 409, never a 500", async () => {
    const responses = await Promise.all(
      ["sofia@example.com", "Sofia@example.com", "SOFIA@example.com", "sofia@EXAMPLE.com"].map((email) => subscribe({ email })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(await subscriptionsOf("sofia@example.com")).toHaveLength(1);
  });

  it.each([
    ["a malformed address", { email: "not an email" }, "email"],
    ["an address without a domain dot", { email: "anne@intranet" }, "email"],
    ["no address", {}, "email"],
    ["an unknown property", { email: "anne@example.fr", consent: true }, "consent"],
  ])("answers 400 naming the field for %s", async (_case, body, field) => {
    const response = await subscribe(body);
    expect(response.statusCode).toBe(400);
    const error = response.json<Schemas["Error"]>();
    expect(error).toMatchObject({ status: 400, code: "VALIDATION_FAILED" });
    expect(error.fields?.[0]?.field).toBe(field);
    expect(error.message).toContain(field);
  });
});

describe.each(backends())("footer newsletter and customer accounts on $name", (backend) => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await startTestApp(backend);
  });
  afterAll(() => shop?.close());

  it("marks the customer account with that address as subscribed, whatever the case typed", async () => {
    const email = "oliver.brown@demo.escale.example";
    const subscribed = async () =>
      (await shop.db.orm.select({ value: customers.newsletterSubscribed }).from(customers).where(eq(customers.email, email)))[0]?.value;
    expect(await subscribed()).toBe(false);
    const response = await shop.request({ method: "POST", url: "/api/v1/newsletter/subscriptions", payload: { email: email.toUpperCase() } });
    expect(response.statusCode, response.body).toBe(201);
    expect(await subscribed()).toBe(true);
  });
});

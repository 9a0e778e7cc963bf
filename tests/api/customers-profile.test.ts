import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backends } from "../support/test-app.ts";
import { asCustomer, freshEmail, startAccountsShop, type AccountsShop, type Schemas } from "./customers-support.ts";

const home = {
  firstName: "Jeanne",
  lastName: "Dupont",
  street: "12 rue des Lilas",
  city: "Lyon",
  postCode: "69003",
  country: "FR",
  phone: "+33612345678",
};

describe.each(backends())("customer profile and address book on $name", (backend) => {
  let shop: AccountsShop;
  beforeAll(async () => {
    shop = await startAccountsShop(backend);
  });
  afterAll(() => shop?.close());

  const saveAddress = (token: string, address: Record<string, unknown>, query = "") =>
    shop.call({ method: "POST", url: `/api/v1/customers/address${query}`, headers: asCustomer(token), payload: address });
  const deleteAddress = (token: string, name: string) =>
    shop.call({ method: "DELETE", url: `/api/v1/customers/address/${encodeURIComponent(name)}`, headers: asCustomer(token) });
  const me = async (token: string) => (await shop.call({ url: "/api/v1/customers/me", headers: asCustomer(token) })).json<Schemas["Customer"]>();

  it("updates only the properties sent and keeps id and group read-only", async () => {
    const { token, customer } = await shop.register();
    const updated = await shop.call({
      method: "PATCH",
      url: "/api/v1/customers",
      headers: asCustomer(token),
      // The profile form sends every field of SPEC §7's PATCH, the read-only ones unchanged.
      payload: {
        id: customer.id,
        customerGroup: customer.customerGroup,
        email: customer.email,
        lastName: customer.lastName,
        newsLetterSubscribed: false,
        firstName: "Jeanne-Marie",
        birthDate: "1990-05-17",
        locale: "en_US",
        twoFactorAuthenticationEnabled: true,
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.headers["x-customer-token"]).toEqual(expect.any(String));
    expect(updated.json()).toMatchObject({ firstName: "Jeanne-Marie", lastName: "Dupont", birthDate: "1990-05-17", locale: "en_US", twoFactorAuthenticationEnabled: true });

    const group = await shop.call({ method: "PATCH", url: "/api/v1/customers", headers: asCustomer(token), payload: { customerGroup: "FLYING_BLUE" } });
    expect(group.statusCode).toBe(400);
    expect(group.json()).toMatchObject({ code: "READ_ONLY_FIELD", fields: [{ field: "customerGroup" }] });
    const id = await shop.call({ method: "PATCH", url: "/api/v1/customers", headers: asCustomer(token), payload: { id: customer.id + 1000 } });
    expect(id.json()).toMatchObject({ code: "READ_ONLY_FIELD", fields: [{ field: "id" }] });
    expect((await me(token)).customerGroup).toBe("GENERAL_PUBLIC");
  });

  it("refuses an e-mail another account uses with 409", async () => {
    const taken = await shop.register();
    const { token } = await shop.register();
    const response = await shop.call({ method: "PATCH", url: "/api/v1/customers", headers: asCustomer(token), payload: { email: taken.email.toUpperCase() } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: "EMAIL_ALREADY_EXISTS" });
  });

  it("keeps the address book sorted by name descending and moves the defaults", async () => {
    const { token } = await shop.register();
    expect((await saveAddress(token, { ...home, name: "Maison" }, "?defaultShipping=true&defaultBilling=true")).statusCode).toBe(200);
    const second = await saveAddress(token, { ...home, name: "Bureau", street: "5 quai Saint-Antoine" }, "?defaultBilling=true");
    expect(second.statusCode).toBe(200);
    const customer = second.json<Schemas["Customer"]>();
    expect(customer.addresses.map((address) => address.name)).toEqual(["Maison", "Bureau"]);
    expect(customer.defaultShippingAddress).toBe("Maison");
    expect(customer.defaultBillingAddress).toBe("Bureau");
    expect(customer.addresses.find((address) => address.name === "Maison")).toMatchObject({ defaultShipping: true, defaultBilling: false });
    expect(customer.addresses.find((address) => address.name === "Bureau")).toMatchObject({ defaultShipping: false, defaultBilling: true });

    // Adding under an existing name is refused, and loses nothing.
    const taken = await saveAddress(token, { ...home, name: "Bureau", city: "Villeurbanne", postCode: "69100" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ status: 409, code: "ADDRESS_NAME_TAKEN" });
    const kept = await shop.call({ url: "/api/v1/customers/me", headers: asCustomer(token) });
    expect(kept.json<Schemas["Customer"]>().addresses.find((address) => address.name === "Bureau")).toMatchObject({ city: "Lyon", defaultBilling: true });

    // Editing it (replace) changes it in place.
    const replaced = await saveAddress(token, { ...home, name: "Bureau", city: "Villeurbanne", postCode: "69100" }, "?replace=true");
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json<Schemas["Customer"]>().addresses).toHaveLength(2);
    expect(replaced.json<Schemas["Customer"]>().addresses[1]).toMatchObject({ name: "Bureau", city: "Villeurbanne", defaultBilling: true });
  });

  it("clears a default when its address is deleted, and answers 404 for an unknown name", async () => {
    const { token } = await shop.register();
    expect((await saveAddress(token, { ...home, name: "Maison" }, "?defaultShipping=true")).statusCode).toBe(200);
    expect((await saveAddress(token, { ...home, name: "Bureau" }, "?defaultBilling=true")).statusCode).toBe(200);
    const deleted = await deleteAddress(token, "Maison");
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ defaultShippingAddress: null, defaultBillingAddress: "Bureau", addresses: [{ name: "Bureau" }] });
    const unknown = await deleteAddress(token, "Maison");
    expect(unknown.statusCode).toBe(404);
  });

  it("generates a name from the street, the postcode and 8 random characters", async () => {
    const { token } = await shop.register();
    const response = await saveAddress(token, home);
    const [address] = response.json<Schemas["Customer"]>().addresses;
    expect(address?.name).toMatch(/^ruedesLilas69003[A-Z0-9]{8}$/);
  });

  it("rewrites the phone in international format and refuses one not valid for the country", async () => {
    const { token } = await shop.register();
    const saved = await saveAddress(token, { ...home, name: "Maison", phone: "+33 6 12 34 56 78".replace(/\s/g, "") });
    expect(saved.json<Schemas["Customer"]>().addresses[0]?.phone).toBe("+33612345678");
    const wrong = await saveAddress(token, { ...home, name: "Autre", phone: "+4915112345678" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: "PHONE_INVALID", fields: [{ field: "phone" }] });
  });

  it.each([
    ["97133", "BL"],
    ["97150", "MF"],
    ["97110", "GP"],
    ["97200", "MQ"],
    ["98800", "NC"],
  ])("refuses the overseas postcode %s with country FR, naming %s", async (postCode, territory) => {
    const { token } = await shop.register();
    const response = await saveAddress(token, { ...home, postCode });
    expect(response.statusCode).toBe(400);
    const error = response.json<Schemas["Error"]>();
    expect(error).toMatchObject({ code: "OVERSEAS_POSTCODE", fields: [{ field: "country" }] });
    expect(error.message).toContain(territory);
  });

  it("answers 400 naming the field for an address breaking the schema", async () => {
    const { token } = await shop.register();
    const response = await saveAddress(token, { ...home, city: "69003" });
    expect(response.statusCode).toBe(400);
    expect(response.json<Schemas["Error"]>().fields?.[0]?.field).toBe("city");
  });

  it("subscribes and unsubscribes the customer's own address only", async () => {
    const { token, email } = await shop.register();
    const subscribe = (customerEmail: string) =>
      shop.call({ method: "PUT", url: "/api/v1/customers/newsletter/subscribe", headers: asCustomer(token), payload: { customerEmail } });
    expect((await subscribe(email.toUpperCase())).statusCode).toBe(204);
    expect((await subscribe(email)).statusCode).toBe(204);
    expect((await me(token)).newsLetterSubscribed).toBe(true);
    const other = await subscribe(freshEmail());
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ fields: [{ field: "customerEmail" }] });
    const off = await shop.call({ method: "PUT", url: "/api/v1/customers/newsletter/unsubscribe", headers: asCustomer(token), payload: { customerEmail: email } });
    expect(off.statusCode).toBe(204);
    expect((await me(token)).newsLetterSubscribed).toBe(false);
  });

  it("never lets one customer read or change another's data", async () => {
    const alice = await shop.register({ email: freshEmail("alice") });
    const bob = await shop.register({ email: freshEmail("bob") });
    await saveAddress(alice.token, { ...home, name: "Secret" });

    const bobView = await me(bob.token);
    expect(bobView.email).toBe(bob.email);
    expect(bobView.addresses).toEqual([]);
    // Bob cannot delete Alice's address by its name, nor take her id.
    expect((await deleteAddress(bob.token, "Secret")).statusCode).toBe(404);
    const patch = await shop.call({ method: "PATCH", url: "/api/v1/customers", headers: asCustomer(bob.token), payload: { id: alice.customer.id, firstName: "Pirate" } });
    expect(patch.statusCode).toBe(400);
    const aliceView = await me(alice.token);
    expect(aliceView.firstName).toBe("Jeanne");
    expect(aliceView.addresses.map((address) => address.name)).toEqual(["Secret"]);
  });

  it("needs a signed-in customer for every profile operation", async () => {
    const calls = [
      { method: "GET" as const, url: "/api/v1/customers/me" },
      { method: "PATCH" as const, url: "/api/v1/customers", payload: { firstName: "Anonyme" } },
      { method: "POST" as const, url: "/api/v1/customers/address", payload: home },
      { method: "DELETE" as const, url: "/api/v1/customers/address/Maison" },
      { method: "PUT" as const, url: "/api/v1/customers/newsletter/subscribe", payload: { customerEmail: "a@example.fr" } },
      { method: "POST" as const, url: "/api/v1/customers/change-password", payload: { currentPassword: "x", newPassword: "Nouveau@Depart2027" } },
      { method: "POST" as const, url: "/api/v1/customers/sign-out" },
    ];
    for (const call of calls) {
      const response = await shop.call(call);
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(401);
    }
  });
});

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CUSTOMER_PASSWORD, DEMO_CUSTOMERS } from "../../server/seed/data/customers.ts";
import { backends } from "../support/test-app.ts";
import { cartClient, offerPool, type Cart } from "./cart-fixtures.ts";
import { asCustomer, codeIn, freshEmail, PASSWORD, startAccountsShop, type AccountsShop, type Schemas } from "./customers-support.ts";

describe.each(backends())("accounts and carts, demo customers on $name", (backend) => {
  let shop: AccountsShop;
  let offers: Awaited<ReturnType<typeof offerPool>>;
  beforeAll(async () => {
    shop = await startAccountsShop(backend, { seed: true });
    offers = await offerPool(shop);
  });
  afterAll(() => shop?.close());

  const anonymousCart = async (quantity: number) => {
    const offerId = await offers.take({ stock: 10, regular: 2500 });
    const response = await cartClient(shop).setQuantity({ offerId, quantity });
    expect(response.statusCode, response.body).toBe(200);
    return { cart: response.json<Cart>(), offerId };
  };
  const signIn = async (email: string, password: string, shoppingCartId?: string) =>
    shop.call({
      method: "POST",
      url: `/api/v1/customers/sign-in${shoppingCartId ? `?shoppingCartId=${shoppingCartId}` : ""}`,
      payload: { email, password, recaptchaData: await shop.captcha() },
    });

  it("keeps the anonymous cart of a General public customer signing in", async () => {
    const { cart, offerId } = await anonymousCart(2);
    const { email } = await shop.register();
    const response = await signIn(email, PASSWORD, cart.uuid);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<Schemas["SignInResponse"]>();
    expect(body.customer?.shoppingCart).toEqual({ id: cart.id, uuid: cart.uuid });
    const own = await cartClient(shop).getCustomer(asCustomer(body.token ?? ""));
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<Cart>().cartItems.map((item) => [item.product.offer?.id, item.quantity])).toEqual([[offerId, 2]]);
  });

  it("attaches the cart when the e-mailed code completes the sign-in", async () => {
    const { cart } = await anonymousCart(1);
    const { email } = await shop.register({ twoFactorAuthenticationEnabled: true });
    expect((await signIn(email, PASSWORD, cart.uuid)).json()).toMatchObject({ twoFactorRequired: true });
    const code = codeIn((await shop.lastMailTo(email))?.text);
    const verified = await shop.call({
      method: "POST",
      url: `/api/v1/customers/one-time-password?shoppingCartId=${cart.uuid}`,
      payload: { email, password: PASSWORD, oneTimePassword: code },
    });
    expect(verified.json<Schemas["SignInResponse"]>().customer?.shoppingCart?.id).toBe(cart.id);
  });

  it("keeps the basket of a guest who creates an account", async () => {
    const { cart } = await anonymousCart(2);
    const response = await shop.call({
      method: "POST",
      url: `/api/v1/customers/register?shoppingCartId=${cart.uuid}`,
      payload: { email: freshEmail(), firstName: "Jeanne", lastName: "Dupont", password: PASSWORD, recaptchaData: await shop.captcha() },
    });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<Schemas["SignInResponse"]>();
    expect(body.customer?.shoppingCart).toEqual({ id: cart.id, uuid: cart.uuid });
    const own = await shop.call({ url: "/api/v1/shopping-cart", headers: asCustomer(body.token ?? "") });
    const lines = (basket: Schemas["Cart"]) => basket.cartItems.map((line) => [line.product.reference, line.quantity]);
    expect(lines(own.json<Schemas["Cart"]>())).toEqual(lines(cart));
    expect(lines(cart)).toHaveLength(1);
    // The cart is the customer's now: the uuid alone no longer opens it.
    expect((await cartClient(shop).get(cart.uuid)).statusCode).toBe(404);
  });

  it("merges the anonymous cart named on the profile read", async () => {
    const { token } = await shop.register();
    const { cart } = await anonymousCart(3);
    const me = await shop.call({ url: `/api/v1/customers/me?shoppingCartId=${cart.uuid}`, headers: asCustomer(token) });
    expect(me.json<Schemas["Customer"]>().shoppingCart?.id).toBe(cart.id);
  });

  it("leaves the anonymous cart alone for customers of other groups, and ignores unknown carts", async () => {
    const { cart } = await anonymousCart(1);
    const employee = DEMO_CUSTOMERS.find((customer) => customer.group === "BRAND_EMPLOYEE");
    const response = await signIn(employee?.email ?? "", DEMO_CUSTOMER_PASSWORD, cart.uuid);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Schemas["SignInResponse"]>().customer?.shoppingCart).toBeNull();
    expect((await cartClient(shop).get(cart.uuid)).statusCode).toBe(200);

    const { email } = await shop.register();
    const unknown = await signIn(email, PASSWORD, randomUUID());
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json<Schemas["SignInResponse"]>().customer?.shoppingCart).toBeNull();
  });

  it("seeds a demo customer of every group, signing in with the demo password", async () => {
    const groups = new Set(DEMO_CUSTOMERS.map((customer) => customer.group));
    expect([...groups].sort()).toEqual(["BRAND_EMPLOYEE", "BRAND_SERVICES", "EMPOWERMENT", "FLYING_BLUE", "GENERAL_PUBLIC", "GPNET", "HABILE"]);
    expect(DEMO_CUSTOMERS.some((customer) => customer.twoFactor)).toBe(true);
    for (const demo of DEMO_CUSTOMERS) {
      const response = await signIn(demo.email, DEMO_CUSTOMER_PASSWORD);
      expect(response.statusCode, demo.email).toBe(200);
      const body = response.json<Schemas["SignInResponse"]>();
      expect(body.twoFactorRequired, demo.email).toBe(demo.twoFactor);
      if (demo.twoFactor) continue;
      expect(body.customer).toMatchObject({ email: demo.email, customerGroup: demo.group, miles: demo.miles ?? null });
    }
  });

  it("shows the Flying blue miles and a demo address book sorted by name descending", async () => {
    const camille = DEMO_CUSTOMERS.find((customer) => customer.group === "GENERAL_PUBLIC" && customer.addresses);
    const body = (await signIn(camille?.email ?? "", DEMO_CUSTOMER_PASSWORD)).json<Schemas["SignInResponse"]>();
    expect(body.customer?.addresses.map((address) => address.name)).toEqual(["Maison", "Bureau"]);
    expect(body.customer).toMatchObject({ defaultShippingAddress: "Maison", defaultBillingAddress: "Bureau" });
    const flyingBlue = DEMO_CUSTOMERS.find((customer) => customer.group === "FLYING_BLUE");
    const miles = (await signIn(flyingBlue?.email ?? "", DEMO_CUSTOMER_PASSWORD)).json<Schemas["SignInResponse"]>().customer?.miles;
    expect(miles).toBe(48_250);
  });
});

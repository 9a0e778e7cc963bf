import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkBindings, listOperations, loadContract } from "../../server/http/contract.ts";
import { PENDING_OPERATIONS } from "../../server/modules/pending-operations.ts";
import { backends, startTestApp, type TestApp } from "../support/test-app.ts";

// The operations allowed to answer 501. Remove an entry when its issue lands; never add one.
const PENDING_AT_MOST = [
  "getCustomerCart", "getCart", "deleteCart", "setCartCoupon", "removeCartCoupon", "setCartOfferQuantity",
  "signIn", "verifyOneTimePassword", "registerCustomer", "requestPasswordReset", "changePasswordWithResetToken",
  "changePassword", "signOut", "getCurrentCustomer", "updateCustomer", "saveCustomerAddress", "deleteCustomerAddress",
  "subscribeCustomerNewsletter", "unsubscribeCustomerNewsletter", "signInGpnet", "verifyGpnetOneTimePassword",
  "registerGpnetCustomer", "requestGpnetPasswordReset", "verifyRecaptcha",
  "getPaymentFailedCart", "searchRelayPoints", "geocodeAddress",
  "listPaymentMethods", "initiatePayment", "submitPaymentDetails",
  "listOrders", "listCustomerOrders", "getOrder", "getOrderByUuid", "getOrderByReference", "downloadOrderInvoice",
];

const operations = listOperations();
const operationIds = operations.map((operation) => operation.operationId);

describe("the contract", () => {
  it("names every operation once", () => {
    expect(new Set(operationIds).size).toBe(operationIds.length);
    expect(operationIds.length).toBeGreaterThanOrEqual(60);
  });

  it("requires the storefront token and takes the locale on every operation", () => {
    const contract = loadContract();
    expect(contract.security).toEqual([{ storefrontToken: [] }]);
    for (const operation of operations) expect(operation.requiresStorefrontToken, operation.operationId).toBe(true);
    const text = JSON.stringify(contract.paths);
    const localeRefs = text.match(/#\/components\/parameters\/Locale/g) ?? [];
    expect(localeRefs.length).toBe(operations.length);
  });

  it("lets the list of unimplemented operations only shrink", () => {
    for (const id of PENDING_OPERATIONS) expect(PENDING_AT_MOST, `${id} was added to the pending list`).toContain(id);
  });

  it("binds every operation to a handler or the pending list, and nothing else", () => {
    expect(checkBindings(operationIds, { handlers: {}, pending: PENDING_OPERATIONS })).toEqual(
      operationIds.filter((id) => !PENDING_OPERATIONS.includes(id as never)).map((id) => `operation ${id} has no handler`),
    );
    expect(checkBindings(["a", "b"], { handlers: { getCategories: async () => [] }, pending: ["a", "c"] })).toEqual([
      "operation b has no handler",
      "handler getCategories matches no operation",
      "pending c matches no operation",
    ]);
  });
});

describe.each(backends())("the API on $name", (backend) => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await startTestApp(backend);
  });
  afterAll(() => shop?.close());

  it("answers 501 with the error shape for each pending operation", async () => {
    for (const operation of operations.filter((item) => PENDING_OPERATIONS.includes(item.operationId as never))) {
      const url = `/api/v1${operation.path.replace(/{[^}]+}/g, "1")}`;
      const response = await shop.request({ method: operation.method as "GET", url });
      // A request the contract rejects is a 400; one it accepts reaches the pending handler.
      expect([400, 501], `${operation.method} ${url}`).toContain(response.statusCode);
      const body = response.json();
      expect(body.status).toBe(response.statusCode);
      expect(typeof body.message).toBe("string");
      if (response.statusCode === 501) {
        expect(body).toEqual({ status: 501, message: `Operation ${operation.operationId} is not implemented yet`, code: "NOT_IMPLEMENTED" });
      }
    }
  });

  it("never answers 500 or leaks a stack, whatever the input", async () => {
    const junk = ["", "%00", "'", "-1", "9".repeat(30), "null", "%E2%80%AE", "a".repeat(400), "{}", "[]"];
    for (const operation of operations) {
      for (const value of junk) {
        const url = `/api/v1${operation.path.replace(/{[^}]+}/g, encodeURIComponent(value) || "x")}?locale=${value}&size=${value}&page=${value}&searchTerm=${value}&categoryPath=${value}`;
        const response = await shop.request({
          method: operation.method as "GET",
          url,
          ...(operation.method === "GET" || operation.method === "DELETE"
            ? {}
            : { payload: value === "[]" ? [] : { junk: value, email: value }, headers: { "content-type": "application/json" } }),
        });
        expect(response.statusCode < 500 || response.statusCode === 501, `${operation.method} ${url}: ${response.statusCode}`).toBe(true);
        expect(response.body).not.toMatch(/at .*\.(ts|js):\d+/);
      }
    }
  });

  it("names the unknown route in a JSON 404", async () => {
    const response = await shop.request({ url: "/api/v1/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404, code: "NO_ROUTE" });
  });

  it("refuses unknown body properties, naming them", async () => {
    const response = await shop.request({
      method: "POST",
      url: "/api/v1/afs_marketing_landing/findOne",
      payload: { attrId: "marketing_landing_category", attrValue: "voyage", surprise: 1 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[0].field).toBe("surprise");
  });

  it("tags every answer with a request id, keeping the caller's", async () => {
    const mine = await shop.request({ url: "/api/v1/categories", headers: { "x-request-id": "trace-42" } });
    expect(mine.headers["x-request-id"]).toBe("trace-42");
    const generated = await shop.request({ url: "/api/v1/categories" });
    expect(generated.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

import { describe, expect, it } from "vitest";
import { merchantReferenceOf, parseMerchantReference } from "../../server/modules/payment/merchant-reference.ts";

describe("merchant references of payment attempts", () => {
  const cart = "3f2c1d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f";

  it("name the cart and the attempt, and read back", () => {
    expect(merchantReferenceOf(cart.toUpperCase(), 42)).toBe(`${cart}.42`);
    expect(parseMerchantReference(`${cart}.42`)).toEqual({ cartUuid: cart, paymentId: 42 });
  });

  it.each([undefined, "", cart, `${cart}.`, `${cart}.0`, `${cart}.x`, `${cart}.12345678901`, `x${cart}.1`, "ESC-7K3M-Q9TX"])("read nothing from %s", (reference) => {
    expect(parseMerchantReference(reference)).toBeNull();
  });
});

// What the payment step sends the server (SPEC §7 initiate-payment, §9 amounts in cents): the amount to
// pay, the lines as the provider lists them, and the return address with the cart's uuid.
import { describe, expect, it } from "vitest";
import { readyCart } from "../../machines/checkout/checkout.model.ts";
import { amountToPay, lineItemsOf, returnUrlOf } from "../../src/actors/payment-actors.ts";

describe("payment request", () => {
  it("pays the coupon's price when there is one, else the total, in cents", () => {
    const cart = readyCart();
    expect(amountToPay(cart)).toBe(cart.totalPrice.taxIncluded);
    const withCoupon = { ...cart, specialPrice: { ...cart.totalPrice, taxIncluded: cart.totalPrice.taxIncluded - 500 } };
    expect(amountToPay(withCoupon)).toBe(cart.totalPrice.taxIncluded - 500);
  });

  it("lists each line with its unit amounts and the tax rate in hundredths of a percent", () => {
    const cart = readyCart();
    const line = cart.cartItems[0];
    if (!line) throw new Error("the sample cart has a line");
    const twice = { ...cart, cartItems: [{ ...line, quantity: 2, price: { taxIncluded: 2400, taxFree: 2000, taxRate: 20, taxAmount: 400 } }] };
    expect(lineItemsOf(twice)).toEqual([
      { id: line.variantReference, description: line.product.name, quantity: 2, amountIncludingTax: 1200, amountExcludingTax: 1000, taxPercentage: 2000 },
    ]);
  });

  it("comes back to the return page of the shopper's language with the cart's uuid", () => {
    expect(returnUrlOf("https://shop.example", "fr", "a81e6d0c-2f4b-4e9a-b3c7-0d5f9e1a6b28")).toBe(
      "https://shop.example/fr/commande/paiement/retour?cartUuid=a81e6d0c-2f4b-4e9a-b3c7-0d5f9e1a6b28",
    );
    expect(returnUrlOf("https://shop.example", "en", "a81e6d0c-2f4b-4e9a-b3c7-0d5f9e1a6b28")).toBe(
      "https://shop.example/en/checkout/paiement/retour?cartUuid=a81e6d0c-2f4b-4e9a-b3c7-0d5f9e1a6b28",
    );
  });
});

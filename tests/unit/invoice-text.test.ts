// What the invoice's standard fonts can write: French text and the euro sign as they are, other
// letters without their accent when that is enough, and a visible '?' for the rest.
import { describe, expect, it } from "vitest";
import { winAnsi } from "../../server/modules/orders/invoice-pdf.ts";

describe("the invoice's text encoding", () => {
  it("keeps French, the euro sign and typographic marks", () => {
    const french = "Élodie Œuvré à Nîmes – « 12,50 € » l’été, ça coûte… 1\u00a0000";
    expect(winAnsi(french)).toBe(french);
  });

  it("writes the number formats' thin spaces as no-break spaces", () => {
    expect(winAnsi("1\u202f234,50\u00a0€")).toBe("1\u00a0234,50\u00a0€");
  });

  it("drops the accents it cannot write and marks what it cannot write at all", () => {
    expect(winAnsi("Dvořák, Łódź, Őrség")).toBe("Dvorák, ?ódz, Orség");
    expect(winAnsi("東京 ✈")).toBe("?? ?");
  });
});

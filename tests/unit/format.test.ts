import { describe, expect, it } from "vitest";
import { formatPercent, formatPrice, formatWholePrice } from "../../src/i18n/format.ts";

// Intl puts narrow no-break spaces in French numbers; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("number formats", () => {
  it("puts the euro sign after in French and before in English", () => {
    expect(plain(formatPrice(1290, "fr"))).toBe("12,90 €");
    expect(formatPrice(1290, "en")).toBe("€12.90");
    expect(plain(formatPrice(123456, "fr"))).toBe("1 234,56 €");
  });

  it("formats whole euros and percentages", () => {
    expect(plain(formatWholePrice(4900, "fr"))).toBe("49 €");
    expect(formatWholePrice(4900, "en")).toBe("€49");
    expect(plain(formatPercent(0.25, "fr"))).toBe("25 %");
    expect(formatPercent(0.25, "en")).toBe("25%");
  });
});

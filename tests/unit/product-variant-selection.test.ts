// Choosing a variant from its configurable attributes, and the pictures shown for it.
import { describe, expect, it } from "vitest";
import type { AttributeValue, Offer, Picture, Product, ProductVariant } from "../../src/api/queries/product.ts";
import {
  attributeChoices,
  chooseValue,
  defaultVariant,
  galleryItems,
  selectionOf,
  valueInStock,
  variantByReference,
  variantsFor,
} from "../../src/features/product/variant-selection.ts";

const price = { taxIncluded: 3000, taxFree: 2500, taxRate: 20, taxAmount: 500 };

const offer = (id: number, stockQuantity: number): Offer => ({
  id,
  shop: { id: 1, name: "Shop" },
  pickingDelay: 1,
  stockQuantity,
  logisticClass: "SMALL",
  regularPrice: price,
  discountPrice: null,
  minimalOrderQuantity: 1,
  maximalOrderQuantity: 10,
});

const picture = (id: number, order: number): Picture => ({
  id,
  title: `picture ${id}`,
  isCover: order === 0,
  order,
  category: "PRODUCT",
  srcSmall: `/p/${id}/small.svg`,
  srcMedium: `/p/${id}/medium.svg`,
  srcLarge: `/p/${id}/large.svg`,
  url: null,
});

const value = (code: string, index: number, displayType: AttributeValue["displayType"]): AttributeValue => ({
  value: code,
  label: code.toUpperCase(),
  displayType,
  filterType: "CHECKBOX",
  index,
  colorCode: null,
});

function variant(color: string, size: string, stock: number | null, pictures: Picture[] = []): ProductVariant {
  return {
    reference: `TEE-${color}-${size}`.toUpperCase(),
    selectedAttributes: [
      { name: "color", label: "Colour", value: color, valueLabel: color },
      { name: "size", label: "Size", value: size, valueLabel: size },
    ],
    offer: stock === null ? null : offer(100 + stock, stock),
    pictures,
  };
}

// Red comes in S (sold out), M and L; blue in S and M (sold out); green only in S, without an offer.
const redS = variant("red", "s", 0, [picture(21, 1), picture(20, 0)]);
const redM = variant("red", "m", 3);
const redL = variant("red", "l", 7);
const blueS = variant("blue", "s", 12, [picture(30, 0)]);
const blueM = variant("blue", "m", -1);
const greenS = variant("green", "s", null);

function product(overrides: Partial<Product> = {}): Product {
  return {
    id: 1,
    slug: "tee",
    slugs: { fr: "tee", en: "tee" },
    reference: "TEE",
    name: "Tee",
    description: "<p>Tee</p>",
    supplierReference: "SUP-TEE",
    transportWeight: 200,
    madeInFrance: false,
    madeInEurope: false,
    upCycling: false,
    limitedEdition: false,
    isConfigurable: true,
    configurableAttributes: [
      { name: "color", label: "Colour" },
      { name: "size", label: "Size" },
    ],
    attributeValuesByAttributeName: {
      // Listed out of order, and with a value no variant has.
      color: [value("blue", 2, "COLOR"), value("red", 1, "COLOR"), value("green", 3, "COLOR"), value("pink", 0, "COLOR")],
      size: [value("l", 3, "SIZE"), value("m", 2, "SIZE"), value("s", 1, "SIZE"), value("xl", 4, "SIZE")],
    },
    selectedAttributes: [],
    offer: redM.offer,
    variants: [redS, redM, redL, blueS, blueM, greenS],
    coverPicture: picture(1, 0),
    pictures: [picture(3, 2), picture(1, 0), picture(20, 0), picture(21, 1), picture(30, 0), picture(2, 1)],
    category: { id: 9, label: "Clothing", path: "clothing" },
    breadcrumb: [{ id: 9, label: "Clothing", path: "clothing" }],
    ...overrides,
  };
}

describe("defaultVariant", () => {
  it("is the variant carrying the product's default offer", () => {
    expect(defaultVariant(product())).toBe(redM);
  });

  it("is the first variant in stock when no variant carries the product's offer", () => {
    expect(defaultVariant(product({ offer: offer(999, 5) }))).toBe(redM);
    expect(defaultVariant(product({ offer: null, variants: [redS, blueM, blueS] }))).toBe(blueS);
  });

  it("is the first variant when none is in stock", () => {
    expect(defaultVariant(product({ offer: null, variants: [blueM, redS] }))).toBe(blueM);
  });

  it("is undefined for a product without variants", () => {
    expect(defaultVariant(product({ variants: [] }))).toBeUndefined();
  });
});

describe("variantByReference", () => {
  it("finds a variant by its reference", () => {
    expect(variantByReference(product(), "TEE-BLUE-S")).toBe(blueS);
  });

  it("finds nothing for an unknown reference or none", () => {
    expect(variantByReference(product(), "TEE-PINK-S")).toBeUndefined();
    expect(variantByReference(product(), undefined)).toBeUndefined();
  });
});

describe("attributeChoices", () => {
  it("offers, in display order, only the values some variant has", () => {
    const choices = attributeChoices(product());
    expect(choices.map((choice) => [choice.name, choice.displayType, choice.values.map((each) => each.value)])).toEqual([
      ["color", "COLOR", ["red", "blue", "green"]],
      ["size", "SIZE", ["s", "m", "l"]],
    ]);
  });
});

describe("variantsFor", () => {
  it("ignores the later choices for the first attribute", () => {
    expect(variantsFor(product(), selectionOf(redL), 0, "blue")).toEqual([blueS, blueM]);
  });

  it("keeps the earlier choices for a later attribute", () => {
    expect(variantsFor(product(), selectionOf(blueS), 1, "m")).toEqual([blueM]);
    expect(variantsFor(product(), selectionOf(blueS), 1, "l")).toEqual([]);
  });

  it("leaves out variants without an offer, and attributes the product lacks", () => {
    expect(variantsFor(product(), selectionOf(redM), 0, "green")).toEqual([]);
    expect(variantsFor(product(), selectionOf(redM), 2, "s")).toEqual([]);
  });
});

describe("chooseValue", () => {
  it("keeps the later choice when the new value has it, even sold out", () => {
    expect(chooseValue(product(), selectionOf(redM), 0, "blue")).toBe(blueM);
  });

  it("prefers a variant in stock when the later choice cannot be kept", () => {
    expect(chooseValue(product(), selectionOf(redL), 0, "blue")).toBe(blueS);
  });

  it("leads to the variant of the earlier choices and the value chosen", () => {
    expect(chooseValue(product(), selectionOf(redM), 1, "l")).toBe(redL);
  });

  it("leads nowhere for a value no variant with an offer has", () => {
    expect(chooseValue(product(), selectionOf(redM), 0, "green")).toBeUndefined();
  });
});

describe("valueInStock", () => {
  it("tells whether the variant a choice leads to has stock", () => {
    expect(valueInStock(product(), selectionOf(redL), 0, "blue")).toBe(true);
    expect(valueInStock(product(), selectionOf(redM), 0, "blue")).toBe(false);
    expect(valueInStock(product(), selectionOf(redM), 1, "s")).toBe(false);
    expect(valueInStock(product(), selectionOf(redM), 0, "green")).toBe(false);
  });
});

describe("galleryItems", () => {
  const ids = (items: ReturnType<typeof galleryItems>) => items.map((item) => item.id);

  it("shows the variant's own pictures first, then the shared ones, each in order", () => {
    expect(ids(galleryItems(product(), redS))).toEqual([20, 21, 1, 2, 3]);
  });

  it("leaves out the pictures of the other variants", () => {
    expect(ids(galleryItems(product(), blueS))).toEqual([30, 1, 2, 3]);
    expect(ids(galleryItems(product(), redM))).toEqual([1, 2, 3]);
  });

  it("falls back on the cover picture, and on nothing without one", () => {
    const bare = product({ variants: [redM], pictures: [] });
    expect(ids(galleryItems(bare, redM))).toEqual([1]);
    expect(galleryItems({ ...bare, coverPicture: null }, redM)).toEqual([]);
  });

  it("carries a video's address", () => {
    const video = { ...picture(5, 3), url: "/media/videos/5.mp4" };
    const items = galleryItems(product({ pictures: [picture(1, 0), video] }), redM);
    expect(items.map((item) => item.url)).toEqual([null, "/media/videos/5.mp4"]);
  });
});

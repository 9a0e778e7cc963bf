// Choosing a variant from its configurable attributes: which values to offer, which are
// unavailable given the values chosen before them, and which variant a choice leads to.
import type { AttributeValue, Offer, Picture, Product, ProductVariant } from "../../api/queries/product.ts";

export type Selection = Record<string, string>;

export interface AttributeChoice {
  name: string;
  label: string;
  displayType: AttributeValue["displayType"];
  values: AttributeValue[];
}

const hasStock = (offer: Offer | null | undefined) => (offer?.stockQuantity ?? 0) > 0;

export function selectionOf(variant: ProductVariant | undefined): Selection {
  return Object.fromEntries((variant?.selectedAttributes ?? []).map((attribute) => [attribute.name, attribute.value]));
}

/** The variant shown when the address names none (or an unknown one): the product's default offer's. */
export function defaultVariant(product: Product): ProductVariant | undefined {
  return (
    product.variants.find((variant) => variant.offer !== null && variant.offer.id === product.offer?.id) ??
    product.variants.find((variant) => hasStock(variant.offer)) ??
    product.variants[0]
  );
}

export function variantByReference(product: Product, reference: string | undefined): ProductVariant | undefined {
  return reference === undefined ? undefined : product.variants.find((variant) => variant.reference === reference);
}

/** The configurable attributes with the values some variant has, in display order. */
export function attributeChoices(product: Product): AttributeChoice[] {
  return product.configurableAttributes.map(({ name, label }) => {
    const used = new Set(product.variants.map((variant) => selectionOf(variant)[name]));
    const values = (product.attributeValuesByAttributeName[name] ?? [])
      .filter((value) => used.has(value.value))
      .sort((a, b) => a.index - b.index);
    return { name, label, displayType: values[0]?.displayType ?? "TEXT", values };
  });
}

function matches(variant: ProductVariant, selection: Selection, names: string[]): boolean {
  const own = selectionOf(variant);
  return names.every((name) => own[name] === selection[name]);
}

/**
 * The variants a value of the attribute at `position` leads to, keeping the values chosen for the
 * attributes before it. Values without any are unavailable; the first attribute's never are.
 */
export function variantsFor(product: Product, selection: Selection, position: number, value: string): ProductVariant[] {
  const names = product.configurableAttributes.map((attribute) => attribute.name);
  const name = names[position];
  if (name === undefined) return [];
  return product.variants.filter(
    (variant) => variant.offer !== null && matches(variant, { ...selection, [name]: value }, [...names.slice(0, position), name]),
  );
}

/** The variant a choice leads to: the one keeping most of the later choices, then one in stock. */
export function chooseValue(product: Product, selection: Selection, position: number, value: string): ProductVariant | undefined {
  const later = product.configurableAttributes.slice(position + 1).map((attribute) => attribute.name);
  const score = (variant: ProductVariant) => {
    const own = selectionOf(variant);
    // Earlier attributes weigh more: keeping the colour matters more than keeping the size after it.
    const kept = later.reduce((total, name, index) => total + (own[name] === selection[name] ? 2 ** (later.length - index) : 0), 0);
    return kept * 2 + (hasStock(variant.offer) ? 1 : 0);
  };
  return variantsFor(product, selection, position, value).reduce<ProductVariant | undefined>(
    (best, variant) => (best === undefined || score(variant) > score(best) ? variant : best),
    undefined,
  );
}

/** Choosing this value leads to a variant with stock (what the shopper would see after choosing it). */
export function valueInStock(product: Product, selection: Selection, position: number, value: string): boolean {
  return hasStock(chooseValue(product, selection, position, value)?.offer);
}

export interface GalleryItem {
  id: number;
  title: string;
  srcSmall: string;
  srcMedium: string;
  srcLarge: string;
  /** An mp4 video shown instead of the picture. */
  url: string | null;
}

const byOrder = (a: Picture, b: Picture) => a.order - b.order;

/** The variant's own pictures first, then those of the product that belong to no variant. */
export function galleryItems(product: Product, variant: ProductVariant | undefined): GalleryItem[] {
  const variantPictureIds = new Set(product.variants.flatMap((each) => each.pictures.map((picture) => picture.id)));
  const shared = product.pictures.filter((picture) => !variantPictureIds.has(picture.id)).sort(byOrder);
  const own = [...(variant?.pictures ?? [])].sort(byOrder);
  const pictures = own.length + shared.length > 0 ? [...own, ...shared] : product.coverPicture ? [product.coverPicture] : [];
  return pictures.map(({ id, title, srcSmall, srcMedium, srcLarge, url }) => ({ id, title, srcSmall, srcMedium, srcLarge, url }));
}

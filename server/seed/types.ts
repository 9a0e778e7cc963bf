// Shapes of the hand-written demo data that the seeder turns into rows.

export interface Localized {
  fr: string;
  en: string;
}

export interface SeedCategory {
  /** Stable key used by products to name their category, e.g. `travel.luggage.cabin`. */
  key: string;
  slug: Localized;
  label: Localized;
  isEvent?: boolean;
  children?: SeedCategory[];
}

interface SeedAttributeValue {
  value: string;
  label: Localized;
  /** #rrggbb, for colour values. */
  colorCode?: string;
}

export interface SeedAttribute {
  code: string;
  label: Localized;
  displayType: "TEXT" | "COLOR" | "SIZE";
  filterType: "CHECKBOX" | "NONE";
  values: SeedAttributeValue[];
}

export interface SeedProduct {
  /** Unique product reference (SKU stem), e.g. `ESC-TRV-0001`. */
  reference: string;
  /** Key of the category the product belongs to (a leaf or a level-2 category). */
  category: string;
  /** Keys of other categories it is also listed in. */
  alsoIn?: string[];
  name: Localized;
  description: Localized;
  /** Lucide icon name (file name without .svg in lucide-static/icons) drawn on its pictures. */
  icon: string;
  /** Regular tax-included price in euro cents. */
  priceCents: number;
  /** VAT in basis points; 2000 (20 %) unless the product is a book (550). */
  taxRateBp?: number;
  /** Transport weight in grams. */
  weightGrams: number;
  madeInFrance?: boolean;
  madeInEurope?: boolean;
  upCycling?: boolean;
  limitedEdition?: boolean;
  /** Descriptive attribute values, by attribute code (e.g. `{ material: "cotton" }`). */
  attributes?: Record<string, string>;
  /** Variant axes for a configurable product: attribute code → the values offered. */
  variants?: Record<string, string[]>;
  supplierReference: string;
  logisticClass: "SMALL" | "MEDIUM" | "LARGE" | "FRAGILE";
  /** An mp4 of server/seed/media shown last in the product's gallery (served at /media/videos/). */
  video?: string;
}

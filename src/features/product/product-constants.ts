// Business constants of the product page (SPEC §4 and §9).

/** From 2 to this quantity the page says "More than N items in stock"; above it, "in stock". */
export const LOW_STOCK_THRESHOLD = 5;

/** The related-products slider shows one product per view. */
export const PRODUCT_SLIDER_PER_VIEW = 1;

/** Out of stock offers show the back-in-stock alert form (otherwise only the out-of-stock text). */
export const SHOW_NO_STOCK = true;

// The window sizes the end-to-end tests look at the shop in.

/** A desktop window, wider than the 768 px mobile breakpoint (every test's default). */
export const DESKTOP = { width: 1280, height: 800 } as const;
/** A small phone (the spec's mobile layout applies under 768 px). */
export const MOBILE = { width: 375, height: 812 } as const;

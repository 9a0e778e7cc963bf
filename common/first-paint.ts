// The shell the server paints before the app's script runs (server/modules/web/first-paint.ts) and
// the app takes over (src/app/first-paint.ts) agree on its element.

/** The id of the first paint's element. */
export const FIRST_PAINT_ELEMENT_ID = "first-paint";

// The first Intl.NumberFormat a page creates blocks its thread while the browser sets up its number
// formatting: 20–110 ms on a desktop, more on a phone, in the middle of the first render
// (a price, the cart's line count). That set-up is done once for the whole page, every thread
// included: a worker creates a format first, on its own thread, beside the start of the app, and
// the page's own first format then takes a fraction of a millisecond. Imported first by
// src/main.tsx. The worker's few bytes come as a blob (no request); it closes itself when done.
// Any locale and style will do: the set-up is shared by all of them.
const SCRIPT = "new Intl.NumberFormat().format(0);close()";

try {
  new Worker(URL.createObjectURL(new Blob([SCRIPT], { type: "text/javascript" })));
} catch {
  // No worker (an old browser, a strict content policy): the first format pays the cost, as before.
}

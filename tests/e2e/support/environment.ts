// What the tests of a worker read as environment variables: the browser to drive (set by the global
// setup; the workers start after it and inherit it) and the address of the shop under test (set in
// the worker by its `workerShop` fixture, swapped by a group with a shop of its own).

/** `http://127.0.0.1:<port>` of the shop under test. */
export const BASE_URL_VARIABLE = "E2E_BASE_URL";
/** The Chromium binary the tests drive. */
export const CHROME_PATH_VARIABLE = "E2E_CHROME_PATH";

/** The shop's address; throws outside a test of the end-to-end run. */
export function baseUrl(): string {
  const url = process.env[BASE_URL_VARIABLE];
  if (!url) throw new Error(`${BASE_URL_VARIABLE} is not set: run the end-to-end tests with \`npx playwright test\``);
  return url;
}

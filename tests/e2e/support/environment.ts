// What the global setup hands to the configuration and the tests of the run: the shop's address and
// the browser to drive, as environment variables (the test workers start after the setup and
// inherit them).

/** `http://127.0.0.1:<port>` of the shop under test. */
export const BASE_URL_VARIABLE = "E2E_BASE_URL";
/** The Chromium binary the tests drive. */
export const CHROME_PATH_VARIABLE = "E2E_CHROME_PATH";

/** The shop's address; throws outside a run started by the configuration's global setup. */
export function baseUrl(): string {
  const url = process.env[BASE_URL_VARIABLE];
  if (!url) throw new Error(`${BASE_URL_VARIABLE} is not set: run the end-to-end tests with \`npx playwright test\``);
  return url;
}

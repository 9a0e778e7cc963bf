// Which Chromium the end-to-end tests drive, and how it is launched.
import { execFile } from "node:child_process";
import { access, constants } from "node:fs/promises";
import { promisify } from "node:util";

/** Flags for a headless browser in a container or CI: no sandbox, GPU, updates or sync. */
export const CHROME_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
];

class ChromeNotFoundError extends Error {}

/** `CHROME_PATH` when set, else `chromium` found on the PATH; a clear error when there is none. */
export async function findChrome(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const given = env.CHROME_PATH;
  if (given) {
    const usable = await access(given, constants.X_OK).then(
      () => true,
      () => false,
    );
    if (!usable) throw new ChromeNotFoundError(`CHROME_PATH=${given} is not an executable file: point it at a Chrome or Chromium binary.`);
    return given;
  }
  const found = await promisify(execFile)("sh", ["-c", "command -v chromium"], { env }).then(
    ({ stdout }) => stdout.trim(),
    () => "",
  );
  if (!found) {
    throw new ChromeNotFoundError(
      "The end-to-end tests need Chromium: set CHROME_PATH to a Chrome or Chromium binary, " +
        "or install one named `chromium` on the PATH (on Debian: apt-get install chromium).",
    );
  }
  return found;
}

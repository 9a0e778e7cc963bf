// The airline's staff directory: which staff numbers (gpnet ids) belong to current staff. The
// embedded default is the `staff_directory` table (demo staff); STAFF_DIRECTORY_URL names a web
// service answering `GET <url>/staff/<number>` with 200 (known) or 404 (unknown).
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { staffDirectory } from "../../db/schema.ts";
import { HttpError } from "../../http/errors.ts";

export interface StaffDirectory {
  /** True when the staff number is in the directory; throws `staffDirectoryUnavailable()` when it cannot be asked. */
  has(staffNumber: string): Promise<boolean>;
}

const staffDirectoryUnavailable = () =>
  new HttpError(502, "The staff directory could not be reached", "GPNET_UNAVAILABLE");

export function tableStaffDirectory(db: Database): StaffDirectory {
  return {
    async has(staffNumber) {
      const rows = await db.orm
        .select({ staffNumber: staffDirectory.staffNumber })
        .from(staffDirectory)
        .where(eq(staffDirectory.staffNumber, staffNumber))
        .limit(1);
      return rows.length > 0;
    },
  };
}

const DIRECTORY_TIMEOUT_MS = 5000;

export function httpStaffDirectory(options: { url: string; fetch?: typeof fetch }): StaffDirectory {
  const fetcher = options.fetch ?? fetch;
  return {
    async has(staffNumber) {
      let status: number;
      try {
        const response = await fetcher(`${options.url}/staff/${encodeURIComponent(staffNumber)}`, {
          headers: { accept: "application/json" },
          signal: AbortSignal.timeout(DIRECTORY_TIMEOUT_MS),
        });
        status = response.status;
        await response.body?.cancel();
      } catch {
        throw staffDirectoryUnavailable();
      }
      if (status === 200) return true;
      if (status === 404) return false;
      throw staffDirectoryUnavailable();
    },
  };
}

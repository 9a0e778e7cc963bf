// Removes what employee single sign-on no longer needs: authorization requests past their ten
// minutes, and the embedded identity provider's records past their expiry. A recurring job of the
// queue, every hour.
import { purgeExpiredRecords } from "../../adapters/embedded-identity-provider/record-storage.ts";
import type { Database } from "../../db/client.ts";
import type { RecurringJob } from "../../platform/job-queue.ts";
import type { Logger } from "../../platform/logger.ts";
import { purgeExpiredSignOnRequests } from "./sign-on-requests.ts";

const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;

/** Deletes the rows past use; returns how many of each went. */
export async function purgeSingleSignOnData(db: Database, now: Date = new Date()) {
  return { requests: await purgeExpiredSignOnRequests(db, now), providerRecords: await purgeExpiredRecords(db, now) };
}

export function singleSignOnHousekeeping(options: { db: Database; log: Logger; intervalMs?: number }): RecurringJob {
  return {
    name: "single-sign-on-housekeeping",
    intervalMs: options.intervalMs ?? HOUSEKEEPING_INTERVAL_MS,
    run: async () => {
      const purged = await purgeSingleSignOnData(options.db);
      if (Object.values(purged).some((count) => count > 0)) options.log.info(purged, "single sign-on data purged");
    },
  };
}

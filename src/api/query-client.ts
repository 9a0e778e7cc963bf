// The app's query cache and what every query does unless it says otherwise.
import { QueryClient } from "@tanstack/react-query";
import { isApiError } from "./client.ts";

/** How long an answer is shown without asking again (a query that must be fresher says so). */
const STALE_MS = 60_000;

/** Tries once more what a second try may mend: no answer, or the server's own failure (5xx). A
 *  refusal (4xx: not found, unauthorized, a bad parameter) or a cancelled call would only come back
 *  later — and a retry made after a sign-out would speak for a session that is no longer there. */
export function retryServerErrors(failures: number, error: unknown): boolean {
  return failures < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: STALE_MS, retry: retryServerErrors } } });
}

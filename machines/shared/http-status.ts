// Reading the status of a failure that an IO actor rejected with (the API client's `{status, message}`),
// without depending on the client: machines only know that a failure may carry a numeric status.

export const HTTP_CONFLICT = 409;
/** An abuse limit of the shop refused the request for a while. */
export const HTTP_TOO_MANY_REQUESTS = 429;

export function statusOf(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null || !("status" in error)) return undefined;
  return typeof error.status === "number" ? error.status : undefined;
}

/** The server failed (SPEC §8 errors.server.access where a flow tells it apart from other failures). */
export const HTTP_INTERNAL_SERVER_ERROR = 500;

// The app's query cache retries once what a second try may mend (no answer, a server failure), never
// a refusal: a retry of a 401 made after the session ended would go without its token.
import { describe, expect, it } from "vitest";
import { CANCELLED_STATUS, NO_RESPONSE_STATUS, type ApiError } from "../../src/api/client.ts";
import { createQueryClient, retryServerErrors } from "../../src/api/query-client.ts";

const failure = (status: number): ApiError => ({ status, message: `status ${status}` });

describe("the app's query cache", () => {
  it("retries once a call without answer or a server failure, and no refusal", () => {
    for (const status of [NO_RESPONSE_STATUS, 500, 502, 503]) {
      expect(retryServerErrors(0, failure(status))).toBe(true);
      expect(retryServerErrors(1, failure(status))).toBe(false);
    }
    for (const status of [400, 401, 403, 404, 409, CANCELLED_STATUS]) expect(retryServerErrors(0, failure(status))).toBe(false);
    expect(retryServerErrors(0, new TypeError("Failed to fetch"))).toBe(true);
  });

  it("applies it to the flows' fetches too: a 401 is asked once, a server failure twice", async () => {
    const queryClient = createQueryClient();
    const calls = { refused: 0, failing: 0 };
    const refused = queryClient.fetchQuery({
      queryKey: ["refused"],
      queryFn: () => {
        calls.refused += 1;
        return Promise.reject(failure(401));
      },
      retryDelay: 0,
    });
    await expect(refused).rejects.toMatchObject({ status: 401 });
    const failing = queryClient.fetchQuery({
      queryKey: ["failing"],
      queryFn: () => {
        calls.failing += 1;
        return Promise.reject(failure(503));
      },
      retryDelay: 0,
    });
    await expect(failing).rejects.toMatchObject({ status: 503 });
    expect(calls).toEqual({ refused: 1, failing: 2 });
  });
});

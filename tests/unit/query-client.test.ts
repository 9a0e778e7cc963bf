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
    /** How many times a fetch failing with `status` asks the server. */
    const callsOf = async (status: number) => {
      let calls = 0;
      const fetching = queryClient.fetchQuery({
        queryKey: ["failing", status],
        queryFn: () => {
          calls += 1;
          return Promise.reject(failure(status));
        },
        retryDelay: 0,
      });
      await expect(fetching).rejects.toMatchObject({ status });
      return calls;
    };
    expect(await callsOf(401)).toBe(1);
    expect(await callsOf(503)).toBe(2);
  });
});

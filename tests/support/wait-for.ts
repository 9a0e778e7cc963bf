// Waiting for a condition in API tests: the probe is asked again until it gives a value, or the
// time is up (a failure naming what was awaited). Never a fixed sleep.
export interface WaitOptions {
  timeoutMs?: number;
  /** Pause between two probes. */
  intervalMs?: number;
  /** Count a probe that throws as "not yet" (e.g. a server not listening yet). */
  retryOnError?: boolean;
}

export async function waitFor<T>(probe: () => Promise<T | undefined>, what: string, options: WaitOptions = {}): Promise<T> {
  const { timeoutMs = 10_000, intervalMs = 20, retryOnError = false } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await (retryOnError ? probe().catch(() => undefined) : probe());
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

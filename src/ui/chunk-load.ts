// A part of the shop's code that is still downloading after CHUNK_LOAD_TIMEOUT_MS is given up, as one
// that could not be downloaded: a stalled connection then ends like a lost one (the part is left out,
// a dialog says the shop cannot be reached, the next need tries again) instead of waiting for ever.

/** SPEC §9: how long the code of a page, a part or a flow may take to arrive. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadTimeoutError extends Error {
  constructor(ms: number) {
    super(`the code did not arrive within ${ms} ms`);
    this.name = "ChunkLoadTimeoutError";
  }
}

/** `load`, or a ChunkLoadTimeoutError when it has not settled after `ms`. */
export function withLoadTimeout<T>(load: Promise<T>, ms: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError(ms)), ms);
    load.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** A chunk that could not be loaded (offline): the flow stays unavailable, the page keeps working. */
export function reportLoadFailure(error: unknown): void {
  console.error("a part of the shop could not be loaded", error);
}

// Everything the benchmark starts (seed runs, the API server, a PostgreSQL cluster) registers a
// way to stop it here, so a failure or a Ctrl-C never leaves a process behind.

type Cleanup = () => Promise<void> | void;

interface Entry {
  label: string;
  run: Cleanup;
}

const entries: Entry[] = [];
const interruptListeners = new Set<() => void>();
let interrupted = false;
let installed = false;

export class InterruptedError extends Error {
  constructor() {
    super("interrupted");
  }
}

/** Registers a cleanup; returns a function that runs it now (once) and unregisters it. */
export function onCleanup(label: string, run: Cleanup): () => Promise<void> {
  const entry: Entry = { label, run };
  entries.push(entry);
  let done: Promise<void> | undefined;
  return () =>
    (done ??= (async () => {
      const index = entries.indexOf(entry);
      if (index >= 0) entries.splice(index, 1);
      await run();
    })());
}

/** Runs every registered cleanup, last registered first; errors are reported, not thrown. */
export async function cleanupAll(): Promise<void> {
  while (entries.length > 0) {
    const entry = entries.pop();
    if (!entry) break;
    try {
      await entry.run();
    } catch (error) {
      console.error(`could not stop ${entry.label}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

export function isInterrupted(): boolean {
  return interrupted;
}

export function throwIfInterrupted(): void {
  if (interrupted) throw new InterruptedError();
}

/** Called when the user interrupts the run (e.g. to stop a load generator at once). */
export function onInterrupt(listener: () => void): () => void {
  interruptListeners.add(listener);
  return () => interruptListeners.delete(listener);
}

/** Ctrl-C, SIGTERM and crashes stop what was started, then exit. A second Ctrl-C exits at once. */
export function installSignalHandlers(): void {
  if (installed) return;
  installed = true;
  const stopAndExit = (code: number, message: string) => {
    if (interrupted) {
      console.error("\nforced exit");
      process.exit(code);
    }
    interrupted = true;
    console.error(`\n${message}`);
    for (const listener of interruptListeners) listener();
    void cleanupAll().finally(() => process.exit(code));
  };
  process.on("SIGINT", () => stopAndExit(130, "interrupted: stopping the server and the database…"));
  process.on("SIGTERM", () => stopAndExit(143, "terminated: stopping the server and the database…"));
  process.on("SIGHUP", () => stopAndExit(129, "hang-up: stopping the server and the database…"));
  process.on("uncaughtException", (error) => {
    console.error(error);
    stopAndExit(1, "unexpected error: stopping the server and the database…");
  });
  process.on("unhandledRejection", (error) => {
    console.error(error);
    stopAndExit(1, "unexpected error: stopping the server and the database…");
  });
}

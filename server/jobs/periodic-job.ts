// Runs a task again and again with a pause in between (never two runs at once), until stopped.
export interface PeriodicJob {
  /** Cancels the next run and waits for the current one to finish. */
  stop(): Promise<void>;
}

export interface PeriodicJobOptions {
  intervalMs: number;
  run: () => Promise<void>;
  /** A failed run is reported here; the next one still happens. */
  onError: (error: unknown) => void;
}

export function startPeriodicJob(options: PeriodicJobOptions): PeriodicJob {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;

  const schedule = () => {
    if (stopped) return;
    // Never the reason the process stays alive.
    timer = setTimeout(tick, options.intervalMs).unref();
  };
  const tick = () => {
    current = options
      .run()
      .catch(options.onError)
      .finally(() => {
        current = undefined;
        schedule();
      });
  };

  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}

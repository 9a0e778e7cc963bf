// Stopping a child process the tests or benchmarks started: a polite signal, then SIGKILL if it
// has not exited in time.
import type { ChildProcess } from "node:child_process";
import { setTimeout as delay } from "node:timers/promises";

export async function stopChild(child: ChildProcess, signal: NodeJS.Signals, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill(signal);
  const timer = new AbortController();
  const stopped = await Promise.race([
    exited.then(() => true),
    delay(timeoutMs, false, { signal: timer.signal }).catch(() => true),
  ]);
  timer.abort();
  if (!stopped) {
    child.kill("SIGKILL");
    await exited;
  }
}

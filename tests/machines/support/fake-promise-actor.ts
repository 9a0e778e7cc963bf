// A stand-in for an IO actor of a machine: every call waits until the test settles it, so a test
// decides when and how each request answers, and can look at what it was asked and whether its abort
// signal fired.
import { fromPromise } from "xstate";

export interface FakeCall<TOutput, TInput> {
  input: TInput;
  signal: AbortSignal;
  resolve: (output: TOutput) => void;
  reject: (error: unknown) => void;
}

export function createFakePromiseActor<TOutput, TInput>() {
  const calls: FakeCall<TOutput, TInput>[] = [];
  const logic = fromPromise<TOutput, TInput>(
    ({ input, signal }) =>
      new Promise<TOutput>((resolve, reject) => {
        calls.push({ input, signal, resolve, reject });
      }),
  );
  return {
    logic,
    calls,
    /** The last call made; fails the test when none was made. */
    latest(): FakeCall<TOutput, TInput> {
      const call = calls.at(-1);
      if (call === undefined) throw new Error("the actor was never called");
      return call;
    },
  };
}

/** Lets the callbacks of promises that already settled run; no time passes. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

// What background work logs to: the shape of the app's logger (pino), without depending on the
// HTTP framework that owns it.
export interface Logger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** A logger that drops everything (tests, scripts). */
export const silentLogger: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

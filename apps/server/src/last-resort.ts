import type { EventEmitter } from "node:events";

// The last resort of a server process (main.ts, worker.ts): a failure nobody handled is logged
// and ends only the work it belonged to, not the process and everyone's requests with it
// (issue 44). Every stream and child process still handles its own errors (the house rule,
// checked by src/unheard-errors.test.ts): this is for the one that was missed.
//
// What is safe to go on after:
//   - an unhandled rejection: a promise nobody awaited failed; nothing was unwound half-way;
//   - an uncaught exception: in practice an 'error' event nobody listened to (Node emits those
//     on a tick of their own, after the stream or child process is already destroyed) or a
//     throw in one callback of one piece of work. The request it belonged to fails by itself
//     (a pipeline reading a destroyed stream reports its error) or, at worst, goes unanswered
//     until its client gives up.
// What is not: a storm of them, which says the process itself is broken. Past
// MAX_FAILURES_PER_MINUTE the process exits with code 1, so that its supervisor (systemd,
// Docker, the platform) starts a clean one; running jobs go back to the queue as on any stop.

/** Uncaught failures tolerated within a minute before the process stops. */
export const MAX_FAILURES_PER_MINUTE = 20;

/** The part of a pino logger this needs. */
export interface LastResortLog {
  error(details: object, message: string): void;
  fatal(details: object, message: string): void;
}

export interface LastResortOptions {
  /** Where the events come from (process; a test's own emitter). */
  target?: EventEmitter;
  exit?: (code: number) => void;
  now?: () => number;
}

/** Installs the handlers on `process` (or the given target). */
export function installLastResortHandlers(
  log: LastResortLog,
  {
    target = process,
    exit = (code) => process.exit(code),
    now = () => Date.now(),
  }: LastResortOptions = {},
): void {
  const recent: number[] = [];
  const survive = (kind: string, error: unknown) => {
    const at = now();
    recent.push(at);
    while ((recent[0] ?? at) <= at - 60_000) recent.shift();
    if (recent.length > MAX_FAILURES_PER_MINUTE) {
      log.fatal(
        { err: error, kind, failuresInAMinute: recent.length },
        "too many uncaught failures within a minute: stopping, to be restarted clean",
      );
      exit(1);
      return;
    }
    log.error(
      { err: error, kind },
      "uncaught failure (a bug): the work it belonged to failed; the server goes on",
    );
  };
  target.on("uncaughtException", (error: Error, origin: string) => survive(origin, error));
  target.on("unhandledRejection", (reason: unknown) => survive("unhandledRejection", reason));
}

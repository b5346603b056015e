/** A pass that repeatEvery runs every so often. */
export interface RepeatingPass {
  /** Runs a pass now, or once more right after the one under way (new work came in). */
  runNow(): void;
  /** Stops the timer; resolves once the pass under way, if any, has ended. */
  stop(): Promise<void>;
}

export interface RepeatOptions {
  /** Told of a pass that failed (to log it); the next pass tries again. */
  onError: (error: unknown) => void;
  /** The first pass runs at once instead of after one interval. */
  atStart?: boolean;
  /** The timer keeps the process alive (default: it does not, like an unref'd timer). */
  holdsProcess?: boolean;
}

/**
 * The one loop behind the server's periodic sweeps (e-mails about comments and support
 * messages, the job queues' recovery, webhook deliveries, live sessions): `pass` runs every
 * `intervalMs`; a tick that comes while a pass is under way is skipped, so passes never
 * overlap; a pass that fails is reported to `onError`, never thrown.
 */
export function repeatEvery(
  intervalMs: number,
  pass: () => Promise<unknown>,
  { onError, atStart = false, holdsProcess = false }: RepeatOptions,
): RepeatingPass {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const start = () => {
    running = Promise.resolve()
      .then(pass)
      .then(() => undefined, onError)
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          start();
        }
      });
  };
  const timer = setInterval(() => {
    if (!running) start();
  }, intervalMs);
  if (!holdsProcess) timer.unref();
  if (atStart) start();
  return {
    runNow() {
      if (stopped) return;
      if (running) again = true;
      else start();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

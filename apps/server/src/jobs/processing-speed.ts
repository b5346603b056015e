/** A first guess of processing time per unit of media, until jobs have been measured. */
export const INITIAL_SPEED = 0.5;

/**
 * Processing milliseconds per millisecond of media, as a moving average over the jobs this
 * process has completed: the basis of every wait estimate.
 */
export class ProcessingSpeed {
  private speed = INITIAL_SPEED;

  get value(): number {
    return this.speed;
  }

  /** Folds one completed job in; false when it says nothing (no media). */
  record(run: { mediaMs: number; tookMs: number }): boolean {
    if (run.mediaMs <= 0) return false;
    this.speed = 0.7 * this.speed + 0.3 * (run.tookMs / run.mediaMs);
    return true;
  }
}

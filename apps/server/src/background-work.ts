import type { FastifyBaseLogger } from "fastify";

/** Work done off the response path (e-mails), awaited on shutdown so none is cut off. */
export class BackgroundWork {
  readonly #pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Starts the work now; a failure is logged, never thrown at the caller. */
  run(label: string, work: () => Promise<unknown>): void {
    const task = work().then(
      () => undefined,
      (error: unknown) => this.log.error({ err: error }, `${label} failed`),
    );
    this.#pending.add(task);
    void task.finally(() => this.#pending.delete(task));
  }

  /** Resolves when everything started so far has finished. */
  async idle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all(this.#pending);
  }
}

import { cancelledError } from "./errors.js";

interface Waiter {
  grant: (release: () => void) => void;
  reject: (error: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
}

/**
 * One request at a time per model instance, taken round-robin by account: an account with a
 * hundred queued requests waits its turn behind one request of each other waiting account, so
 * one account can never hold the model. A waiter whose signal aborts leaves the queue at once.
 */
export class FairQueue {
  /** Waiting requests by account; the Map's order is the rotation (next account first). */
  readonly #waiting = new Map<string, Waiter[]>();
  #busy = false;
  /** The account served last: it goes behind every other waiting account. */
  #lastServed: string | undefined;

  /** Requests waiting (not counting the one running). */
  get waiting(): number {
    let count = 0;
    for (const waiters of this.#waiting.values()) count += waiters.length;
    return count;
  }

  get busy(): boolean {
    return this.#busy;
  }

  /** Runs `task` when this account's turn comes; the slot is released when it settles. */
  async run<T>(
    accountId: string,
    signal: AbortSignal | undefined,
    task: () => Promise<T>,
  ): Promise<T> {
    const release = await this.acquire(accountId, signal);
    try {
      return await task();
    } finally {
      release();
    }
  }

  /** Waits for this account's turn; call the returned function exactly once when done. */
  acquire(accountId: string, signal?: AbortSignal): Promise<() => void> {
    if (signal?.aborted) return Promise.reject(cancelledError(signal));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        grant: resolve,
        reject,
        signal,
        onAbort: () => {
          const waiters = this.#waiting.get(accountId);
          const index = waiters?.indexOf(waiter) ?? -1;
          if (!waiters || index < 0) return;
          waiters.splice(index, 1);
          if (waiters.length === 0) this.#waiting.delete(accountId);
          reject(cancelledError(signal));
        },
      };
      signal?.addEventListener("abort", waiter.onAbort, { once: true });
      const waiters = this.#waiting.get(accountId);
      if (waiters) waiters.push(waiter);
      else this.#waiting.set(accountId, [waiter]);
      this.#dispatch();
    });
  }

  #dispatch(): void {
    if (this.#busy) return;
    let next = this.#waiting.entries().next();
    if (next.done) return;
    if (next.value[0] === this.#lastServed && this.#waiting.size > 1) {
      // Its new requests came in while it was being served: the others go first.
      this.#waiting.delete(next.value[0]);
      this.#waiting.set(next.value[0], next.value[1]);
      next = this.#waiting.entries().next();
      if (next.done) return;
    }
    const [accountId, waiters] = next.value;
    this.#lastServed = accountId;
    const waiter = waiters.shift();
    // This account goes to the back of the rotation (or leaves it when it has no more waiting).
    this.#waiting.delete(accountId);
    if (waiters.length > 0) this.#waiting.set(accountId, waiters);
    if (!waiter) return;
    waiter.signal?.removeEventListener("abort", waiter.onAbort);
    this.#busy = true;
    let released = false;
    waiter.grant(() => {
      if (released) return;
      released = true;
      this.#busy = false;
      this.#dispatch();
    });
  }
}

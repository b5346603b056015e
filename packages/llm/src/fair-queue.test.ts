import { describe, expect, it } from "vitest";

import { LanguageModelError } from "./errors.js";
import { FairQueue } from "./fair-queue.js";

describe("FairQueue", () => {
  it("runs one at a time and takes accounts round-robin", async () => {
    const queue = new FairQueue();
    const order: string[] = [];
    let running = 0;
    let most = 0;
    const job = (account: string, label: string) =>
      queue.run(account, undefined, async () => {
        running++;
        most = Math.max(most, running);
        order.push(label);
        await Promise.resolve();
        running--;
      });
    await Promise.all([
      job("a", "a1"),
      job("a", "a2"),
      job("a", "a3"),
      job("b", "b1"),
      job("c", "c1"),
      job("b", "b2"),
    ]);
    expect(most).toBe(1);
    expect(order).toEqual(["a1", "b1", "c1", "a2", "b2", "a3"]);
  });

  it("drops a waiter whose signal aborts, with LLM_CANCELLED, and serves the next", async () => {
    const queue = new FairQueue();
    const release = await queue.acquire("a");
    const controller = new AbortController();
    const cancelled = queue.acquire("b", controller.signal);
    const next = queue.acquire("c");
    expect(queue.waiting).toBe(2);
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ code: "LLM_CANCELLED" });
    expect(queue.waiting).toBe(1);
    release();
    const releaseNext = await next;
    expect(queue.busy).toBe(true);
    releaseNext();
    releaseNext(); // a second call changes nothing
    expect(queue.busy).toBe(false);
    await expect(queue.acquire("d", AbortSignal.abort())).rejects.toBeInstanceOf(
      LanguageModelError,
    );
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { repeatEvery } from "./repeat-every.js";

/** A pass the test ends by hand: how many started, and a way to end the one under way. */
function heldPass() {
  const enders: ((error?: Error) => void)[] = [];
  return {
    pass: () =>
      new Promise<void>((resolve, reject) => {
        enders.push((error) => (error ? reject(error) : resolve()));
      }),
    get started() {
      return enders.length;
    },
    end: (error?: Error) => enders[enders.length - 1]!(error),
  };
}

describe("repeatEvery", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs a pass every interval, skipping the ticks that come while one is under way", async () => {
    const held = heldPass();
    const loop = repeatEvery(1_000, held.pass, { onError: () => undefined });
    await vi.advanceTimersByTimeAsync(999);
    expect(held.started).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(held.started).toBe(1);
    await vi.advanceTimersByTimeAsync(3_000); // three ticks while the first pass runs
    expect(held.started).toBe(1);
    held.end();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(held.started).toBe(2);
    held.end();
    await loop.stop();
  });

  it("hands a failed pass to onError and goes on", async () => {
    const errors: unknown[] = [];
    const held = heldPass();
    const loop = repeatEvery(1_000, held.pass, { onError: (error) => errors.push(error) });
    await vi.advanceTimersByTimeAsync(1_000);
    held.end(new Error("database away"));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(errors).toEqual([new Error("database away")]);
    expect(held.started).toBe(2);
    held.end();
    await loop.stop();
  });

  it("runs at start when asked; runNow during a pass runs one more right after it", async () => {
    const held = heldPass();
    const loop = repeatEvery(60_000, held.pass, { onError: () => undefined, atStart: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(held.started).toBe(1);
    loop.runNow();
    loop.runNow(); // asked twice while one runs: still one more
    held.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(held.started).toBe(2);
    held.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(held.started).toBe(2);
    loop.runNow(); // idle: at once
    await vi.advanceTimersByTimeAsync(0);
    expect(held.started).toBe(3);
    held.end();
    await loop.stop();
  });

  it("stop waits for the pass under way, and nothing runs after it", async () => {
    const held = heldPass();
    const loop = repeatEvery(1_000, held.pass, { onError: () => undefined });
    await vi.advanceTimersByTimeAsync(1_000);
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    loop.runNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    held.end();
    await stopping;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(held.started).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("does not hold the process open unless asked", async () => {
    vi.useRealTimers();
    const made: NodeJS.Timeout[] = [];
    const real = globalThis.setInterval;
    const spy = vi.spyOn(globalThis, "setInterval").mockImplementation(((
      ...args: Parameters<typeof setInterval>
    ) => {
      const timer = real(...args);
      made.push(timer);
      return timer;
    }) as typeof setInterval);
    const quiet = repeatEvery(1_000, () => Promise.resolve(), { onError: () => undefined });
    const holding = repeatEvery(1_000, () => Promise.resolve(), {
      onError: () => undefined,
      holdsProcess: true,
    });
    spy.mockRestore();
    expect(made.map((timer) => timer.hasRef())).toEqual([false, true]);
    await quiet.stop();
    await holding.stop();
  });
});

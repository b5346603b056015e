import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { installLastResortHandlers, MAX_FAILURES_PER_MINUTE } from "./last-resort.js";

describe("the last-resort handlers", () => {
  const setUp = () => {
    const target = new EventEmitter();
    const logged: Array<[string, string]> = [];
    const exits: number[] = [];
    let clock = 0;
    installLastResortHandlers(
      {
        error: (_details, message) => logged.push(["error", message]),
        fatal: (_details, message) => logged.push(["fatal", message]),
      },
      { target, exit: (code) => exits.push(code), now: () => clock },
    );
    return { target, logged, exits, tick: (ms: number) => (clock += ms) };
  };

  it("log an unheard error and an unhandled rejection, and keep the process", () => {
    const { target, logged, exits } = setUp();
    target.emit("uncaughtException", new Error("unheard stream error"), "uncaughtException");
    target.emit("unhandledRejection", new Error("nobody awaited"), Promise.resolve());
    expect(logged.map(([level]) => level)).toEqual(["error", "error"]);
    expect(exits).toEqual([]);
  });

  it("stop the process on a storm of them, so that it restarts clean", () => {
    const { target, logged, exits, tick } = setUp();
    for (let i = 0; i < MAX_FAILURES_PER_MINUTE; i++) {
      target.emit("uncaughtException", new Error(`failure ${i}`), "uncaughtException");
      tick(1_000);
    }
    expect(exits).toEqual([]);
    // A minute later the count starts again: isolated failures never add up to a stop.
    tick(60_000);
    for (let i = 0; i < MAX_FAILURES_PER_MINUTE; i++) {
      target.emit("uncaughtException", new Error(`failure ${i}`), "uncaughtException");
    }
    expect(exits).toEqual([]);
    target.emit("uncaughtException", new Error("one too many"), "uncaughtException");
    expect(exits).toEqual([1]);
    expect(logged.at(-1)?.[0]).toBe("fatal");
  });
});

import { describe, expect, it } from "vitest";
import { EngineError } from "@verbatim/engine";
import { isTransientError } from "../src/jobs/transient-errors.js";

describe("isTransientError: what a job may be retried for", () => {
  it("says yes to dropped connections and a database or Redis restarting", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
      code: "ECONNREFUSED",
    });
    const adminShutdown = Object.assign(new Error("terminating connection"), { code: "57P01" });
    const blocked = new Error('database "x" is not currently accepting connections');
    const wrapped = new Error("query failed", {
      cause: new Error("Connection terminated unexpectedly"),
    });
    for (const error of [
      refused,
      adminShutdown,
      blocked,
      wrapped,
      new Error("Connection is closed."),
    ]) {
      expect(isTransientError(error), error.message).toBe(true);
    }
  });

  it("says no to problems with the job itself", () => {
    const unique = Object.assign(new Error("duplicate key"), { code: "23505" });
    for (const error of [
      new EngineError("INPUT_NOT_MEDIA", "This file is not audio or video."),
      unique,
      new TypeError("x is undefined"),
      "a string",
      undefined,
    ]) {
      expect(isTransientError(error)).toBe(false);
    }
  });
});

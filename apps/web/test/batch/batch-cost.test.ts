import { describe, expect, it } from "vitest";
import { batchCost } from "../../src/features/batch/batch-cost";

describe("batchCost", () => {
  it("covers files in order while the balance lasts, and marks those it cannot cover", () => {
    const cost = batchCost(
      [
        { key: "a", seconds: 30 },
        { key: "long", seconds: 900.2 },
        { key: "b", seconds: 59.5 },
        { key: "c", seconds: 30 },
      ],
      120,
    );
    expect(cost.totalSeconds).toBe(30 + 901 + 60 + 30);
    // The long one does not fit; the short ones after it still do (60 s + 30 s of 90 left).
    expect([...cost.overBalance]).toEqual(["long"]);
  });

  it("leaves files of unknown length to the server, and marks a file exactly over as over", () => {
    const cost = batchCost(
      [
        { key: "unknown", seconds: null },
        { key: "fits", seconds: 60 },
        { key: "over", seconds: 0.5 },
      ],
      60,
    );
    expect([...cost.unknown]).toEqual(["unknown"]);
    expect([...cost.overBalance]).toEqual(["over"]);
  });
});

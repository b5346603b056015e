import { describe, expect, it } from "vitest";
import {
  runSubtitleWork,
  SubtitleWorkLimitError,
  type SubtitleWorkLimits,
} from "../src/isolated/subtitle-work.js";

// The subtitle-work thread's caps (issue 44): work past its heap or its time fails with
// SubtitleWorkLimitError, which the caller answers with its own code; a reader's refusal comes
// back as the reader threw it. The process running this test is the API process's stand-in.

const srtOf = (count: number) =>
  new TextEncoder().encode(
    Array.from(
      { length: count },
      (_, i) => `${i + 1}\n00:00:01,000 --> 00:00:02,000\nthe quick brown fox ${i}\n`,
    ).join("\n"),
  );

describe("runSubtitleWork", () => {
  it("stops work past its time and says so", async () => {
    const limits: SubtitleWorkLimits = { heapMb: 512, timeMs: 50 };
    await expect(
      runSubtitleWork({ kind: "read", bytes: srtOf(20_000), fileName: "a.srt" }, limits),
    ).rejects.toMatchObject({ name: "SubtitleWorkLimitError", limit: "time", limits });
  });

  it("stops work past its heap and says so", async () => {
    const limits: SubtitleWorkLimits = { heapMb: 4, timeMs: 60_000 };
    const error = await runSubtitleWork(
      { kind: "read", bytes: srtOf(20_000), fileName: "a.srt" },
      limits,
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SubtitleWorkLimitError);
    expect(error).toMatchObject({ limit: "memory" });
  });

  it("passes a reader's refusal on with its code and details, and reads what it can", async () => {
    await expect(
      runSubtitleWork(
        { kind: "read", bytes: new TextEncoder().encode("-1:00 --> 2:00\nx\n"), fileName: "a.srt" },
        { heapMb: 512, timeMs: 30_000 },
      ),
    ).rejects.toMatchObject({ code: "SUBTITLE_TIME_UNREADABLE", details: { line: 1 } });
    const { imported, scriptTokens } = await runSubtitleWork(
      { kind: "read", bytes: srtOf(2), fileName: "a.srt" },
      { heapMb: 512, timeMs: 30_000 },
    );
    expect(imported.cues.map((cue) => cue.text)).toEqual([
      "the quick brown fox 0",
      "the quick brown fox 1",
    ]);
    expect(scriptTokens).toBe(10);
  });
});

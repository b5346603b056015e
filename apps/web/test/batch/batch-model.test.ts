import { describe, expect, it } from "vitest";
import { batchReducer, type Batch, type BatchFile } from "../../src/features/batch/batch-model";

const options = { language: "auto" } as Batch["options"];

function pageFile(key: string): BatchFile {
  return {
    key,
    name: `${key}.mp3`,
    size: 10,
    seconds: 1,
    reading: false,
    options: null,
    jobId: null,
    stage: { kind: "sending", percent: 100 },
    file: null,
  };
}

function foundFile(jobId: string, stage: BatchFile["stage"]): BatchFile {
  return { ...pageFile(`job-${jobId}`), jobId, stage };
}

const started: Batch = {
  id: "b1",
  createdAt: "2026-11-26T00:00:00.000Z",
  options,
  files: [pageFile("a"), pageFile("b")],
};

describe("batchReducer", () => {
  it("keeps one row per job when a poll finds a job before its upload's answer comes", () => {
    // The poll saw job j-a (already done) while the page still waited for a's answer.
    let batch = batchReducer(started, {
      type: "jobsFound",
      jobs: [foundFile("j-a", { kind: "done" })],
    });
    expect(batch.files).toHaveLength(3);
    batch = batchReducer(batch, { type: "sent", key: "a", jobId: "j-a" });
    expect(batch.files.map((file) => [file.key, file.jobId, file.stage.kind])).toEqual([
      ["a", "j-a", "done"],
      ["b", null, "sending"],
    ]);
  });

  it("adds a found job once, however many polls report it, and never one a file has", () => {
    let batch = batchReducer(started, { type: "sent", key: "b", jobId: "j-b" });
    expect(batch.files[1]!.stage).toEqual({ kind: "queued", position: null });
    const found = [
      foundFile("j-b", { kind: "done" }),
      foundFile("j-x", { kind: "queued", position: 1 }),
    ];
    batch = batchReducer(batch, { type: "jobsFound", jobs: found });
    batch = batchReducer(batch, { type: "jobsFound", jobs: found });
    expect(batch.files.map((file) => file.jobId)).toEqual([null, "j-b", "j-x"]);
  });
});

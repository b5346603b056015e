import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loopedJfk, scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import {
  readEvents,
  signedInUser,
  startTranscriptionApi,
  upload,
  type SseEvent,
  type TranscriptionApi,
} from "./support/transcription-app.js";

// The text a running job has recognised is kept on its row as it is recognised: a follower that
// comes back (a reload, another tab, another API process) is given all of it, not only what
// comes next.
describe("live text while a job runs", () => {
  const media = scratchDir("verbatim-live-text-");
  let api: TranscriptionApi;

  beforeAll(async () => {
    api = await startTranscriptionApi("sqlite");
  });
  afterAll(async () => {
    await api?.close();
    media.cleanup();
  });

  const segmentsOf = (events: SseEvent[]) =>
    events
      .filter((e) => e.event === "segment")
      .map((e) => e.data as { start: number; text: string });

  it("replays the text so far to a follower that connects mid-way, and ticks every second", async () => {
    const user = await signedInUser(api.db);
    const file = new Blob([readFileSync(loopedJfk(media.dir, 6))], { type: "audio/mpeg" });
    const accepted = await upload(api.base, "/api/transcribe", {
      file,
      headers: { ...user.auth, prefer: "respond-async" },
    });
    const { id } = (await accepted.json()) as { id: string };
    const url = `${api.base}/api/transcriptions/${id}/events`;

    // The first follower leaves as soon as it has heard two segments.
    let segmentsSeen = 0;
    const first = await readEvents(url, user.auth, (e) => {
      if (e.event === "segment") segmentsSeen += 1;
      return segmentsSeen >= 2 || e.event === "completed";
    });
    expect(first.at(-1)?.event).toBe("segment"); // still running: 66 s of speech
    const early = segmentsOf(first);
    expect(early).toHaveLength(2);

    // A second follower, at once, gets the state, then every segment so far, in order: each is
    // written to the row before it is announced, so one heard a moment ago is never missed.
    const second = await readEvents(url, user.auth, (e) => e.event === "completed");
    expect(second[0]?.event).toBe("processing");
    const replayed = segmentsOf(second);
    expect(replayed.slice(0, early.length)).toEqual(early);
    expect(replayed.length).toBeGreaterThan(early.length); // and the rest as it came
    expect(second.at(-1)?.event).toBe("completed");
    // Progress ticks at least every second while it runs.
    expect(second.filter((e) => e.event === "processing").length).toBeGreaterThanOrEqual(3);

    // The job's stored text so far is cleared once it is done (the cues are the record).
    const row = await api.db
      .selectFrom("transcriptions")
      .select(["status", "partial_json"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "completed", partial_json: null });
  }, 180_000);
});

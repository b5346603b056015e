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

// The text a running job has recognised is kept with its heartbeat: a follower that comes back
// (a reload, another tab, another API process) is given all of it, not only what comes next.
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

    // The first follower waits for some text and a second heartbeat after it (so it is saved).
    let segmentsSeen = 0;
    let ticksAfter = 0;
    const first = await readEvents(url, user.auth, (e) => {
      if (e.event === "segment") segmentsSeen += 1;
      else if (e.event === "processing" && segmentsSeen >= 2) ticksAfter += 1;
      return ticksAfter >= 3 || e.event === "completed";
    });
    expect(first.at(-1)?.event).toBe("processing"); // still running: 66 s of speech
    const early = segmentsOf(first);
    expect(early.length).toBeGreaterThanOrEqual(2);
    // The text is saved with the next heartbeat (about a second), not with each event: a
    // follower connecting before then misses the newest segment until the result is ready.
    // Here it connects once the row holds everything the first follower saw.
    const saved = async () => {
      const row = await api.db
        .selectFrom("transcriptions")
        .select(["status", "partial_json"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      return { status: row.status, segments: JSON.parse(row.partial_json ?? "[]") as unknown[] };
    };
    for (let tries = 0; ; tries++) {
      const now = await saved();
      expect(now.status).toBe("processing");
      if (now.segments.length >= early.length) break;
      expect(tries).toBeLessThan(50);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    // A second follower gets the state, then every segment so far, in order.
    const second = await readEvents(url, user.auth, (e) => e.event === "completed");
    expect(second[0]?.event).toBe("processing");
    const replayed = segmentsOf(second);
    expect(replayed.slice(0, early.length)).toEqual(early);
    expect(replayed.length).toBeGreaterThan(early.length); // and the rest as it came
    expect(second.at(-1)?.event).toBe("completed");

    // The job's stored text so far is cleared once it is done (the cues are the record).
    const row = await api.db
      .selectFrom("transcriptions")
      .select(["status", "partial_json"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "completed", partial_json: null });
  }, 180_000);
});

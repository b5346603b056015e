import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ffmpeg, JFK_MP3, scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import {
  signedInUser,
  startTranscriptionApi,
  type TestUser,
  type TranscriptionApi,
} from "./support/transcription-app.js";

// GET /api/transcriptions/{id}/checks on the real server: an imported SRT (timings kept, no
// engine run) checked against its preset, the minimum gap and the media's length, with
// spelling from the real en-US dictionary (nspell + dictionary-en) in the subtitle-work thread,
// the user's own words accepted.

const scratch = scratchDir("verbatim-checks-");
const media = join(scratch.dir, "jfk4.mp3");
ffmpeg("-i", JFK_MP3, "-t", "4", media);
afterAll(() => scratch.cleanup());

const SRT = `1
00:00:00,100 --> 00:00:01,500
We will recieve the the Zorblax report.

2
00:00:01,520 --> 00:00:02,900
Thank you.

3
00:00:03,100 --> 00:00:03,300
Hi.
`;

interface Checks {
  minGapMs: number;
  spelling: string | null;
  issues: {
    kind: string;
    subtitle: number;
    word?: string;
    suggestions?: string[];
    fix?: { startTime?: string; endTime?: string; text?: string };
  }[];
}

describe("quality checks over HTTP", () => {
  let api: TranscriptionApi;
  let user: TestUser;
  let id: string;

  beforeAll(async () => {
    api = await startTranscriptionApi("sqlite");
    user = await signedInUser(api.db);
    const form = new FormData();
    form.append("retime", "false");
    form.append("language", "en");
    form.append("subtitles", new Blob([SRT]), "talk.srt");
    form.append("file", new Blob([readFileSync(media)]), "jfk4.mp3");
    const response = await fetch(`${api.base}/api/transcribe`, {
      method: "POST",
      body: form,
      headers: user.auth,
    });
    expect(response.status).toBe(200);
    id = ((await response.json()) as { id: string }).id;
  });
  afterAll(async () => {
    await api?.close();
  });

  const checks = async (query = "") => {
    const response = await fetch(`${api.base}/api/transcriptions/${id}/checks${query}`, {
      headers: user.auth,
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Checks;
  };

  it("lists each finding with its subtitle, spelling from the real dictionary", async () => {
    const found = await checks();
    expect(found.minGapMs).toBe(84); // audio: 2 frames at 23.976
    expect(found.spelling).toBe("en-US");
    const byKind = (kind: string) => found.issues.filter((issue) => issue.kind === kind);
    expect(byKind("doubled_word")).toEqual([
      {
        kind: "doubled_word",
        subtitle: 1,
        word: "the",
        fix: { text: "We will recieve the Zorblax report." },
      },
    ]);
    const misspelt = byKind("spelling");
    expect(misspelt.map((issue) => issue.word)).toEqual(["recieve", "Zorblax"]);
    expect(misspelt[0]?.suggestions).toContain("receive");
    // 20 ms between subtitles 1 and 2: the first ends 2 frames before the second.
    expect(byKind("gap_too_short").find((issue) => issue.subtitle === 1)?.fix).toEqual({
      endTime: "00:00:01,436",
    });
    expect(byKind("too_short").map((issue) => issue.subtitle)).toEqual([3]);
  });

  it("accepts the user's own words", async () => {
    const found = await checks("?words=zorblax,Verbatim");
    expect(found.issues.filter((issue) => issue.kind === "spelling").map((i) => i.word)).toEqual([
      "recieve",
    ]);
  });

  it("answers 404 for another user's transcription", async () => {
    const other = await signedInUser(api.db);
    const response = await fetch(`${api.base}/api/transcriptions/${id}/checks`, {
      headers: other.auth,
    });
    expect(response.status).toBe(404);
  });
});

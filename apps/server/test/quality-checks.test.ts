import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerOf } from "./support/route-answers.js";
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
/** A 25 fps video with the speech under it and hard cuts at frames 50 (2 s) and 90 (3.6 s). */
const video = join(scratch.dir, "cuts.mp4");
ffmpeg(
  ...["-f", "lavfi", "-i", "testsrc2=s=320x180:r=25:d=2"],
  ...["-f", "lavfi", "-i", "smptebars=s=320x180:r=25:d=1.6"],
  ...["-f", "lavfi", "-i", "mandelbrot=s=320x180:r=25,trim=duration=1.4"],
  ...["-i", JFK_MP3],
  ...["-filter_complex", "[0:v][1:v][2:v]concat=n=3:v=1:a=0[v]", "-map", "[v]", "-map", "3:a"],
  ...["-t", "5", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", video],
);
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
    return answerOf("checkTranscription", response);
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

  it("finds a video's shot changes on the worker and keeps them with the job", async () => {
    const form = new FormData();
    form.append("language", "en");
    form.append("file", new Blob([readFileSync(video)]), "cuts.mp4");
    const response = await fetch(`${api.base}/api/transcribe`, {
      method: "POST",
      body: form,
      headers: user.auth,
    });
    expect(response.status).toBe(200);
    const detail = (await response.json()) as {
      id: string;
      status: string;
      frameRate: string | null;
      shotChanges?: number[];
    };
    expect(detail.status).toBe("completed");
    expect(detail.frameRate).toBe("25");
    expect(detail.shotChanges).toHaveLength(2);
    expect(Math.abs(detail.shotChanges![0]! - 2000)).toBeLessThanOrEqual(40);
    expect(Math.abs(detail.shotChanges![1]! - 3600)).toBeLessThanOrEqual(40);
    // The checks count the minimum gap in the video's frames: 2 at 25 fps.
    const checked = await fetch(`${api.base}/api/transcriptions/${detail.id}/checks`, {
      headers: user.auth,
    });
    expect((await answerOf("checkTranscription", checked)).minGapMs).toBe(80);
  });

  it("answers 404 for another user's transcription", async () => {
    const other = await signedInUser(api.db);
    const response = await fetch(`${api.base}/api/transcriptions/${id}/checks`, {
      headers: other.auth,
    });
    expect(response.status).toBe(404);
  });
});

import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  parseTimecode,
  readingIssues,
  styleLimits,
  type Cue,
  type StyleName,
} from "@verbatim/subtitles";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ffmpeg, JFK_MP3, scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import {
  signedInUser,
  startTranscriptionApi,
  upload,
  type TestUser,
  type TranscriptionApi,
} from "./support/transcription-app.js";

// Subtitle style presets through the API with the real engine (random-weight tiny model: the
// words are noise, the timings are whatever such a model gives — exactly the hostile input the
// cue builder must tame). On a long recording every cue meets its preset's limits. 80 s: with the
// first chunk cut within one 30 s window, 50 s gave such a model only two segments, too few to
// check the gaps between cues.

const scratch = scratchDir("verbatim-style-");
const long = join(scratch.dir, "long.mp3");
ffmpeg("-stream_loop", "-1", "-i", JFK_MP3, "-t", "80", "-c:a", "libmp3lame", "-b:a", "48k", long);
afterAll(() => scratch.cleanup());

interface Detail {
  style: StyleName;
  language: string | null;
  subtitles: { id: number; startTime: string; endTime: string; text: string }[];
}

describe("subtitle style presets", () => {
  let api: TranscriptionApi;
  let user: TestUser;

  beforeAll(async () => {
    api = await startTranscriptionApi("sqlite");
    user = await signedInUser(api.db);
  });
  afterAll(async () => {
    await api?.close();
  });

  async function transcribe(fields: Record<string, string>): Promise<Detail> {
    const response = await upload(api.base, "/api/transcribe", {
      file: new Blob([readFileSync(long)]),
      fields,
      headers: user.auth,
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Detail;
  }

  function expectWithinPreset(detail: Detail): void {
    const limits = styleLimits(detail.style, detail.language);
    const cues: Cue[] = detail.subtitles.map((subtitle) => ({
      index: subtitle.id,
      start: parseTimecode(subtitle.startTime)!,
      end: parseTimecode(subtitle.endTime)!,
      text: subtitle.text,
    }));
    expect(cues.length).toBeGreaterThanOrEqual(3);
    cues.forEach((cue, i) => {
      expect(readingIssues(cue, limits)).toEqual([]);
      const next = cues[i + 1];
      if (next) expect(next.start - cue.end).toBeGreaterThanOrEqual(limits.minGapMs);
    });
  }

  it("builds every cue of a long recording within the standard preset by default", async () => {
    const detail = await transcribe({ language: "en" });
    expect(detail.style).toBe("standard");
    expectWithinPreset(detail);
  });

  it("builds to the Netflix preset when asked", async () => {
    const detail = await transcribe({ language: "en", style: "netflix" });
    expect(detail.style).toBe("netflix");
    expectWithinPreset(detail);
  });

  it("refuses an unknown style before reading the file", async () => {
    const response = await upload(api.base, "/api/transcribe", {
      file: new Blob([readFileSync(JFK_MP3)]),
      fields: { style: "cinema" },
      headers: user.auth,
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe("VALIDATION_FAILED");
    expect(body.message).toMatch(/style must be one of standard, netflix/);
  });
});

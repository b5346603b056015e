import { readFileSync } from "node:fs";
import { join } from "node:path";
import { readSubtitleFile } from "@verbatim/subtitles/import";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ffmpeg, JFK_MP3, scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import { minuteBalance } from "../src/minutes/minute-ledger.js";
import {
  signedInUser,
  startTranscriptionApi,
  upload,
  type TestUser,
  type TranscriptionApi,
} from "./support/transcription-app.js";

// A bilingual job end to end on the real server and engine (random-weight tiny model):
// `bilingual=true` runs the transcription and Whisper's translate task (two passes, charged
// twice the length); its cues, with known words and translations saved as the editor saves
// them (the random model's words are noise), download through the export route as two-line
// SRT/VTT/ASS/DOCX or as one language's track, each file read back by the import readers.

const scratch = scratchDir("verbatim-bilingual-");
const media = join(scratch.dir, "jfk4.mp3");
ffmpeg("-i", JFK_MP3, "-t", "4", media);
afterAll(() => scratch.cleanup());

const EDITED = [
  {
    startTime: "00:00:00,000",
    endTime: "00:00:02,000",
    text: "各位同胞",
    translation: "My fellow Americans",
  },
  {
    startTime: "00:00:02,000",
    endTime: "00:00:04,000",
    text: "不要問國家",
    translation: "Ask not what your country",
  },
];

interface Detail {
  id: string;
  status: string;
  chargedSeconds: number | null;
  version: string;
  subtitles: { startTime: string; endTime: string; text: string; translation?: string }[];
}

describe("a bilingual transcription, exported", () => {
  let api: TranscriptionApi;
  let user: TestUser;
  let id: string;

  beforeAll(async () => {
    api = await startTranscriptionApi("sqlite");
    user = await signedInUser(api.db);
  });
  afterAll(async () => {
    await api?.close();
  });

  const seconds = async () => {
    const balance = await minuteBalance(api.db, user.id);
    return balance.planSeconds + balance.packSeconds;
  };

  const exported = async (query: string): Promise<Uint8Array> => {
    const response = await fetch(`${api.base}/api/transcriptions/${id}/export?${query}`, {
      headers: user.auth,
    });
    expect(response.status).toBe(200);
    return new Uint8Array(await response.arrayBuffer());
  };
  const texts = async (query: string, fileName: string) =>
    (await readSubtitleFile(await exported(query), { fileName })).cues.map((cue) => cue.text);

  it("runs two passes, charged twice the length, and keeps edited translations", async () => {
    const before = await seconds();
    const response = await upload(api.base, "/api/transcribe", {
      file: new Blob([readFileSync(media)]),
      fileName: "jfk4.mp3",
      fields: { bilingual: "true", language: "zh" },
      headers: user.auth,
    });
    expect(response.status).toBe(200);
    const detail = (await response.json()) as Detail;
    expect(detail.status).toBe("completed");
    expect(detail.chargedSeconds).toBe(8);
    expect(await seconds()).toBe(before - 8);
    id = detail.id;

    const saved = await fetch(`${api.base}/api/transcriptions/${id}`, {
      method: "PATCH",
      headers: { ...user.auth, "content-type": "application/json" },
      body: JSON.stringify({ subtitles: EDITED, baseVersion: detail.version }),
    });
    expect(saved.status).toBe(200);
    const after = (await saved.json()) as Detail;
    expect(after.subtitles.map((s) => s.translation)).toEqual(EDITED.map((s) => s.translation));
  });

  it.each([
    ["srt", "x.srt"],
    ["vtt", "x.vtt"],
    ["ass", "x.ass"],
  ])("writes %s as two-line cues, the original over the English", async (format, fileName) => {
    expect(await texts(`format=${format}`, fileName)).toEqual([
      "各位同胞\nMy fellow Americans",
      "不要問國家\nAsk not what your country",
    ]);
  });

  it.each([
    ["srt", "x.srt"],
    ["vtt", "x.vtt"],
    ["ass", "x.ass"],
  ])("writes %s as one language's track", async (format, fileName) => {
    expect(await texts(`format=${format}&track=original`, fileName)).toEqual([
      "各位同胞",
      "不要問國家",
    ]);
    expect(await texts(`format=${format}&track=translation`, fileName)).toEqual([
      "My fellow Americans",
      "Ask not what your country",
    ]);
  });

  it("writes the DOCX transcript with both languages, or one", async () => {
    const both = (
      await readSubtitleFile(await exported("format=docx"), { fileName: "x.docx" })
    ).cues
      .map((cue) => cue.text)
      .join("\n");
    for (const line of [
      "各位同胞",
      "My fellow Americans",
      "不要問國家",
      "Ask not what your country",
    ])
      expect(both).toContain(line);
    const english = (
      await readSubtitleFile(await exported("format=docx&track=translation"), {
        fileName: "x.docx",
      })
    ).cues
      .map((cue) => cue.text)
      .join("\n");
    expect(english).toContain("My fellow Americans");
    expect(english).not.toContain("各位同胞");
  });
});

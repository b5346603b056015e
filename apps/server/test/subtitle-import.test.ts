import { readFileSync } from "node:fs";
import { join } from "node:path";
import { errorTextFor } from "@verbatim/contract";
import { readSrt } from "@verbatim/subtitles";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ffmpeg, JFK_MP3, scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import { minuteBalance } from "../src/minutes/minute-ledger.js";
import {
  signedInUser,
  startTranscriptionApi,
  type TestUser,
  type TranscriptionApi,
} from "./support/transcription-app.js";

// A media file with a subtitle file (`subtitles`) through POST /api/transcribe, on the real
// server with the real engine (random-weight tiny model): its timings kept (free, no engine
// run) or re-timed to the speech (charged as a transcription), its wording unchanged; files it
// cannot read refused with a typed, translated error, leaving nothing behind and charging nothing.

const scratch = scratchDir("verbatim-import-");
const media = join(scratch.dir, "jfk4.mp3");
ffmpeg("-i", JFK_MP3, "-t", "4", media);
afterAll(() => scratch.cleanup());

const SRT = `1
00:00:00,500 --> 00:00:01,500
And so, my fellow Americans,

2
00:00:02,000 --> 00:00:03,500
ask not — 不要問
`;
/** SRT, and two cues past the 4 s recording's end: one that runs past it, one after it. */
const SRT_PAST_THE_END = `${SRT}
3
00:00:03,800 --> 00:00:09,000
what your country can do for you

4
00:00:30,000 --> 00:00:31,000
ask what you can do
`;

interface Detail {
  status: string;
  chargedSeconds: number | null;
  subtitles: { startTime: string; endTime: string; text: string; mismatches?: unknown[] }[];
}

describe("importing subtitles with their media", () => {
  let api: TranscriptionApi;
  let user: TestUser;

  beforeAll(async () => {
    api = await startTranscriptionApi("sqlite");
    user = await signedInUser(api.db);
  });
  afterAll(async () => {
    await api?.close();
  });

  async function send(
    subtitles: Blob,
    name: string,
    fields: Record<string, string> = {},
    headers: Record<string, string> = {},
  ) {
    const form = new FormData();
    for (const [field, value] of Object.entries(fields)) form.append(field, value);
    form.append("subtitles", subtitles, name);
    form.append("file", new Blob([readFileSync(media)]), "jfk4.mp3");
    return fetch(`${api.base}/api/transcribe`, {
      method: "POST",
      body: form,
      headers: { ...user.auth, ...headers },
    });
  }

  const seconds = async () => {
    const balance = await minuteBalance(api.db, user.id);
    return balance.planSeconds + balance.packSeconds;
  };

  it("keeps an SRT's timings and text, and charges nothing", async () => {
    const before = await seconds();
    const response = await send(new Blob([SRT]), "talk.srt", { retime: "false" });
    expect(response.status).toBe(200);
    const detail = (await response.json()) as Detail;
    expect(detail.status).toBe("completed");
    expect(detail.chargedSeconds).toBe(0);
    expect(
      detail.subtitles.map(({ startTime, endTime, text }) => ({ startTime, endTime, text })),
    ).toEqual([
      { startTime: "00:00:00,500", endTime: "00:00:01,500", text: "And so, my fellow Americans," },
      { startTime: "00:00:02,000", endTime: "00:00:03,500", text: "ask not — 不要問" },
    ]);
    expect(detail).not.toHaveProperty("importFitted");
    expect(await seconds()).toBe(before);
  });

  it("ends kept subtitles at the media's end, leaves out those after it, and says so", async () => {
    const response = await send(new Blob([SRT_PAST_THE_END]), "talk.srt", { retime: "false" });
    expect(response.status).toBe(200);
    const detail = (await response.json()) as Detail & {
      duration: number;
      importFitted?: unknown;
    };
    expect(detail.importFitted).toEqual({ dropped: 1, shortened: 1 });
    expect(detail.subtitles.map(({ text }) => text)).toEqual([
      "And so, my fellow Americans,",
      "ask not — 不要問",
      "what your country can do for you",
    ]);
    const last = readSrt(
      detail.subtitles
        .map((cue, i) => `${i + 1}\n${cue.startTime} --> ${cue.endTime}\nx\n`)
        .join("\n"),
    ).at(-1)!;
    expect(last.end).toBeLessThanOrEqual(Math.ceil(detail.duration * 1000));
    expect(last.end).toBeGreaterThan(3800);
  });

  it("re-times an SRT to the speech, keeping its words, charged as a transcription", async () => {
    const before = await seconds();
    const response = await send(new Blob([SRT]), "talk.srt", { retime: "true" });
    expect(response.status).toBe(200);
    const detail = (await response.json()) as Detail & { id: string };
    expect(detail.status).toBe("completed");
    expect(detail.chargedSeconds).toBe(4);
    expect(await seconds()).toBe(before - 4);
    const exported = await fetch(`${api.base}/api/transcriptions/${detail.id}/export?format=srt`, {
      headers: user.auth,
    });
    const cues = readSrt(await exported.text());
    expect(cues.map((cue) => cue.text)).toEqual(readSrt(SRT).map((cue) => cue.text));
    // Within the 4 s recording now, in order.
    for (const [i, cue] of cues.entries()) {
      expect(cue.end).toBeLessThanOrEqual(4500);
      if (i > 0) expect(cue.start).toBeGreaterThanOrEqual(cues[i - 1]!.end);
    }
  });

  it.each([
    [
      "an unreadable file",
      new Blob([new Uint8Array([0, 1, 2, 3, 0xff, 0xfe, 0xfd])]),
      "x.srt",
      {},
      400,
      "SUBTITLE_ENCODING_UNKNOWN",
    ],
    ["a file with no subtitles", new Blob(["WEBVTT\n\n"]), "x.vtt", {}, 400, "SUBTITLE_FILE_EMPTY"],
    [
      "a script's timings kept",
      new Blob(["Just words."]),
      "x.txt",
      { retime: "false" },
      400,
      "SUBTITLES_UNTIMED",
    ],
    [
      "bilingual with a subtitle file",
      new Blob([SRT]),
      "x.srt",
      { bilingual: "true" },
      400,
      "BILINGUAL_NOT_POSSIBLE",
    ],
    [
      "a subtitle file over 5 MB",
      new Blob([new Uint8Array(5 * 1024 * 1024 + 1).fill(65)]),
      "x.srt",
      {},
      413,
      "SUBTITLE_FILE_TOO_LARGE",
    ],
  ])(
    "refuses %s, in the user's language, leaving nothing",
    async (_name, blob, name, fields, status, code) => {
      const before = await seconds();
      const response = await send(blob, name, fields);
      expect(response.status).toBe(status);
      const body = (await response.json()) as { code: string; message: string };
      expect(body.code).toBe(code);
      expect(await seconds()).toBe(before);
      expect(api.leftovers()).toEqual([]);
      const chinese = await send(blob, name, fields, { "accept-language": "zh-HK" });
      expect(chinese.status).toBe(status);
      expect(((await chinese.json()) as { message: string }).message).toBe(
        errorTextFor(code, "zh-HK"),
      );
    },
  );

  it("takes the subtitle file with a chunked upload's combine, in base64", async () => {
    const before = await seconds();
    const chunk = new FormData();
    for (const [name, value] of Object.entries({
      chunkIndex: "0",
      totalChunks: "1",
      chunkId: "c0",
    }))
      chunk.append(name, value);
    chunk.append("file", new Blob([readFileSync(media)]), "blob");
    const sent = await fetch(`${api.base}/api/uploads/chunk`, {
      method: "POST",
      body: chunk,
      headers: user.auth,
    });
    expect(sent.status).toBe(200);
    const { sessionId } = (await sent.json()) as { sessionId: string };
    const combined = await fetch(`${api.base}/api/uploads/combine`, {
      method: "POST",
      headers: { ...user.auth, "content-type": "application/json" },
      body: JSON.stringify({
        sessionId,
        fileName: "jfk4.mp3",
        totalChunks: 1,
        retime: false,
        subtitles: { fileName: "talk.srt", base64: Buffer.from(SRT).toString("base64") },
      }),
    });
    expect(combined.status).toBe(200);
    const detail = (await combined.json()) as Detail;
    expect(detail.chargedSeconds).toBe(0);
    expect(detail.subtitles.map(({ startTime, text }) => ({ startTime, text }))).toEqual([
      { startTime: "00:00:00,500", text: "And so, my fellow Americans," },
      { startTime: "00:00:02,000", text: "ask not — 不要問" },
    ]);
    expect(await seconds()).toBe(before);
  });
});

import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { stopIdleEngine } from "@verbatim/engine";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ffmpeg, JFK_MP3, scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import { addEntry } from "../src/minutes/ledger-entries.js";
import { minuteBalance } from "../src/minutes/minute-ledger.js";
import { DATABASE_KINDS } from "./test-database.js";
import {
  signedInUser,
  startTranscriptionApi,
  upload,
  type TestUser,
  type TranscriptionApi,
} from "./support/transcription-app.js";

// Uploads made the way an attacker would make them, against the real server, ffmpeg and engine:
// a header that lies about the length, playlists and lists that name files on the server, and
// a decoder that dies mid-way. Each must cost the user nothing it should not, and reveal nothing.

const scratch = scratchDir("verbatim-attacks-");
afterAll(() => scratch.cleanup());

/** A FLAC of `seconds` of speech whose STREAMINFO claims it lasts one second. */
function lyingFlac(seconds: number): string {
  const honest = join(scratch.dir, `honest-${seconds}.flac`);
  ffmpeg(
    "-stream_loop",
    "-1",
    "-i",
    JFK_MP3,
    "-t",
    String(seconds),
    "-ar",
    "16000",
    "-ac",
    "1",
    honest,
  );
  const bytes = readFileSync(honest);
  expect(bytes.subarray(0, 4).toString("latin1")).toBe("fLaC");
  // STREAMINFO starts at byte 8; its bytes 10–17 end with the 36-bit total-samples field.
  const at = 8 + 10;
  const packed = bytes.readBigUInt64BE(at);
  const mask = (1n << 36n) - 1n;
  bytes.writeBigUInt64BE((packed & ~mask) | 16_000n, at);
  const path = join(scratch.dir, `lying-${seconds}.flac`);
  writeFileSync(path, bytes);
  return path;
}

/** A "secret" on the server that a playlist could name. */
const secret = join(scratch.dir, "secret-recording.mp3");
ffmpeg("-i", JFK_MP3, "-c:a", "copy", secret);

/** Files whose bytes name other files or URLs for ffmpeg to open. */
const referencing: ReadonlyArray<readonly [string, string]> = [
  [
    "HLS playlist",
    `#EXTM3U\n#EXT-X-TARGETDURATION:20\n#EXTINF:11,\nfile://${secret}\n#EXT-X-ENDLIST\n`,
  ],
  ["HLS playlist with a plain path", `#EXTM3U\n#EXTINF:11,\n${secret}\n#EXT-X-ENDLIST\n`],
  ["concat list", `ffconcat version 1.0\nfile '${secret}'\n`],
  [
    "SDP session (network)",
    "v=0\no=- 0 0 IN IP4 127.0.0.1\ns=x\nc=IN IP4 127.0.0.1\nt=0 0\nm=audio 5004 RTP/AVP 0\n",
  ],
  [
    "DASH manifest",
    `<?xml version="1.0"?><MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT11S"><Period><AdaptationSet mimeType="audio/mpeg"><Representation id="a" bandwidth="64000"><BaseURL>file://${secret}</BaseURL></Representation></AdaptationSet></Period></MPD>`,
  ],
  ["ffmetadata", ";FFMETADATA1\ntitle=x\n"],
];

describe.each(DATABASE_KINDS)("hostile uploads on %s", (kind) => {
  let api: TranscriptionApi;

  beforeAll(async () => {
    api = await startTranscriptionApi(kind);
  });
  afterAll(async () => {
    await api?.close();
  });

  const me = async (user: TestUser) =>
    (await (await fetch(`${api.base}/api/auth/me`, { headers: user.auth })).json()) as {
      credits: number;
    };

  it("reserves a lying FLAC for its real length: 402 before any transcription", async () => {
    const user = await signedInUser(api.db);
    // Spend all but 2 of the 20 free minutes, so a 3-minute file is more than is left.
    await addEntry(
      api.db,
      user.id,
      "charge",
      "plan",
      -18 * 60,
      `spent:${user.id}`,
      null,
      new Date(),
    );
    const file = lyingFlac(180);
    const response = await upload(api.base, "/api/transcribe", {
      file: new Blob([readFileSync(file)]),
      fileName: "lie.flac",
      headers: user.auth,
    });
    expect(response.status).toBe(402);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe("INSUFFICIENT_MINUTES");
    expect(body.message).toContain("This file needs 3 minutes but you have 2 left.");
    expect(await minuteBalance(api.db, user.id)).toEqual({ planSeconds: 120, packSeconds: 0 });
    expect(api.leftovers()).toEqual([]);
  });

  it("never transcribes past the reservation, even when the length slipped past intake", async () => {
    const user = await signedInUser(api.db);
    const submit = async (path: string) => {
      const response = await upload(api.base, "/api/transcribe", {
        file: new Blob([readFileSync(path)]),
        fileName: "lie.flac",
        headers: { ...user.auth, prefer: "respond-async" },
      });
      expect(response.status).toBe(202);
      return ((await response.json()) as { id: string }).id;
    };
    // A job ahead keeps the one worker busy, so the row can be changed while ours waits.
    const blocker = await submit(lyingFlac(600));
    const id = await submit(lyingFlac(40));
    expect(
      (
        await api.db
          .selectFrom("transcriptions")
          .select("status")
          .where("id", "=", id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe("queued");
    // Intake measured 40 s. Pretend it had believed the header, as a container whose packet
    // times also lie would make it: the job may then decode only what that reserved.
    await api.db
      .updateTable("transcriptions")
      .set({ duration_ms: 1000 })
      .where("id", "=", id)
      .execute();
    const cancelled = await api.post(`/api/transcriptions/${blocker}/cancel`, undefined, user.auth);
    expect(cancelled.status).toBe(200);
    const final = await waitFor(api, id, user);
    expect(final.status).toBe("failed");
    expect(final.error?.code).toBe("INPUT_LONGER_THAN_DECLARED");
    expect(final.error?.message).toMatch(/holds 40 seconds of audio/);
    // Charged for what it transcribed before it was caught (the text it delivered, if any),
    // never more than the 1 s reserved: the rest of the 40 s reservation is back.
    let row = { charged_seconds: null as number | null, transcribed_ms: 0 };
    for (let i = 0; i < 50 && row.charged_seconds === null; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      row = await api.db
        .selectFrom("transcriptions")
        .select(["charged_seconds", "transcribed_ms"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
    }
    expect(row.charged_seconds).toBe(Math.min(1, Math.ceil(row.transcribed_ms / 1000)));
    expect(await minuteBalance(api.db, user.id)).toEqual({
      planSeconds: 1200 - (row.charged_seconds ?? 0),
      packSeconds: 0,
    });
  });

  it.each(referencing)("refuses a %s without opening what it names", async (_name, text) => {
    const user = await signedInUser(api.db);
    const response = await upload(api.base, "/api/transcribe", {
      file: new Blob([text]),
      fileName: "talk.mp3",
      headers: user.auth,
    });
    expect(response.status).toBe(415);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe("INPUT_NOT_MEDIA");
    expect(body.message).not.toContain(scratch.dir);
    expect((await me(user)).credits).toBe(20);
    expect(api.leftovers()).toEqual([]);
  });

  it("answers a playlist naming a file that exists exactly as one naming a file that does not", async () => {
    const user = await signedInUser(api.db);
    const answers = [];
    for (const target of [secret, join(scratch.dir, "no-such-file.mp3")]) {
      const response = await upload(api.base, "/api/transcribe", {
        file: new Blob([`#EXTM3U\n#EXTINF:11,\nfile://${target}\n#EXT-X-ENDLIST\n`]),
        headers: user.auth,
      });
      answers.push({ status: response.status, body: await response.text() });
    }
    expect(answers[0]).toEqual(answers[1]);
  });

  it("refuses a playlist through the OpenAI-compatible API and through chunk + combine", async () => {
    const user = await signedInUser(api.db);
    const playlist = `#EXTM3U\n#EXTINF:11,\nfile://${secret}\n#EXT-X-ENDLIST\n`;
    const keyResponse = await fetch(`${api.base}/api/keys`, {
      method: "POST",
      headers: { ...user.auth, "content-type": "application/json" },
      body: JSON.stringify({ name: "attack" }),
    });
    const { key } = (await keyResponse.json()) as { key: string };
    const v1 = await upload(api.base, "/v1/audio/transcriptions", {
      file: new Blob([playlist]),
      fields: { model: "whisper-1" },
      headers: { authorization: `Bearer ${key}` },
    });
    // OpenAI answers unreadable media with 400 invalid_request_error, and so does /v1.
    expect(v1.status).toBe(400);
    expect(((await v1.json()) as { error: { type: string } }).error.type).toBe(
      "invalid_request_error",
    );

    const chunk = await upload(api.base, "/api/uploads/chunk", {
      file: new Blob([playlist]),
      fileName: "blob",
      fields: { chunkIndex: "0", totalChunks: "1" },
      headers: user.auth,
    });
    expect(chunk.status).toBe(200);
    const { sessionId } = (await chunk.json()) as { sessionId: string };
    const combined = await api.post(
      "/api/uploads/combine",
      { sessionId, fileName: "talk.mp3", totalChunks: 1 },
      user.auth,
    );
    expect(combined.status).toBe(415);
    expect(((await combined.json()) as { code: string }).code).toBe("INPUT_NOT_MEDIA");
    expect((await me(user)).credits).toBe(20);
    const jobs = await api.db
      .selectFrom("transcriptions")
      .select("id")
      .where("user_id", "=", user.id)
      .execute();
    expect(jobs).toEqual([]);
  });
});

describe("a decoder that dies is our failure, not the file's", () => {
  const tools = scratchDir("verbatim-crashing-tools-");
  let api: TranscriptionApi;
  const saved = { ffmpeg: process.env.FFMPEG_PATH, ffprobe: process.env.FFPROBE_PATH };

  /** A wrapper that runs the real tool, crashing (SIGSEGV) when its arguments match. */
  function crashingTool(name: string, when: string, afterSeconds: number): string {
    const path = join(tools.dir, name);
    writeFileSync(
      path,
      `#!/bin/sh\ncase "$*" in *${when}*) (sleep ${afterSeconds}; kill -SEGV $$) & ;; esac\nexec ${name} "$@"\n`,
    );
    chmodSync(path, 0o755);
    return path;
  }

  beforeAll(async () => {
    api = await startTranscriptionApi("sqlite");
  });
  afterEach(() => {
    stopIdleEngine(); // it may have been started with a crashing tool
    for (const [name, value] of [
      ["FFMPEG_PATH", saved.ffmpeg],
      ["FFPROBE_PATH", saved.ffprobe],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
  afterAll(async () => {
    await api?.close();
    tools.cleanup();
  });

  it("fails a job whose ffmpeg crashes mid-decode with 500 DECODER_FAILED and releases its minutes", async () => {
    // The engine process inherits this: decoding to PCM crashes after half a second, while the
    // intake's own ffmpeg run (a stream copy) works. An engine kept warm by an earlier test was
    // started without it, so it goes first.
    stopIdleEngine();
    process.env.FFMPEG_PATH = crashingTool("ffmpeg", "pcm_f32le", 0.5);
    const user = await signedInUser(api.db);
    const long = join(scratch.dir, "long.mp3");
    ffmpeg(
      "-stream_loop",
      "-1",
      "-i",
      JFK_MP3,
      "-t",
      "240",
      "-c:a",
      "libmp3lame",
      "-b:a",
      "32k",
      long,
    );
    const response = await upload(api.base, "/api/transcribe", {
      file: new Blob([readFileSync(long)]),
      headers: user.auth,
    });
    expect(response.status).toBe(500);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe("DECODER_FAILED");
    expect(body.message).toMatch(/not with your file/);
    // Settled just after the job is marked failed: charged only for the text it had delivered
    // before the decoder died (nothing when none), the rest of the 240 s released.
    const id = (body as { details?: { id?: string } }).details?.id;
    expect(id).toBeTruthy();
    let row = { charged_seconds: null as number | null, transcribed_ms: 0 };
    for (let i = 0; i < 50 && row.charged_seconds === null; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      row = await api.db
        .selectFrom("transcriptions")
        .select(["charged_seconds", "transcribed_ms"])
        .where("id", "=", id!)
        .executeTakeFirstOrThrow();
    }
    expect(row.charged_seconds).toBe(Math.ceil(row.transcribed_ms / 1000));
    expect(row.charged_seconds).toBeLessThan(240);
    expect(await minuteBalance(api.db, user.id)).toEqual({
      planSeconds: 1200 - (row.charged_seconds ?? 0),
      packSeconds: 0,
    });
  });

  it("answers 500 DECODER_FAILED, not 415, when ffprobe crashes at intake", async () => {
    process.env.FFPROBE_PATH = crashingTool("ffprobe", "show_streams", 0);
    const user = await signedInUser(api.db);
    const response = await upload(api.base, "/api/transcribe", {
      file: new Blob([readFileSync(JFK_MP3)]),
      headers: user.auth,
    });
    expect(response.status).toBe(500);
    expect(((await response.json()) as { code: string }).code).toBe("DECODER_FAILED");
    expect(api.leftovers()).toEqual([]);
    expect(await minuteBalance(api.db, user.id)).toEqual({ planSeconds: 1200, packSeconds: 0 });
  });
});

/** Follows a job until it ends, through the API. */
async function waitFor(
  api: TranscriptionApi,
  id: string,
  user: TestUser,
): Promise<{ status: string; error: { code: string; message: string } | null }> {
  for (let i = 0; i < 600; i++) {
    const response = await fetch(`${api.base}/api/transcriptions/${id}`, { headers: user.auth });
    const row = (await response.json()) as {
      status: string;
      error: { code: string; message: string } | null;
    };
    if (!["queued", "processing"].includes(row.status)) return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${id} did not end`);
}

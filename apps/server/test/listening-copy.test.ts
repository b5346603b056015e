import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JFK_MP3, scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import { runMaintenance } from "../src/schedule/maintenance.js";
import {
  finishedTranscription,
  keepAudio,
  numberedCues,
} from "./support/finished-transcription.js";
import { DATABASE_KINDS } from "./test-database.js";
import {
  signedInUser,
  startTranscriptionApi,
  upload,
  type TranscriptionApi,
  type TestUser,
} from "./support/transcription-app.js";

const jfk = new Blob([readFileSync(JFK_MP3)], { type: "audio/mpeg" });
const DAY = 86_400_000;
const silentLog = { info: () => undefined, error: () => undefined } as never;

interface Detail {
  id: string;
  audio: { url: string; expiresAt: string } | null;
}

describe.each(DATABASE_KINDS)("the audio kept for the editor's player on %s", (kind) => {
  let api: TranscriptionApi;
  const scratch = scratchDir("verbatim-listen-");

  beforeAll(async () => {
    api = await startTranscriptionApi(kind);
  });
  afterAll(async () => {
    await api?.close();
    scratch.cleanup();
  });

  async function transcribed(user: TestUser): Promise<Detail> {
    const response = await upload(api.base, "/api/transcribe", { file: jfk, headers: user.auth });
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    const detail = await fetch(`${api.base}/api/transcriptions/${id}`, { headers: user.auth });
    return (await detail.json()) as Detail;
  }

  it("keeps a small audio copy for the plan's days, served to its owner only, with ranges", async () => {
    const user = await signedInUser(api.db);
    const started = Date.now();
    const detail = await transcribed(user);
    expect(detail.audio?.url).toBe(`/api/transcriptions/${detail.id}/audio`);
    const expires = Date.parse(detail.audio?.expiresAt ?? "");
    expect(expires - started).toBeGreaterThan(7 * DAY - 60_000); // Free: 7 days
    expect(expires - started).toBeLessThan(7 * DAY + 60_000);
    expect(api.leftovers()).toEqual([]); // the upload itself is gone
    expect(api.listeningCopies()).toEqual([`${detail.id}.listen.m4a`]);

    const url = `${api.base}${detail.audio?.url}`;
    const whole = await fetch(url, { headers: user.auth });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("audio/mp4");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.length).toBeLessThan(readFileSync(JFK_MP3).length); // smaller than the upload
    // It is the recording's audio: AAC, mono, as long as the speech.
    const file = join(scratch.dir, "copy.m4a");
    writeFileSync(file, bytes);
    const probe = JSON.parse(
      execFileSync(
        "ffprobe",
        ["-v", "error", "-show_streams", "-show_format", "-of", "json", file],
        {
          encoding: "utf8",
        },
      ),
    ) as { streams: Array<{ codec_name: string; channels: number }>; format: { duration: string } };
    expect(probe.streams.map((s) => [s.codec_name, s.channels])).toEqual([["aac", 1]]);
    expect(Number(probe.format.duration)).toBeGreaterThan(10.5);
    expect(Number(probe.format.duration)).toBeLessThan(11.6);

    const part = await fetch(url, { headers: { ...user.auth, range: "bytes=100-199" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-199/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(100, 200));
    const beyond = await fetch(url, {
      headers: { ...user.auth, range: `bytes=${bytes.length + 10}-` },
    });
    expect(beyond.status).toBe(416);
    // RFC 9110: a 416 says how long the file is, so the player can ask for a range that fits.
    expect(beyond.headers.get("content-range")).toBe(`bytes */${bytes.length}`);
    expect(((await beyond.json()) as { code: string }).code).toBe("RANGE_NOT_SATISFIABLE");

    // Anyone else: not found; nobody: not signed in.
    const stranger = await signedInUser(api.db);
    expect((await fetch(url, { headers: stranger.auth })).status).toBe(404);
    expect((await fetch(url)).status).toBe(401);
  });

  it("goes when its time is up, and with the transcription", async () => {
    const user = await signedInUser(api.db);
    const expiring = await transcribed(user);
    const deleted = await transcribed(user);
    expect(api.listeningCopies()).toEqual(
      expect.arrayContaining([`${expiring.id}.listen.m4a`, `${deleted.id}.listen.m4a`]),
    );
    const path = join(api.uploadDir, `${expiring.id}.listen.m4a`);

    // A day before the time is up, maintenance keeps it; after, it is deleted.
    const expiresAt = Date.parse(expiring.audio?.expiresAt ?? "");
    await runMaintenance(
      { db: api.db, uploadDir: api.uploadDir, log: silentLog },
      new Date(expiresAt - DAY),
    );
    expect(existsSync(path)).toBe(true);
    const after = await runMaintenance(
      { db: api.db, uploadDir: api.uploadDir, log: silentLog },
      new Date(expiresAt + 1000),
    );
    expect(after.audioRemoved).toBeGreaterThanOrEqual(1);
    expect(existsSync(path)).toBe(false);
    const gone = await fetch(`${api.base}/api/transcriptions/${expiring.id}/audio`, {
      headers: user.auth,
    });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ code: "AUDIO_NOT_KEPT" });
    const detail = await fetch(`${api.base}/api/transcriptions/${expiring.id}`, {
      headers: user.auth,
    });
    expect(((await detail.json()) as Detail).audio).toBeNull();

    const removed = await fetch(`${api.base}/api/transcriptions/${deleted.id}`, {
      method: "DELETE",
      headers: user.auth,
    });
    expect(removed.status).toBe(204);
    expect(api.listeningCopies()).not.toContain(`${deleted.id}.listen.m4a`);
  });

  it("is not served once its time is up, even before the hourly sweep deletes it", async () => {
    const user = await signedInUser(api.db);
    const id = await finishedTranscription(api.db, user.id, numberedCues(2));
    await keepAudio(api.db, id, JFK_MP3, api.uploadDir);
    const url = `${api.base}/api/transcriptions/${id}/audio`;
    expect((await fetch(url, { headers: user.auth })).status).toBe(200);
    await api.db
      .updateTable("transcriptions")
      .set({ audio_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", id)
      .execute();
    expect(existsSync(join(api.uploadDir, `${id}.listen.m4a`))).toBe(true); // not swept yet
    const late = await fetch(url, { headers: user.auth });
    expect(late.status).toBe(404);
    expect(await late.json()).toMatchObject({ code: "AUDIO_NOT_KEPT" });
    const detail = await fetch(`${api.base}/api/transcriptions/${id}`, { headers: user.auth });
    expect(((await detail.json()) as Detail).audio).toBeNull();
  });
});

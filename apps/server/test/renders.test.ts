import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ffmpeg, JFK_MP3, scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import { randomUUID } from "node:crypto";
import { minuteBalance, reserveMinutes } from "../src/minutes/minute-ledger.js";
import { settleEndedJobs } from "../src/jobs/side-job-tables.js";
import { dropEndedRenderSources, requeueStalledRenders } from "../src/renders/render-store.js";
import { DATABASE_KINDS } from "./test-database.js";
import {
  signedInUser,
  startTranscriptionApi,
  upload,
  type TestUser,
  type TranscriptionApi,
} from "./support/transcription-app.js";

// Captioned video over HTTP: a render of a finished transcription (its kept audio drawn as a
// waveform, the captions burned in), its minutes reserved, charged, or given back.

interface Render {
  id: string;
  status: string;
  progress: number;
  costSeconds: number;
  width: number | null;
  height: number | null;
  error: { code: string; message: string } | null;
}

describe.each(DATABASE_KINDS)("captioned video renders on %s", (kind) => {
  let api: TranscriptionApi;
  const scratch = scratchDir("verbatim-render-");

  /** One user and transcription for the tests that leave its audio alone. */
  let owner: TestUser;
  let shared: string;

  /** The first 4 s of the JFK recording: short to transcribe and to render. */
  let clip: Blob;

  beforeAll(async () => {
    const path = join(scratch.dir, "jfk4.mp3");
    ffmpeg("-i", JFK_MP3, "-t", "4", "-c", "copy", path);
    clip = new Blob([readFileSync(path)], { type: "audio/mpeg" });
    api = await startTranscriptionApi(kind);
    owner = await signedInUser(api.db);
    shared = await transcribed(owner);
  });
  afterAll(async () => {
    await api?.close();
    scratch.cleanup();
  });

  async function transcribed(user: TestUser): Promise<string> {
    const response = await upload(api.base, "/api/transcribe", { file: clip, headers: user.auth });
    expect(response.status).toBe(200);
    return ((await response.json()) as { id: string }).id;
  }

  function askRender(user: TestUser, id: string, body: object): Promise<Response> {
    return fetch(`${api.base}/api/transcriptions/${id}/renders`, {
      method: "POST",
      headers: { ...user.auth, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  }

  async function settled(user: TestUser, id: string): Promise<Render> {
    for (let i = 0; i < 300; i++) {
      const render = (await (
        await fetch(`${api.base}/api/renders/${id}`, { headers: user.auth })
      ).json()) as Render;
      if (!["queued", "running"].includes(render.status)) return render;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("the render did not end");
  }

  const spent = async (user: TestUser) => {
    const balance = await minuteBalance(api.db, user.id, new Date());
    return balance.planSeconds + balance.packSeconds;
  };

  it("renders a captioned MP4 of the kept audio, charging one second per ten of media", async () => {
    const [user, id] = [owner, shared];
    const before = await spent(user);
    const asked = await askRender(user, id, { style: "karaoke", crop: "9:16" });
    expect(asked.status).toBe(202);
    const queued = (await asked.json()) as Render;
    expect(queued).toMatchObject({ status: "queued", costSeconds: 1 }); // 4 s of media
    expect(await spent(user)).toBe(before - 1); // reserved

    const done = await settled(user, queued.id);
    expect(done).toMatchObject({ status: "completed", progress: 100, width: 720, height: 1280 });
    expect(await spent(user)).toBe(before - 1); // charged, once

    const file = await fetch(`${api.base}/api/renders/${queued.id}/file`, { headers: user.auth });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("video/mp4");
    expect(file.headers.get("content-disposition")).toContain("talk.captioned.mp4");
    const path = join(scratch.dir, "render.mp4");
    writeFileSync(path, Buffer.from(await file.arrayBuffer()));
    const streams = execFileSync(
      "ffprobe",
      ["-v", "error", "-show_entries", "stream=codec_name", "-of", "csv=p=0", path],
      { encoding: "utf8" },
    );
    expect(streams.trim().split("\n").sort()).toEqual(["aac", "h264"]);

    // Someone else's render is not found; its list is the owner's.
    const stranger = await signedInUser(api.db);
    expect(
      (await fetch(`${api.base}/api/renders/${queued.id}`, { headers: stranger.auth })).status,
    ).toBe(404);
    const list = await fetch(`${api.base}/api/transcriptions/${id}/renders`, {
      headers: user.auth,
    });
    expect(((await list.json()) as { renders: Render[] }).renders.map((r) => r.id)).toEqual([
      queued.id,
    ]);

    // Deleting an ended render removes its file.
    const removed = await fetch(`${api.base}/api/renders/${queued.id}`, {
      method: "DELETE",
      headers: user.auth,
    });
    expect(removed.status).toBe(204);
    expect(api.leftovers().filter((name) => name.endsWith(".captioned.mp4"))).toEqual([]);
  });

  it("cancelling gives the reserved minutes back", async () => {
    const [user, id] = [owner, shared];
    const before = await spent(user);
    const queued = (await (await askRender(user, id, { style: "standard" })).json()) as Render;
    const cancel = await fetch(`${api.base}/api/renders/${queued.id}`, {
      method: "DELETE",
      headers: user.auth,
    });
    expect(cancel.status).toBe(200);
    expect(((await cancel.json()) as Render).status).toBe("cancelled");
    expect(await spent(user)).toBe(before);
    const file = await fetch(`${api.base}/api/renders/${queued.id}/file`, { headers: user.auth });
    expect(file.status).toBe(409);
    expect(((await file.json()) as { code: string }).code).toBe("RENDER_NOT_READY");
  });

  it("a render whose audio expired fails and gives its minutes back; none is taken once it is gone", async () => {
    const user = await signedInUser(api.db);
    const id = await transcribed(user);
    const before = await spent(user);
    // The audio expires between the request and the render: its file is gone.
    const row = await api.db
      .selectFrom("transcriptions")
      .select("audio_path")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    rmSync(row.audio_path!, { force: true });
    const queued = (await (await askRender(user, id, { style: "social-word" })).json()) as Render;
    const failed = await settled(user, queued.id);
    expect(failed.status).toBe("failed");
    expect(failed.error?.code).toBe("AUDIO_NOT_KEPT");
    expect(await spent(user)).toBe(before);

    await api.db
      .updateTable("transcriptions")
      .set({ audio_path: null })
      .where("id", "=", id)
      .execute();
    const refused = await askRender(user, id, { style: "standard" });
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as { code: string }).code).toBe("AUDIO_NOT_KEPT");
    expect(await spent(user)).toBe(before);
  });

  it("refuses controls out of range, and a third render at once", async () => {
    const [user, id] = [owner, shared];
    const bad = await askRender(user, id, { style: "comic" });
    expect(bad.status).toBe(400);
    const colour = await askRender(user, id, { style: "standard", colour: "red" });
    expect(colour.status).toBe(400);

    const before = await spent(user);
    const asked = await Promise.all(
      [1, 2, 3].map(() => askRender(user, id, { style: "standard" })),
    );
    const statuses = asked.map((response) => response.status).sort();
    expect(statuses).toEqual([202, 202, 429]);
    const refused = asked.find((response) => response.status === 429)!;
    expect(((await refused.json()) as { code: string }).code).toBe("TOO_MANY_RENDERS");
    for (const response of asked.filter((r) => r.status === 202)) {
      const { id: renderId } = (await response.json()) as Render;
      await fetch(`${api.base}/api/renders/${renderId}`, { method: "DELETE", headers: user.auth });
      await settled(user, renderId).catch(() => undefined);
    }
    // Cancelled or completed: whatever was reserved for the refused one was never taken.
    expect(await spent(user)).toBeGreaterThanOrEqual(before - 2);
  });

  it("a render left running by a stopped worker is run again, its minutes settled once", async () => {
    const [user, id] = [owner, shared];
    const before = await spent(user);
    const renderId = randomUUID();
    const long = new Date(Date.now() - 10 * 60_000).toISOString();
    await reserveMinutes(api.db, user.id, renderId, 2, new Date(), async (tx) => {
      await tx
        .insertInto("renders")
        .values({
          id: renderId,
          user_id: user.id,
          transcription_id: id,
          status: "running",
          options_json: JSON.stringify({ style: "standard", crop: "source" }),
          cost_seconds: 2,
          created_at: long,
          started_at: long,
          heartbeat_at: long,
        })
        .execute();
    });
    expect(await requeueStalledRenders(api.db, new Date(Date.now() - 2 * 60_000))).toBe(1);
    expect((await settled(user, renderId)).status).toBe("completed");
    expect(await spent(user)).toBe(before - 2);
    await settleEndedJobs(api.db, "renders", new Date(), new Date(Date.now() - 60_000)); // again: no change
    expect(await spent(user)).toBe(before - 2);
  });

  /** POST …/renders/video: the options first, then the video (as the editor sends them). */
  function askVideoRender(
    user: TestUser,
    id: string,
    options: object,
    video: Blob,
    name = "talk.mp4",
  ): Promise<Response> {
    const form = new FormData();
    form.append("options", JSON.stringify(options));
    form.append("file", video, name);
    return fetch(`${api.base}/api/transcriptions/${id}/renders/video`, {
      method: "POST",
      headers: user.auth,
      body: form,
    });
  }

  const rendersOf = async (user: TestUser, id: string) => {
    const list = await fetch(`${api.base}/api/transcriptions/${id}/renders`, {
      headers: user.auth,
    });
    return ((await list.json()) as { renders: Render[] }).renders.map((render) => render.id);
  };

  /** A flat-coloured 320×180 video with a tone (AAC), `seconds` long. */
  function colourVideo(seconds: number): Blob {
    const path = join(scratch.dir, `colour-${seconds}.mp4`);
    if (existsSync(path)) return new Blob([readFileSync(path)], { type: "video/mp4" });
    ffmpeg(
      ...["-f", "lavfi", "-i", `color=c=0x2080D0:s=320x180:r=25:d=${seconds}`],
      ...["-f", "lavfi", "-i", `sine=frequency=440:duration=${seconds}`],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"],
      ...["-c:a", "aac", "-shortest", path],
    );
    return new Blob([readFileSync(path)], { type: "video/mp4" });
  }

  /** The mean RGB of a region of the frame at `seconds`. */
  function colourAt(path: string, seconds: number, crop: string): number[] {
    const raw = execFileSync(
      "ffmpeg",
      [
        ...["-v", "error", "-ss", String(seconds), "-i", path, "-frames:v", "1"],
        ...["-vf", `crop=${crop},scale=1:1:flags=area`, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
      ],
      { maxBuffer: 1024 },
    );
    return [...raw.subarray(0, 3)];
  }

  const sourcePathOf = async (renderId: string) =>
    (
      await api.db
        .selectFrom("renders")
        .select(["source_path", "picture"])
        .where("id", "=", renderId)
        .executeTakeFirstOrThrow()
    ).source_path;

  it("renders over the user's own video: its size and picture, and the video is deleted when it ends", async () => {
    const [user, id] = [owner, shared];
    const video = colourVideo(4);
    const before = await spent(user);
    const asked = await askVideoRender(user, id, { style: "broadcast-box" }, video);
    expect(asked.status).toBe(202);
    const queued = (await asked.json()) as Render & { picture: string };
    expect(queued).toMatchObject({ status: "queued", picture: "video", costSeconds: 1 });
    const source = await sourcePathOf(queued.id);
    expect(source).toBeTruthy();

    const done = await settled(user, queued.id);
    expect(done).toMatchObject({ status: "completed", width: 320, height: 180 });
    expect(await spent(user)).toBe(before - 1);
    // The video sent for the render is gone, and no row names it.
    expect(existsSync(source!)).toBe(false);
    expect(await sourcePathOf(queued.id)).toBeNull();

    const file = await fetch(`${api.base}/api/renders/${queued.id}/file`, { headers: user.auth });
    const path = join(scratch.dir, "over-video.mp4");
    writeFileSync(path, Buffer.from(await file.arrayBuffer()));
    const size = execFileSync(
      "ffprobe",
      [
        ...["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height"],
        ...["-of", "csv=p=0", path],
      ],
      { encoding: "utf8" },
    );
    expect(size.trim()).toBe("320,180");
    // Above the caption area, the source's own colour (0x2080D0), not the waveform's dark blue.
    const [r, g, b] = colourAt(path, 1.5, "300:60:10:10");
    expect(Math.abs(r! - 0x20)).toBeLessThan(16);
    expect(Math.abs(g! - 0x80)).toBeLessThan(16);
    expect(Math.abs(b! - 0xd0)).toBeLessThan(16);

    // Cancelled before it runs: the video goes at once, the minutes come back.
    const second = (await (
      await askVideoRender(user, id, { style: "standard" }, video)
    ).json()) as Render;
    const secondSource = await sourcePathOf(second.id);
    const cancel = await fetch(`${api.base}/api/renders/${second.id}`, {
      method: "DELETE",
      headers: user.auth,
    });
    expect(cancel.status).toBe(200);
    expect(existsSync(secondSource!)).toBe(false);
    expect(await spent(user)).toBe(before - 1);
    await settled(user, second.id);
    expect(api.leftovers().filter((name) => name.endsWith(".upload"))).toEqual([]);
    await fetch(`${api.base}/api/renders/${queued.id}`, { method: "DELETE", headers: user.auth });
  });

  it("after a crash, the video of a render that ended is deleted when the worker sweeps", async () => {
    const [user, id] = [owner, shared];
    const renderId = randomUUID();
    const left = join(api.uploadDir, `${randomUUID()}.upload`);
    writeFileSync(left, "the user's video");
    const at = new Date().toISOString();
    await api.db
      .insertInto("renders")
      .values({
        id: renderId,
        user_id: user.id,
        transcription_id: id,
        status: "completed",
        options_json: JSON.stringify({ style: "standard", crop: "source" }),
        cost_seconds: 0,
        created_at: at,
        finished_at: at,
        picture: "video",
        source_path: left,
      })
      .execute();
    expect(await dropEndedRenderSources(api.db)).toBeGreaterThanOrEqual(1);
    expect(existsSync(left)).toBe(false);
    expect(await sourcePathOf(renderId)).toBeNull();
    await api.db.deleteFrom("renders").where("id", "=", renderId).execute();
  });

  it("refuses a video of another length and a file without a picture, charging nothing", async () => {
    const [user, id] = [owner, shared];
    const before = await spent(user);
    const earlier = await rendersOf(user, id);

    const long = await askVideoRender(user, id, { style: "standard" }, colourVideo(9));
    expect(long.status).toBe(422);
    const longError = (await long.json()) as { code: string; message: string };
    expect(longError.code).toBe("RENDER_VIDEO_WRONG_LENGTH");
    expect(longError.message).toMatch(/9 seconds/);

    const audio = await askVideoRender(user, id, { style: "standard" }, clip, "talk.mp3");
    expect(audio.status).toBe(415);
    expect(((await audio.json()) as { code: string }).code).toBe("RENDER_VIDEO_NOT_VIDEO");

    const text = new Blob(["not a video at all"], { type: "video/mp4" });
    const notMedia = await askVideoRender(user, id, { style: "standard" }, text);
    expect(notMedia.status).toBe(415);
    expect(((await notMedia.json()) as { code: string }).code).toBe("INPUT_NOT_MEDIA");

    const badOptions = await askVideoRender(user, id, { style: "comic" }, colourVideo(4));
    expect(badOptions.status).toBe(400);
    expect(((await badOptions.json()) as { code: string }).code).toBe("VALIDATION_FAILED");

    expect(await spent(user)).toBe(before);
    expect(await rendersOf(user, id)).toEqual(earlier);
    expect(api.leftovers().filter((name) => name.endsWith(".upload"))).toEqual([]);
  });

  it("a deleted transcription takes its renders and their files with it", async () => {
    const [user, id] = [owner, shared];
    const queued = (await (await askRender(user, id, { style: "broadcast-box" })).json()) as Render;
    expect((await settled(user, queued.id)).status).toBe("completed");
    expect(api.leftovers().filter((name) => name.endsWith(".captioned.mp4"))).toHaveLength(2);
    const before = await spent(user);
    const removed = await fetch(`${api.base}/api/transcriptions/${id}`, {
      method: "DELETE",
      headers: user.auth,
    });
    expect(removed.ok).toBe(true);
    expect(api.leftovers().filter((name) => name.endsWith(".captioned.mp4"))).toEqual([]);
    expect(
      (await fetch(`${api.base}/api/renders/${queued.id}`, { headers: user.auth })).status,
    ).toBe(404);
    expect(await spent(user)).toBe(before); // a completed render stays paid for
  });
});

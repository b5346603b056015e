import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  JFK_MP3,
  loopedJfk,
  scratchDir,
} from "../../../packages/engine/test/helpers/media-files.js";
import { answerOf, errorOf } from "./support/route-answers.js";
import { DATABASE_KINDS } from "./test-database.js";
import {
  readEvents,
  signedInUser,
  startTranscriptionApi,
  upload,
  type TranscriptionApi,
} from "./support/transcription-app.js";

const jfk = new Blob([readFileSync(JFK_MP3)], { type: "audio/mpeg" });
// 44 s of speech: a job that is certainly still running when the test cancels it.
const media = scratchDir("verbatim-flow-media-");
const longJfk = new Blob([readFileSync(loopedJfk(media.dir, 4))], { type: "audio/mpeg" });
media.cleanup();

interface Detail {
  id: string;
  fileName: string;
  status: string;
  duration: number;
  model: string;
  subtitles: {
    id: number;
    startTime: string;
    endTime: string;
    text: string;
    words?: { text: string; startMs: number; endMs: number }[];
  }[];
  text: string;
}

describe.each(DATABASE_KINDS)("transcriptions through the API on %s", (kind) => {
  let api: TranscriptionApi;

  beforeAll(async () => {
    api = await startTranscriptionApi(kind);
  });
  afterAll(async () => {
    await api?.close();
  });

  const get = (path: string, headers: Record<string, string>) =>
    fetch(`${api.base}${path}`, { headers });

  it("transcribes an upload and answers with the result, charging the real duration", async () => {
    const user = await signedInUser(api.db);
    const response = await upload(api.base, "/api/transcribe", {
      file: jfk,
      fileName: "JFK inaugural (1961).mp3",
      fields: { source: "file", model: "whisper-1", generateTimestamps: "true" },
      headers: user.auth,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Detail;
    expect(body.status).toBe("completed");
    expect(body.fileName).toBe("JFK inaugural (1961).mp3");
    expect(body.model).toBe("whisper-1");
    expect(body.duration).toBeGreaterThan(10.5);
    expect(body.duration).toBeLessThan(11.5);
    // The random-weight model says something for 11 s of speech: there are cues to check.
    expect(body.subtitles.length).toBeGreaterThan(0);
    for (const subtitle of body.subtitles) {
      expect(subtitle.startTime).toMatch(/^\d{2}:\d{2}:\d{2},\d{3}$/);
      expect(subtitle.endTime >= subtitle.startTime).toBe(true);
    }

    // 11 s of a Free plan's 20 minutes: 1189 s left, shown as 19 whole minutes.
    const me = (await (await get("/api/auth/me", user.auth)).json()) as { credits: number };
    expect(me.credits).toBe(19);
    const ledger = await api.db
      .selectFrom("minute_ledger")
      .select(["kind", "seconds"])
      .where("reference", "=", body.id)
      .execute();
    const net = ledger.reduce((sum, row) => sum + Number(row.seconds), 0);
    expect(net).toBe(-Math.ceil(body.duration));
    expect(ledger.map((row) => row.kind)).toContain("charge");
    expect(api.leftovers()).toEqual([]); // the media is deleted once the job ends
  });

  it("accepts with 202 on Prefer: respond-async and streams queued/processing/completed", async () => {
    const user = await signedInUser(api.db);
    const response = await upload(api.base, "/api/transcribe", {
      file: jfk,
      headers: { ...user.auth, prefer: "respond-async" },
    });
    expect(response.status).toBe(202);
    const accepted = (await response.json()) as { id: string; status: string; eventsUrl: string };
    expect(accepted.status).toBe("queued");
    expect(response.headers.get("location")).toBe(`/api/transcriptions/${accepted.id}`);

    const events = await readEvents(`${api.base}${accepted.eventsUrl}`, user.auth);
    const names = events.map((e) => e.event);
    expect(names.at(-1)).toBe("completed");
    expect(names.filter((n) => n === "completed")).toHaveLength(1);
    expect(names.every((n) => ["queued", "processing", "segment", "completed"].includes(n))).toBe(
      true,
    );
    // Percentages never go backwards.
    const percents = events
      .filter((e) => e.event === "processing")
      .map((e) => e.data.percent as number);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(events.at(-1)?.data).toMatchObject({ id: accepted.id });

    // After the end, a new follower gets the final state at once and the stream closes.
    const again = await readEvents(`${api.base}${accepted.eventsUrl}`, user.auth);
    expect(again.map((e) => e.event)).toEqual(["completed"]);
  });

  it("keeps a history the owner can open, edit, rename, export and delete; others get 404", async () => {
    const owner = await signedInUser(api.db);
    const stranger = await signedInUser(api.db);
    const response = await upload(api.base, "/api/transcribe", {
      file: jfk,
      fileName: "my talk (final).mp3",
      headers: owner.auth,
    });
    const { id } = (await response.json()) as Detail;

    const history = await answerOf(
      "listTranscriptions",
      await get("/api/transcriptions", owner.auth),
    );
    expect(history.map((h) => h.id)).toEqual([id]);
    expect(history[0]).toMatchObject({ fileName: "my talk (final).mp3", status: "completed" });
    expect(await (await get("/api/transcriptions", stranger.auth)).json()).toEqual([]);

    const edited = [
      {
        id: 1,
        startTime: "00:00:00,500",
        endTime: "00:00:03,000",
        text: "And so, my fellow Americans,",
      },
      {
        id: 2,
        startTime: "00:00:03,000",
        endTime: "00:00:07,250",
        text: "ask not what your country\ncan do for you",
      },
    ];
    const patch = await fetch(`${api.base}/api/transcriptions/${id}`, {
      method: "PATCH",
      headers: { ...owner.auth, "content-type": "application/json" },
      body: JSON.stringify({ subtitles: edited, fileName: "Inaugural address.mp3" }),
    });
    expect(patch.status).toBe(200);
    const saved = await answerOf("updateTranscription", patch);
    // The text and times as sent; word timings kept for words still said, estimated for the
    // rest, each inside its cue.
    expect(saved.subtitles.map(({ words: _words, ...cue }) => cue)).toEqual(edited);
    for (const [i, cue] of saved.subtitles.entries()) {
      const words = cue.words ?? [];
      expect(
        words
          .map((w) => w.text)
          .join("")
          .trim(),
      ).toBe(edited[i]!.text.replace(/\n/g, " "));
      const [start, end] = [cue.startTime, cue.endTime].map((time) => {
        const [h, m, rest] = time.split(":");
        return (Number(h) * 3600 + Number(m) * 60 + Number(rest!.replace(",", "."))) * 1000;
      });
      for (const word of words) {
        expect(word.startMs).toBeGreaterThanOrEqual(start!);
        expect(word.endMs).toBeLessThanOrEqual(end!);
      }
    }
    expect(saved.fileName).toBe("Inaugural address.mp3");

    const srt = await get(`/api/transcriptions/${id}/export?format=srt`, owner.auth);
    expect(srt.headers.get("content-disposition")).toBe(
      'attachment; filename="Inaugural address.srt"',
    );
    expect(await srt.text()).toBe(
      "1\n00:00:00,500 --> 00:00:03,000\nAnd so, my fellow Americans,\n\n" +
        "2\n00:00:03,000 --> 00:00:07,250\nask not what your country\ncan do for you\n",
    );
    const vtt = await (await get(`/api/transcriptions/${id}/export?format=vtt`, owner.auth)).text();
    expect(vtt).toMatch(/^WEBVTT\n\n/);
    expect(vtt).toContain("00:00:03.000 --> 00:00:07.250");
    const txt = await (await get(`/api/transcriptions/${id}/export?format=txt`, owner.auth)).text();
    expect(txt).toBe("And so, my fellow Americans,\n\nask not what your country\ncan do for you\n");
    const json = (await (
      await get(`/api/transcriptions/${id}/export?format=json`, owner.auth)
    ).json()) as { cues: { start: number; end: number }[] };
    expect(json.cues.map((c) => [c.start, c.end])).toEqual([
      [500, 3000],
      [3000, 7250],
    ]);
    expect((await get(`/api/transcriptions/${id}/export?format=odt`, owner.auth)).status).toBe(400);

    const badTime = await fetch(`${api.base}/api/transcriptions/${id}`, {
      method: "PATCH",
      headers: { ...owner.auth, "content-type": "application/json" },
      body: JSON.stringify({
        subtitles: [{ startTime: "soon", endTime: "00:00:01,000", text: "x" }],
      }),
    });
    expect(badTime.status).toBe(400);
    expect((await errorOf(badTime)).code).toBe("INVALID_SUBTITLE_TIME");

    for (const [method, path] of [
      ["GET", `/api/transcriptions/${id}`],
      ["PATCH", `/api/transcriptions/${id}`],
      ["DELETE", `/api/transcriptions/${id}`],
      ["GET", `/api/transcriptions/${id}/export?format=srt`],
      ["GET", `/api/transcriptions/${id}/events`],
      ["POST", `/api/transcriptions/${id}/cancel`],
    ] as const) {
      const answer = await fetch(`${api.base}${path}`, {
        method,
        headers: { ...stranger.auth, "content-type": "application/json" },
        body:
          method === "PATCH"
            ? JSON.stringify({ fileName: "mine now" })
            : method === "POST"
              ? "{}"
              : undefined,
      });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }

    const deleted = await fetch(`${api.base}/api/transcriptions/${id}`, {
      method: "DELETE",
      headers: owner.auth,
    });
    expect(deleted.status).toBe(204);
    expect((await get(`/api/transcriptions/${id}`, owner.auth)).status).toBe(404);
  });

  it("cancels a queued job and a running one, releasing their minutes and media", async () => {
    const user = await signedInUser(api.db);
    const send = async (file: Blob) => {
      const r = await upload(api.base, "/api/transcribe", {
        file,
        headers: { ...user.auth, prefer: "respond-async" },
      });
      expect(r.status).toBe(202);
      return ((await r.json()) as { id: string }).id;
    };
    const statusOf = async (id: string) =>
      (
        await api.db
          .selectFrom("transcriptions")
          .select("status")
          .where("id", "=", id)
          .executeTakeFirstOrThrow()
      ).status;
    // The first is long (44 s of speech), so it is still running when it is cancelled.
    const first = await send(longJfk);
    const second = await send(jfk);
    const third = await send(jfk);

    // The third waits behind the second (the first is running, one at a time).
    const [queuedEvent] = await readEvents(
      `${api.base}/api/transcriptions/${third}/events`,
      user.auth,
      () => true,
    );
    expect(queuedEvent?.event).toBe("queued");
    expect(queuedEvent?.data.position).toBeGreaterThanOrEqual(1);
    expect(await statusOf(third)).toBe("queued");

    const cancelThird = await api.post(`/api/transcriptions/${third}/cancel`, undefined, user.auth);
    expect(cancelThird.status).toBe(200);
    expect(await cancelThird.json()).toMatchObject({ status: "cancelled" });
    const cancelAgain = await api.post(`/api/transcriptions/${third}/cancel`, undefined, user.auth);
    expect(cancelAgain.status).toBe(409);

    // Cancel the first while it runs: it has started and is far from done.
    const started = await readEvents(
      `${api.base}/api/transcriptions/${first}/events`,
      user.auth,
      (e) => e.event === "processing",
    );
    expect(started.at(-1)?.event).toBe("processing");
    expect(await statusOf(first)).toBe("processing");
    const cancelFirst = await api.post(`/api/transcriptions/${first}/cancel`, undefined, user.auth);
    expect(cancelFirst.status).toBe(200);
    expect(await cancelFirst.json()).toMatchObject({ status: "cancelled" });
    const firstEvents = await readEvents(
      `${api.base}/api/transcriptions/${first}/events`,
      user.auth,
    );
    expect(firstEvents.at(-1)).toEqual({
      event: "failed",
      data: { code: "CANCELLED", message: "The transcription was cancelled." },
    });

    // The second still completes.
    const secondEvents = await readEvents(
      `${api.base}/api/transcriptions/${second}/events`,
      user.auth,
    );
    expect(secondEvents.at(-1)?.event).toBe("completed");
    expect(await statusOf(first)).toBe("cancelled");
    expect(await statusOf(third)).toBe("cancelled");

    // Only completed jobs cost minutes: the cancelled ones' reservations came back.
    const completed = await api.db
      .selectFrom("transcriptions")
      .select(["id", "duration_ms"])
      .where("user_id", "=", user.id)
      .where("status", "=", "completed")
      .execute();
    const spent = await api.db
      .selectFrom("minute_ledger")
      .select((eb) => eb.fn.sum<number | string>("seconds").as("total"))
      .where("user_id", "=", user.id)
      .where("kind", "!=", "grant")
      .executeTakeFirst();
    expect(completed.map((job) => job.id)).toEqual([second]);
    const expected = completed.reduce((s, j) => s + Math.ceil(j.duration_ms / 1000), 0);
    expect(expected).toBeGreaterThan(10);
    expect(-Number(spent?.total)).toBe(expected);
    await expect.poll(() => api.leftovers()).toEqual([]);
  });
});

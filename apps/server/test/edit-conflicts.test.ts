// Two tabs (or devices) editing the same subtitles: a save made from a version that is no longer
// the server's is refused with 409 EDIT_CONFLICT and the server's version, never silently
// overwriting what the other one saved; of two racing saves from one version, exactly one wins.
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "./support/auth-app.js";
import { finishedTranscription, numberedCues } from "./support/finished-transcription.js";
import { signedInUser, type TestUser } from "./support/transcription-app.js";
import type { RouteAnswer } from "@verbatim/contract/api";
import { answerOf, errorOf } from "./support/route-answers.js";
import { DATABASE_KINDS } from "./test-database.js";

type Detail = RouteAnswer<"getTranscription">;

describe.each(DATABASE_KINDS)("editing conflicts on %s", (kind) => {
  let api: TestApi;
  let user: TestUser;

  beforeAll(async () => {
    api = await startTestApi(kind);
    user = await signedInUser(api.db);
  });
  afterAll(async () => {
    await api?.close();
  });

  const open = async (id: string): Promise<Detail> => {
    const response = await fetch(`${api.base}/api/transcriptions/${id}`, { headers: user.auth });
    expect(response.status).toBe(200);
    return answerOf("getTranscription", response);
  };
  const save = (id: string, body: object) =>
    fetch(`${api.base}/api/transcriptions/${id}`, {
      method: "PATCH",
      headers: { ...user.auth, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const edited = (detail: Detail, text: string) =>
    detail.subtitles.map((s, i) => (i === 0 ? { ...s, text } : s));

  it("refuses a save from an outdated version, answering with the server's", async () => {
    const id = await finishedTranscription(api.db, user.id, numberedCues(3));
    const tabA = await open(id);
    const tabB = await open(id);
    expect(tabA.version).toBe(tabB.version);

    const first = await save(id, { subtitles: edited(tabA, "From A"), baseVersion: tabA.version });
    expect(first.status).toBe(200);
    const afterA = await answerOf("updateTranscription", first);
    expect(afterA.version).not.toBe(tabA.version);

    const second = await save(id, { subtitles: edited(tabB, "From B"), baseVersion: tabB.version });
    expect(second.status).toBe(409);
    const conflict = await errorOf(second);
    expect(conflict.code).toBe("EDIT_CONFLICT");
    const details = conflict.details as Pick<Detail, "version" | "subtitles">;
    expect(details.version).toBe(afterA.version);
    expect(details.subtitles[0]?.text).toBe("From A");
    expect((await open(id)).subtitles[0]?.text).toBe("From A");

    // Tab B chose to keep its own version: it saves from the version it was shown.
    const keep = await save(id, {
      subtitles: edited(tabB, "From B"),
      baseVersion: details.version,
    });
    expect(keep.status).toBe(200);
    expect((await open(id)).subtitles[0]?.text).toBe("From B");
  });

  it("lets exactly one of two racing saves from the same version through", async () => {
    const id = await finishedTranscription(api.db, user.id, numberedCues(3));
    const base = await open(id);
    const answers = await Promise.all(
      ["One", "Two", "Three", "Four"].map((text) =>
        save(id, { subtitles: edited(base, text), baseVersion: base.version }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    const winner = await answerOf(
      "updateTranscription",
      answers.find((answer) => answer.status === 200)!,
    );
    expect((await open(id)).subtitles[0]?.text).toBe(winner.subtitles[0]?.text);
  });

  it("still saves without a base version (older clients), and a rename never conflicts", async () => {
    const id = await finishedTranscription(api.db, user.id, numberedCues(2));
    const base = await open(id);
    expect((await save(id, { subtitles: edited(base, "No base") })).status).toBe(200);
    expect((await save(id, { fileName: "renamed.mp3", baseVersion: base.version })).status).toBe(
      200,
    );
  });

  it("gives word timings: moved with a cue, kept for unchanged words, estimated for new ones", async () => {
    const words = [
      { text: " Hello", start: 1000, end: 1400 },
      { text: " world", start: 1500, end: 2000 },
    ];
    const id = await finishedTranscription(api.db, user.id, [
      { start: 1000, end: 2000, text: "Hello world", words },
      {
        start: 3000,
        end: 4000,
        text: "Second",
        words: [{ text: " Second", start: 3000, end: 3900 }],
      },
    ]);
    const base = await open(id);
    expect(base.subtitles[0]).toMatchObject({
      words: [
        { text: " Hello", startMs: 1000, endMs: 1400 },
        { text: " world", startMs: 1500, endMs: 2000 },
      ],
    });
    // A cue inserted before, the first moved 0.5 s later, the second's text edited.
    const response = await save(id, {
      baseVersion: base.version,
      subtitles: [
        { startTime: "00:00:00,000", endTime: "00:00:00,800", text: "New" },
        { startTime: "00:00:01,500", endTime: "00:00:02,500", text: "Hello world" },
        { startTime: "00:00:03,000", endTime: "00:00:04,000", text: "Second, edited" },
      ],
    });
    expect(response.status).toBe(200);
    const after = await answerOf("updateTranscription", response);
    // New words get times estimated within their cue; an unchanged word keeps its own.
    expect(after.subtitles[0]?.words?.map((w) => w.startMs)).toEqual([0]);
    expect(after.subtitles[1]?.words?.map((w) => w.startMs)).toEqual([1500, 2000]);
    expect(after.subtitles[2]?.words?.map((w) => w.startMs)).toEqual([3000, 3900]);
  });

  it("an edited text cannot forge cues in the SRT download (read back by ffmpeg)", async () => {
    const id = await finishedTranscription(api.db, user.id, numberedCues(1));
    const base = await open(id);
    const forged = "Hello\n\n2\n00:00:00,000 --> 00:00:01,000\ninjected";
    expect(
      (await save(id, { subtitles: edited(base, forged), baseVersion: base.version })).status,
    ).toBe(200);
    const srt = await (
      await fetch(`${api.base}/api/transcriptions/${id}/export?format=srt`, { headers: user.auth })
    ).text();
    const vtt = execFileSync(
      "ffmpeg",
      ["-v", "error", "-f", "srt", "-i", "-", "-f", "webvtt", "-"],
      {
        input: srt,
      },
    ).toString();
    expect(vtt.match(/-->/g)).toHaveLength(1);
  });

  it("refuses a subtitle moved past the end of the media", async () => {
    const id = await finishedTranscription(api.db, user.id, numberedCues(2)); // media: 6 s
    const base = await open(id);
    const late = base.subtitles.map((s, i) =>
      i === 1 ? { ...s, startTime: "00:16:40,000", endTime: "00:16:42,000" } : s,
    );
    const response = await save(id, { subtitles: late, baseVersion: base.version });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe("SUBTITLE_AFTER_MEDIA");
    expect((await open(id)).subtitles[1]?.startTime).toBe("00:00:04,000");
  });
});

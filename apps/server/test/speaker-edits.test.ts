// A diarized transcription through the API: speakers in the detail and history, renaming a
// speaker and changing a subtitle's speaker (PATCH), unknown speakers refused, and every
// export format carrying the names. The transcription is stored as the engine leaves one, so
// these tests need no diarization models (the engine's path has its own test).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "./support/auth-app.js";
import { finishedTranscription } from "./support/finished-transcription.js";
import { signedInUser, type TestUser } from "./support/transcription-app.js";
import { DATABASE_KINDS } from "./test-database.js";

interface Detail {
  version: string;
  speakers: { id: string; name: string | null }[] | null;
  subtitles: { id: number; startTime: string; endTime: string; text: string; speaker?: string }[];
}

const cues = [
  {
    start: 0,
    end: 1500,
    text: "Good morning.",
    speaker: "S1",
    words: [
      { text: " Good", start: 0, end: 600, speaker: "S1" },
      { text: " morning.", start: 600, end: 1500, speaker: "S1" },
    ],
  },
  { start: 1500, end: 3000, text: "How are you?", speaker: "S1" },
  { start: 3200, end: 4500, text: "Fine, thanks.", speaker: "S2" },
];
const speakers = [
  { id: "S1", name: null, speechMs: 3000 },
  { id: "S2", name: null, speechMs: 1300 },
];

describe.each(DATABASE_KINDS)("speakers of a transcription on %s", (kind) => {
  let api: TestApi;
  let user: TestUser;

  beforeAll(async () => {
    api = await startTestApi(kind);
    user = await signedInUser(api.db);
  });
  afterAll(async () => {
    await api?.close();
  });

  const get = (path: string) => fetch(`${api.base}${path}`, { headers: user.auth });
  const open = async (id: string): Promise<Detail> => {
    const response = await get(`/api/transcriptions/${id}`);
    expect(response.status).toBe(200);
    return (await response.json()) as Detail;
  };
  const save = (id: string, body: object) =>
    fetch(`${api.base}/api/transcriptions/${id}`, {
      method: "PATCH",
      headers: { ...user.auth, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const exported = async (id: string, query: string) => {
    const response = await get(`/api/transcriptions/${id}/export?${query}`);
    expect(response.status).toBe(200);
    return response.text();
  };

  it("shows the speakers in the detail, on subtitles and as a count in history", async () => {
    const id = await finishedTranscription(api.db, user.id, cues, "talk.mp3", speakers);
    const detail = await open(id);
    expect(detail.speakers).toEqual([
      { id: "S1", name: null },
      { id: "S2", name: null },
    ]);
    expect(detail.subtitles.map((s) => s.speaker)).toEqual(["S1", "S1", "S2"]);
    const plain = await finishedTranscription(
      api.db,
      user.id,
      cues.slice(2).map(({ speaker: _s, ...c }) => c),
    );
    expect((await open(plain)).speakers).toBeNull();

    const history = (await (await get("/api/transcriptions")).json()) as {
      id: string;
      speakerCount: number | null;
    }[];
    expect(history.find((row) => row.id === id)?.speakerCount).toBe(2);
    expect(history.find((row) => row.id === plain)?.speakerCount).toBeNull();
  });

  it("exports unnamed speakers as Speaker N, or 講者 N in Chinese, in every format", async () => {
    const id = await finishedTranscription(api.db, user.id, cues, "talk.mp3", speakers);
    expect(await exported(id, "format=srt")).toBe(
      "1\n00:00:00,000 --> 00:00:01,500\nSpeaker 1: Good morning.\n\n" +
        "2\n00:00:01,500 --> 00:00:03,000\nSpeaker 1: How are you?\n\n" +
        "3\n00:00:03,200 --> 00:00:04,500\nSpeaker 2: Fine, thanks.\n",
    );
    expect(await exported(id, "format=vtt")).toContain(
      "00:00:03.200 --> 00:00:04.500\n<v Speaker 2>Fine, thanks.",
    );
    expect(await exported(id, "format=txt")).toBe(
      "Speaker 1:\nGood morning. How are you?\n\nSpeaker 2:\nFine, thanks.\n",
    );
    expect(await exported(id, "format=txt&lang=zh-HK")).toBe(
      "講者 1:\nGood morning. How are you?\n\n講者 2:\nFine, thanks.\n",
    );
    expect(await exported(id, "format=srt&speakerNames=false")).not.toContain("Speaker");
    const json = JSON.parse(await exported(id, "format=json")) as {
      speakers: { id: string; name: string | null; label: string }[];
      cues: { speaker?: string; words?: { speaker?: string }[] }[];
    };
    expect(json.speakers).toEqual([
      { id: "S1", name: null, label: "Speaker 1" },
      { id: "S2", name: null, label: "Speaker 2" },
    ]);
    expect(json.cues.map((cue) => cue.speaker)).toEqual(["S1", "S1", "S2"]);
    expect(json.cues[0]?.words?.map((word) => word.speaker)).toEqual(["S1", "S1"]);
  });

  it("renames a speaker and moves a subtitle to another, and every export follows", async () => {
    const id = await finishedTranscription(api.db, user.id, cues, "talk.mp3", speakers);
    const before = await open(id);
    const response = await save(id, {
      baseVersion: before.version,
      speakers: [
        { id: "S1", name: "Ann Lee" },
        { id: "S2", name: "Bo <Chan> & co" },
      ],
      subtitles: before.subtitles.map((s, i) => (i === 1 ? { ...s, speaker: "S2" } : s)),
    });
    expect(response.status).toBe(200);
    const after = (await response.json()) as Detail;
    expect(after.speakers).toEqual([
      { id: "S1", name: "Ann Lee" },
      { id: "S2", name: "Bo <Chan> & co" },
    ]);
    expect(after.subtitles.map((s) => s.speaker)).toEqual(["S1", "S2", "S2"]);
    expect(after.version).not.toBe(before.version);

    expect(await exported(id, "format=srt")).toContain("Ann Lee: Good morning.");
    // SubRip has no escape and players read `<…>` as formatting: the name's brackets are
    // written as look-alikes (docs/formats.md).
    expect(await exported(id, "format=srt")).toContain("Bo ‹Chan› & co: How are you?");
    expect(await exported(id, "format=vtt")).toContain("<v Bo &lt;Chan&gt; &amp; co>How are you?");
    expect(await exported(id, "format=txt")).toBe(
      "Ann Lee:\nGood morning.\n\nBo <Chan> & co:\nHow are you? Fine, thanks.\n",
    );
    const json = JSON.parse(await exported(id, "format=json")) as {
      speakers: { id: string; name: string | null; label: string }[];
    };
    expect(json.speakers.map((s) => s.label)).toEqual(["Ann Lee", "Bo <Chan> & co"]);

    // A rename alone (no subtitles) is a save too: an editor holding the old version conflicts.
    const renamed = await save(id, {
      speakers: [
        { id: "S1", name: "Ann" },
        { id: "S2", name: null },
      ],
    });
    expect(renamed.status).toBe(200);
    expect(await exported(id, "format=srt")).toContain("Ann: Good morning.");
    const stale = await save(id, { baseVersion: after.version, speakers: after.speakers });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { code: string }).code).toBe("EDIT_CONFLICT");
  });

  it("refuses a subtitle whose speaker is not listed, and a list that drops a used speaker", async () => {
    const id = await finishedTranscription(api.db, user.id, cues, "talk.mp3", speakers);
    const before = await open(id);
    const unknown = await save(id, {
      subtitles: before.subtitles.map((s, i) => (i === 0 ? { ...s, speaker: "S9" } : s)),
    });
    expect(unknown.status).toBe(400);
    const body = (await unknown.json()) as { code: string; details: { speaker: string } };
    expect(body.code).toBe("UNKNOWN_SPEAKER");
    expect(body.details.speaker).toBe("S9");

    const dropped = await save(id, { speakers: [{ id: "S1", name: "Ann" }] });
    expect(dropped.status).toBe(400);
    expect(((await dropped.json()) as { code: string }).code).toBe("UNKNOWN_SPEAKER");

    const badId = await save(id, { speakers: [{ id: "../x", name: "Ann" }] });
    expect(badId.status).toBe(400);
    const twoLines = await save(id, {
      speakers: [
        { id: "S1", name: "Ann\nLee" },
        { id: "S2", name: null },
      ],
    });
    expect(twoLines.status).toBe(400);
    // Nothing changed.
    expect((await open(id)).version).toBe(before.version);
  });
});

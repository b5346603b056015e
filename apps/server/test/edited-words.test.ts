// Editing subtitles keeps what the JSON export knows about their words: an edited cue keeps the
// timings of its unchanged words and gets estimated ones for the rest; empty cues are left out
// of every download (the editor warns about them first).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { editedWords } from "../src/transcriptions/edited-words.js";
import { startTestApi, type TestApi } from "./support/auth-app.js";
import { finishedTranscription, type StoredCue } from "./support/finished-transcription.js";
import { signedInUser, type TestUser } from "./support/transcription-app.js";
import { DATABASE_KINDS } from "./test-database.js";

const spoken: StoredCue[] = [
  {
    start: 1000,
    end: 3000,
    text: "The quick brown fox",
    words: [
      { text: " The", start: 1000, end: 1300 },
      { text: " quick", start: 1300, end: 1800 },
      { text: " brown", start: 1900, end: 2400 },
      { text: " fox", start: 2500, end: 3000 },
    ],
  },
  {
    start: 4000,
    end: 5000,
    text: "jumps",
    words: [{ text: " jumps", start: 4000, end: 5000 }],
  },
];
const stored = spoken.map((cue, i) => ({ index: i + 1, ...cue }));

describe("editedWords", () => {
  it("keeps unchanged words and spreads new ones by characters over the time between", () => {
    const words = editedWords(stored, "The quick red fox", 1000, 3000)!;
    expect(words).toEqual([
      { text: " The", start: 1000, end: 1300 },
      { text: " quick", start: 1300, end: 1800 },
      { text: " red", start: 1800, end: 2500 },
      { text: " fox", start: 2500, end: 3000 },
    ]);
  });

  it("estimates a run of new words in proportion to their length", () => {
    const words = editedWords(stored, "The quick brown fox runs far away", 1000, 4000)!;
    expect(words.slice(0, 4).map((w) => w.start)).toEqual([1000, 1300, 1900, 2500]);
    // "runs" (4), "far" (3), "away" (4) over 3000..4000 ms: 11 characters.
    expect(words.slice(4)).toEqual([
      { text: " runs", start: 3000, end: 3364 },
      { text: " far", start: 3364, end: 3636 },
      { text: " away", start: 3636, end: 4000 },
    ]);
  });

  it("estimates words that no longer lie within the cue, and moves a cue's words with it", () => {
    const shorter = editedWords(stored, "The quick brown fox", 1000, 2000)!;
    expect(shorter.every((w) => w.start >= 1000 && w.end <= 2000)).toBe(true);
    expect(shorter.map((w) => w.text)).toEqual([" The", " quick", " brown", " fox"]);
    const moved = editedWords(stored, "jumps", 6000, 7000);
    expect(moved).toEqual([{ text: " jumps", start: 6000, end: 7000 }]);
  });

  it("gives none where the transcription never had word timings", () => {
    const plain = stored.map(({ words: _words, ...cue }) => cue);
    expect(editedWords(plain, "The quick red fox", 1000, 3000)).toBeUndefined();
  });
});

describe.each(DATABASE_KINDS)("editing and exporting on %s", (kind) => {
  let api: TestApi;
  let user: TestUser;

  beforeAll(async () => {
    api = await startTestApi(kind);
    user = await signedInUser(api.db);
  });
  afterAll(async () => {
    await api?.close();
  });

  const save = (id: string, subtitles: object[]) =>
    fetch(`${api.base}/api/transcriptions/${id}`, {
      method: "PATCH",
      headers: { ...user.auth, "content-type": "application/json" },
      body: JSON.stringify({ subtitles }),
    });
  const exported = async (id: string, format: string) => {
    const response = await fetch(`${api.base}/api/transcriptions/${id}/export?format=${format}`, {
      headers: user.auth,
    });
    expect(response.status).toBe(200);
    return response.text();
  };

  it("keeps the word timings of an edited cue in the JSON export", async () => {
    const id = await finishedTranscription(api.db, user.id, spoken);
    const answer = await save(id, [
      { id: 1, startTime: "00:00:01,000", endTime: "00:00:03,000", text: "The quick red fox" },
      { id: 2, startTime: "00:00:04,000", endTime: "00:00:05,000", text: "jumps" },
    ]);
    expect(answer.status).toBe(200);
    const json = JSON.parse(await exported(id, "json")) as {
      cues: Array<{ text: string; words?: Array<{ text: string; start: number; end: number }> }>;
    };
    expect(json.cues[0]?.words?.map((w) => [w.text, w.start, w.end])).toEqual([
      [" The", 1000, 1300],
      [" quick", 1300, 1800],
      [" red", 1800, 2500],
      [" fox", 2500, 3000],
    ]);
    expect(json.cues[1]?.words).toEqual([{ text: " jumps", start: 4000, end: 5000 }]);
  });

  it("leaves empty cues out of every download", async () => {
    const id = await finishedTranscription(api.db, user.id, spoken);
    const answer = await save(id, [
      { id: 1, startTime: "00:00:01,000", endTime: "00:00:03,000", text: "The quick brown fox" },
      { id: 2, startTime: "00:00:03,100", endTime: "00:00:03,900", text: " " },
      { id: 3, startTime: "00:00:04,000", endTime: "00:00:05,000", text: "jumps" },
    ]);
    expect(answer.status).toBe(200);
    expect(await exported(id, "srt")).toBe(
      "1\n00:00:01,000 --> 00:00:03,000\nThe quick brown fox\n\n2\n00:00:04,000 --> 00:00:05,000\njumps\n",
    );
    expect(await exported(id, "vtt")).not.toContain("00:00:03.100");
    expect(await exported(id, "txt")).toBe("The quick brown fox\n\njumps\n");
    const json = JSON.parse(await exported(id, "json")) as { cues: Array<{ index: number }> };
    expect(json.cues.map((cue) => cue.index)).toEqual([1, 2]);
  });
});

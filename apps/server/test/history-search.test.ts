import { jobOptions } from "@verbatim/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTranscription, transition } from "../src/jobs/lifecycle/transition.js";
import { searchText } from "../src/jobs/job-row.js";
import { startTestApi, type TestApi } from "./support/auth-app.js";
import { signedInUser, type TestUser } from "./support/transcription-app.js";
import { answerOf } from "./support/route-answers.js";
import { DATABASE_KINDS } from "./test-database.js";

describe.each(DATABASE_KINDS)("history search and pages on %s", (kind) => {
  let api: TestApi;
  let user: TestUser;
  let clock = Date.parse("2026-11-01T00:00:00Z");

  /** A finished transcription as a worker leaves one. */
  async function finished(userId: string, fileName: string, texts: string[]): Promise<string> {
    const id = crypto.randomUUID();
    clock += 60_000;
    const at = new Date(clock);
    await insertTranscription(
      api.db,
      {
        id,
        userId,
        fileName,
        model: "whisper-1",
        engineModel: "tiny",
        options: jobOptions({ language: "auto", wordTimestamps: false }),
        mediaPath: "",
        mediaBytes: 1,
        durationMs: 1000,
      },
      at,
    );
    const cues = texts.map((text, i) => ({
      index: i + 1,
      start: i * 1000,
      end: i * 1000 + 900,
      text,
    }));
    await transition(
      api.db,
      id,
      ["queued"],
      {
        status: "completed",
        cues_json: JSON.stringify(cues),
        search_text: searchText(fileName, cues),
        media_path: null,
      },
      at,
    );
    return id;
  }

  const list = async (query: string, who: TestUser = user) => {
    const response = await fetch(`${api.base}/api/transcriptions?${query}`, { headers: who.auth });
    expect(response.status).toBe(200);
    return (await answerOf("listTranscriptions", response)).map((item) => item.fileName);
  };

  beforeAll(async () => {
    api = await startTestApi(kind);
    user = await signedInUser(api.db);
    await finished(user.id, "Board meeting.mp3", ["Budget for next year", "Any other business"]);
    await finished(user.id, "會議 錄音 #1.mp3", ["我們今天討論預算", "多謝大家"]);
    await finished(user.id, "100% sure.mp3", ["Completely certain"]);
    await finished(user.id, "interview.mp4", ["The start of the story"]);
    const other = await signedInUser(api.db);
    await finished(other.id, "someone else's budget.mp3", ["Budget"]);
  });
  afterAll(async () => {
    await api?.close();
  });

  it("finds by name or text, in any case, only the user's own", async () => {
    expect(await list("q=BOARD")).toEqual(["Board meeting.mp3"]);
    expect(await list("q=budget")).toEqual(["Board meeting.mp3"]);
    expect(await list(`q=${encodeURIComponent("預算")}`)).toEqual(["會議 錄音 #1.mp3"]);
    expect(await list(`q=${encodeURIComponent("錄音")}`)).toEqual(["會議 錄音 #1.mp3"]);
  });

  it("takes the search literally: no wildcards, no matches in how text is stored", async () => {
    expect(await list(`q=${encodeURIComponent("100%")}`)).toEqual(["100% sure.mp3"]);
    expect(await list(`q=${encodeURIComponent("%")}`)).toEqual(["100% sure.mp3"]);
    expect(await list("q=_")).toEqual([]);
    // "start" and "text" are words of the stored cues' format, not of these transcriptions.
    expect(await list("q=start")).toEqual(["interview.mp4"]);
    expect(await list("q=text")).toEqual([]);
  });

  it("pages newest first: the next page starts after the last row's time", async () => {
    const first = await list("limit=2");
    expect(first).toEqual(["interview.mp4", "100% sure.mp3"]);
    const response = await fetch(`${api.base}/api/transcriptions?limit=2`, { headers: user.auth });
    const rows = await answerOf("listTranscriptions", response);
    const next = await list(`limit=2&before=${encodeURIComponent(rows.at(-1)?.createdAt ?? "")}`);
    expect(next).toEqual(["會議 錄音 #1.mp3", "Board meeting.mp3"]);
  });

  it("finds a renamed transcription by its new name and edited text", async () => {
    const id = await finished(user.id, "draft.mp3", ["old words"]);
    const response = await fetch(`${api.base}/api/transcriptions/${id}`, {
      method: "PATCH",
      headers: { ...user.auth, "content-type": "application/json" },
      body: JSON.stringify({
        fileName: "Keynote final.mp3",
        subtitles: [
          { id: 1, startTime: "00:00:00,000", endTime: "00:00:00,900", text: "new words" },
        ],
      }),
    });
    expect(response.status).toBe(200);
    expect(await list("q=keynote")).toEqual(["Keynote final.mp3"]);
    expect(await list("q=new%20words")).toEqual(["Keynote final.mp3"]);
    expect(await list("q=old%20words")).toEqual([]);
  });
});

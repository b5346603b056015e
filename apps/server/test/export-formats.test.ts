// The export route's new formats over HTTP, on both databases: binary documents come back as
// bytes with their media type and file name, timecoded formats take the uploaded video's
// frame rate unless `fps` says otherwise, a format that cannot hold the text answers 422, and
// the query is validated. What each format holds is tested in packages/formats.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "./support/auth-app.js";
import { finishedTranscription } from "./support/finished-transcription.js";
import { signedInUser, type TestUser } from "./support/transcription-app.js";
import { DATABASE_KINDS } from "./test-database.js";

const english = [
  { start: 500, end: 2000, text: "Good morning.", speaker: "S1" },
  { start: 2200, end: 4000, text: "Morning, café time?", speaker: "S2" },
];
const chinese = [
  { start: 0, end: 2000, text: "大家好。", speaker: "S1" },
  { start: 2200, end: 4000, text: "你好。", speaker: "S2" },
];
const speakers = [
  { id: "S1", name: "Ann", speechMs: 1500 },
  { id: "S2", name: null, speechMs: 1800 },
];

describe.each(DATABASE_KINDS)("export formats on %s", (kind) => {
  let api: TestApi;
  let user: TestUser;
  let englishId: string;
  let chineseId: string;

  beforeAll(async () => {
    api = await startTestApi(kind);
    user = await signedInUser(api.db);
    englishId = await finishedTranscription(api.db, user.id, english, "talk.mp4", speakers);
    chineseId = await finishedTranscription(api.db, user.id, chinese, "訪問.mp4", speakers);
    // As an upload of 29.97 fps video stores it.
    await api.db
      .updateTable("transcriptions")
      .set({ video_frame_rate: "29.97" })
      .where("id", "=", englishId)
      .execute();
  });
  afterAll(async () => {
    await api?.close();
  });

  const exported = (id: string, query: string) =>
    fetch(`${api.base}/api/transcriptions/${id}/export?${query}`, { headers: user.auth });

  it("sends DOCX, PDF and XLSX as bytes with their media types and names", async () => {
    const docx = await exported(englishId, "format=docx");
    expect(docx.status).toBe(200);
    expect(docx.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
    expect(docx.headers.get("content-disposition")).toBe("attachment; filename=talk.docx");
    expect(
      Buffer.from(await docx.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe("PK");
    const pdf = await exported(chineseId, "format=pdf");
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const xlsx = await exported(chineseId, "format=xlsx");
    expect(
      Buffer.from(await xlsx.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe("PK");
  });

  it("times EBU-STL at the video's frame rate, or at the one asked for", async () => {
    const stl = Buffer.from(await (await exported(englishId, "format=stl")).arrayBuffer());
    expect(stl.toString("latin1", 3, 11)).toBe("STL30.01");
    expect([...stl.subarray(1024 + 5, 1024 + 9)]).toEqual([0, 0, 0, 15]); // 500 ms at 29.97
    const asked = Buffer.from(await (await exported(englishId, "format=stl&fps=25")).arrayBuffer());
    expect(asked.toString("latin1", 3, 11)).toBe("STL25.01");
    // No video: 25 fps, and drop-frame only where the video was 29.97.
    const edl = await (await exported(chineseId, "format=edl")).text();
    expect(edl).toContain("FCM: NON-DROP FRAME");
    expect(await (await exported(englishId, "format=edl")).text()).toContain("FCM: DROP FRAME");
  });

  it("times IMSC in frames of the video's rate; audio made with the standard preset in clock times", async () => {
    const framed = await (await exported(englishId, "format=ttml")).text();
    expect(framed).toContain('ttp:frameRate="30"');
    expect(framed).toContain('ttp:frameRateMultiplier="1000 1001"');
    expect(framed).toMatch(/<p begin="\d+f" end="\d+f"/u);
    expect(await (await exported(englishId, "format=ttml&fps=25")).text()).toContain(
      'ttp:frameRate="25"',
    );
    const clock = await (await exported(chineseId, "format=ttml")).text();
    expect(clock).not.toContain("ttp:frameRate");
    expect(clock).toMatch(/<p begin="\d\d:\d\d:\d\d\.\d{3}"/u);
  });

  it("fills EBU-STL's GSI block with what the broadcaster gives, and refuses a bad country", async () => {
    const query = new URLSearchParams({
      format: "stl",
      stlProgramme: "Evening News",
      stlEpisode: "Episode 12",
      stlPublisher: "Harbour TV",
      stlEditor: "Mei Chan",
      stlContact: "mei@example.com",
      stlCountry: "hkg",
      stlRevision: "3",
    });
    const stl = Buffer.from(await (await exported(englishId, query.toString())).arrayBuffer());
    const field = (offset: number, length: number) =>
      stl.toString("latin1", offset, offset + length).trimEnd();
    expect(field(16, 32)).toBe("Evening News"); // OPT
    expect(field(48, 32)).toBe("Episode 12"); // OET
    expect(field(236, 2)).toBe("03"); // RN
    expect(field(274, 3)).toBe("HKG"); // CO
    expect(field(277, 32)).toBe("Harbour TV"); // PUB
    expect(field(309, 32)).toBe("Mei Chan"); // EN
    expect(field(341, 32)).toBe("mei@example.com"); // ECD
    const plain = Buffer.from(await (await exported(englishId, "format=stl")).arrayBuffer());
    expect(plain.toString("latin1", 16, 48).trimEnd()).toBe("talk.mp4");
    expect(plain.toString("latin1", 274, 309).trim()).toBe("");
    expect((await exported(englishId, "format=stl&stlCountry=Hong%20Kong")).status).toBe(400);
    expect((await exported(englishId, "format=stl&stlRevision=100")).status).toBe(400);
  });

  it("answers 422 when EBU-STL cannot hold Chinese text", async () => {
    const response = await exported(chineseId, "format=stl");
    expect(response.status).toBe(422);
    expect(((await response.json()) as { code: string }).code).toBe("EXPORT_TEXT_UNSUPPORTED");
  });

  it("names Avid markers .avid.txt and writes ASS karaoke only when asked", async () => {
    const avid = await exported(englishId, "format=avid");
    expect(avid.headers.get("content-disposition")).toBe("attachment; filename=talk.avid.txt");
    expect(await avid.text()).toContain("01:00:00;15\tV1\tred\tAnn: Good morning.");
    const ass = await (await exported(englishId, "format=ass")).text();
    expect(ass).toContain("Dialogue: 0,0:00:00.50,0:00:02.00,Ann,Ann,0,0,0,,Good morning.");
  });

  it("names Premiere Pro markers .premiere.xml, at the video's frame rate", async () => {
    const premiere = await exported(englishId, "format=premiere");
    expect(premiere.status).toBe(200);
    expect(premiere.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(premiere.headers.get("content-disposition")).toBe(
      "attachment; filename=talk.premiere.xml",
    );
    const xml = await premiere.text();
    expect(xml).toContain("<timebase>30</timebase>");
    expect(xml).toContain("<ntsc>TRUE</ntsc>");
    expect(xml).toContain("<displayformat>DF</displayformat>");
    expect(xml).toContain("<in>15</in>"); // 500 ms at 29.97
  });

  it("names the media file in ELAN, not the title it was renamed to", async () => {
    const id = await finishedTranscription(api.db, user.id, english, "interview.mp4", speakers);
    const renamed = await fetch(`${api.base}/api/transcriptions/${id}`, {
      method: "PATCH",
      headers: { ...user.auth, "content-type": "application/json" },
      body: JSON.stringify({ fileName: "Board meeting.txt" }),
    });
    expect(renamed.status).toBe(200);
    const eaf = await (await exported(id, "format=eaf")).text();
    expect(eaf).toContain('MEDIA_URL="file:///interview.mp4"');
    expect(eaf).toContain('MIME_TYPE="video/mp4"');
    expect(eaf).not.toContain("Board");
  });

  it("keeps a subtitle's styles and place through a save, a read and the exports", async () => {
    const id = await finishedTranscription(api.db, user.id, english, "styled.mp4");
    const body = {
      subtitles: [
        {
          startTime: "00:00:00,500",
          endTime: "00:00:02,000",
          text: "<i>Good</i> morning. &lt;b>",
          position: "top",
          align: "left",
        },
        { startTime: "00:00:02,200", endTime: "00:00:04,000", text: "Morning, café time?" },
      ],
    };
    const saved = await fetch(`${api.base}/api/transcriptions/${id}`, {
      method: "PATCH",
      headers: { ...user.auth, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(saved.status).toBe(200);
    const detail = (await (
      await fetch(`${api.base}/api/transcriptions/${id}`, { headers: user.auth })
    ).json()) as { subtitles: Record<string, unknown>[]; text: string };
    expect(detail.subtitles[0]).toMatchObject({
      text: "<i>Good</i> morning. &lt;b>",
      position: "top",
      align: "left",
    });
    expect(detail.subtitles[1]).not.toHaveProperty("position");
    expect(detail.text).toContain("Good morning. <b>");
    const srt = await (await exported(id, "format=srt")).text();
    expect(srt).toContain("{\\an7}<i>Good</i> morning. <\u2060b>");
    const txt = await (await exported(id, "format=txt")).text();
    expect(txt).toContain("Good morning. <b>");
    const wrong = await fetch(`${api.base}/api/transcriptions/${id}`, {
      method: "PATCH",
      headers: { ...user.auth, "content-type": "application/json" },
      body: JSON.stringify({ subtitles: [{ ...body.subtitles[0], position: "middle" }] }),
    });
    expect(wrong.status).toBe(400);
  });

  it("refuses an unknown format or frame rate", async () => {
    expect((await exported(englishId, "format=scc")).status).toBe(400);
    expect((await exported(englishId, "format=stl&fps=60")).status).toBe(400);
  });
});

import { jobOptions } from "@verbatim/contract";
import { EXPORT_FORMATS, MAX_EXPORT_IDS } from "@verbatim/contract";
import { exportExtension } from "@verbatim/formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromBuffer, type Entry, type ZipFile } from "yauzl";
import { finishedTranscription, numberedCues } from "./support/finished-transcription.js";
import { insertTranscription } from "../src/jobs/lifecycle/transition.js";
import { signedInUser, type TestUser } from "./support/transcription-app.js";
import { startTestApi, type TestApi } from "./support/auth-app.js";
import { DATABASE_KINDS } from "./test-database.js";

// POST /api/exports: the caller's own completed transcriptions in chosen formats, as one ZIP.

/** One file of a ZIP: its name, the raw UTF-8 flag (general purpose bit 11) and its text. */
interface UnzippedFile {
  name: string;
  utf8Flag: boolean;
  text: string;
  bytes: Buffer;
}

/** Reads every file of a ZIP (yauzl checks the central directory and each CRC). */
function unzip(bytes: Buffer): Promise<UnzippedFile[]> {
  return new Promise((resolve, reject) => {
    fromBuffer(bytes, { lazyEntries: true }, (error, zip: ZipFile) => {
      if (error) return reject(error);
      const files: UnzippedFile[] = [];
      zip.on("entry", (entry: Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("error", reject);
          stream.on("end", () => {
            files.push({
              name: entry.fileName,
              utf8Flag: (entry.generalPurposeBitFlag & 0x800) !== 0,
              text: Buffer.concat(chunks).toString("utf8"),
              bytes: Buffer.concat(chunks),
            });
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve(files));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

describe.each(DATABASE_KINDS)("ZIP of many transcriptions on %s", (kind) => {
  let api: TestApi;
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    api = await startTestApi(kind);
    owner = await signedInUser(api.db);
    other = await signedInUser(api.db);
  });
  afterAll(async () => {
    await api?.close();
  });

  const exportZip = (user: TestUser, body: unknown) =>
    fetch(`${api.base}/api/exports`, {
      method: "POST",
      headers: { ...user.auth, "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  it("holds each transcription in each format, named after its file (CJK too, UTF-8 flagged)", async () => {
    const talk = await finishedTranscription(api.db, owner.id, numberedCues(2), "talk.mp3");
    const meeting = await finishedTranscription(
      api.db,
      owner.id,
      numberedCues(3),
      "會議 錄音 #1.m4a",
    );
    // The same upload name twice: the second gets " (2)", not an overwrite.
    const talkAgain = await finishedTranscription(api.db, owner.id, numberedCues(1), "Talk.wav");
    const response = await exportZip(owner, {
      ids: [talk, meeting, talkAgain],
      formats: ["srt", "txt"],
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename=verbatim-\d{4}-\d{2}-\d{2}\.zip$/,
    );
    const files = await unzip(Buffer.from(await response.arrayBuffer()));
    expect(files.map((file) => file.name)).toEqual([
      "talk.srt",
      "talk.txt",
      "會議 錄音 #1.srt",
      "會議 錄音 #1.txt",
      "Talk (2).srt",
      "Talk (2).txt",
    ]);
    expect(files.every((file) => file.utf8Flag)).toBe(true);
    // The same text the single export gives, format by format.
    for (const [id, name] of [
      [meeting, "會議 錄音 #1"],
      [talk, "talk"],
    ] as const) {
      for (const format of ["srt", "txt"] as const) {
        const single = await fetch(`${api.base}/api/transcriptions/${id}/export?format=${format}`, {
          headers: owner.auth,
        });
        expect(files.find((file) => file.name === `${name}.${format}`)?.text).toBe(
          await single.text(),
        );
      }
    }
    expect(files.find((file) => file.name === "會議 錄音 #1.srt")?.text).toContain("Line 3");
  });

  it("holds the binary formats as bytes (a DOCX is itself a ZIP)", async () => {
    const id = await finishedTranscription(api.db, owner.id, numberedCues(2), "notes.mp3");
    const response = await exportZip(owner, { ids: [id], formats: ["docx", "csv"] });
    expect(response.status).toBe(200);
    const files = await unzip(Buffer.from(await response.arrayBuffer()));
    expect(files.map((file) => file.name)).toEqual(["notes.docx", "notes.csv"]);
    const docx = files[0]!.bytes;
    expect(docx.subarray(0, 2).toString("latin1")).toBe("PK");
    const single = await fetch(`${api.base}/api/transcriptions/${id}/export?format=csv`, {
      headers: owner.auth,
    });
    // Byte for byte (the CSV starts with a BOM, which text() would drop).
    expect(files[1]!.bytes.equals(Buffer.from(await single.arrayBuffer()))).toBe(true);
  });

  it("writes the EBU-STL GSI fields asked for into every STL file, as the single export does", async () => {
    const news = await finishedTranscription(api.db, owner.id, numberedCues(2), "news.mp4");
    const late = await finishedTranscription(api.db, owner.id, numberedCues(1), "late.mp4");
    const gsi = {
      stlProgramme: "Evening News",
      stlEpisode: "Episode 12",
      stlPublisher: "Harbour TV",
      stlEditor: "Mei Chan",
      stlContact: "mei@example.com",
      stlCountry: "hkg",
      stlRevision: 3,
    };
    const response = await exportZip(owner, { ids: [news, late], formats: ["stl"], ...gsi });
    expect(response.status).toBe(200);
    const files = await unzip(Buffer.from(await response.arrayBuffer()));
    expect(files.map((file) => file.name)).toEqual(["news.stl", "late.stl"]);
    for (const { bytes } of files) {
      const field = (offset: number, length: number) =>
        bytes.toString("latin1", offset, offset + length).trimEnd();
      expect(field(16, 32)).toBe("Evening News");
      expect(field(48, 32)).toBe("Episode 12");
      expect(field(236, 2)).toBe("03");
      expect(field(274, 3)).toBe("HKG");
      expect(field(277, 32)).toBe("Harbour TV");
      expect(field(309, 32)).toBe("Mei Chan");
      expect(field(341, 32)).toBe("mei@example.com");
    }
    // Byte for byte what the single export writes with the same fields but its dates.
    const query = new URLSearchParams({ format: "stl", ...gsi, stlRevision: "3" });
    const single = Buffer.from(
      await (
        await fetch(`${api.base}/api/transcriptions/${news}/export?${query}`, {
          headers: owner.auth,
        })
      ).arrayBuffer(),
    );
    expect(single.subarray(0, 224).equals(files[0]!.bytes.subarray(0, 224))).toBe(true);
    expect(single.subarray(236).equals(files[0]!.bytes.subarray(236))).toBe(true);
    // The revision as digits (as a query string has it) is read too.
    expect(
      (await exportZip(owner, { ids: [news], formats: ["stl"], stlRevision: "7" })).status,
    ).toBe(200);
    // The single export's rules: a bad field is refused before anything is sent.
    for (const bad of [
      { stlCountry: "Hong Kong" },
      { stlRevision: 100 },
      { stlRevision: "100" },
      { stlProgramme: "x".repeat(33) },
      { stlEditor: "two\nlines" },
    ]) {
      const refused = await exportZip(owner, { ids: [news], formats: ["stl"], ...bad });
      expect(refused.status).toBe(400);
    }
  });

  it("leaves out a file its format refuses, names it in a note, and keeps the ZIP whole (every format)", async () => {
    const cues = [
      { start: 0, end: 2000, text: "今日我哋講吓天氣。" },
      { start: 2000, end: 4000, text: "Zürich ód, Ελλάδα, שלום, 👋" },
    ];
    const id = await finishedTranscription(api.db, owner.id, cues, "會議.mp3");
    const response = await exportZip(owner, { ids: [id], formats: EXPORT_FORMATS, lang: "zh-HK" });
    expect(response.status).toBe(200);
    // yauzl reads the central directory: a ZIP cut short fails here.
    const files = await unzip(Buffer.from(await response.arrayBuffer()));
    const names = files.map((file) => file.name);
    const note = files.find((file) => file.name === "未收錄的檔案.txt");
    // EBU-STL cannot hold Chinese: left out, and named with the reason in the reader's language.
    expect(names).not.toContain("會議.stl");
    expect(note?.text).toContain("會議.stl: ");
    expect(note?.text).toContain("EBU-STL");
    // Every other format is in the ZIP or named in the note; nothing vanished.
    for (const format of EXPORT_FORMATS) {
      const name = `會議.${exportExtension(format)}`;
      expect(names.includes(name) || note!.text.includes(`${name}: `), name).toBe(true);
    }
    expect(names.at(-1)).toBe("未收錄的檔案.txt");
  });

  it("refuses another user's transcription as not found, and sends nothing", async () => {
    const mine = await finishedTranscription(api.db, owner.id, numberedCues(1), "mine.mp3");
    const theirs = await finishedTranscription(api.db, other.id, numberedCues(1), "secret.mp3");
    const response = await exportZip(owner, { ids: [mine, theirs], formats: ["txt"] });
    expect(response.status).toBe(404);
    const body = (await response.json()) as { code: string; details: { ids: string[] } };
    expect(body.code).toBe("NOT_FOUND");
    expect(body.details.ids).toEqual([theirs]);
    // The owner gets theirs.
    expect((await exportZip(other, { ids: [theirs], formats: ["txt"] })).status).toBe(200);
    // Without a session: 401.
    const anonymous = await fetch(`${api.base}/api/exports`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ids: [mine], formats: ["txt"] }),
    });
    expect(anonymous.status).toBe(401);
  });

  it("refuses a transcription that has not completed (409, naming it)", async () => {
    const done = await finishedTranscription(api.db, owner.id, numberedCues(1));
    const waiting = crypto.randomUUID();
    await insertTranscription(
      api.db,
      {
        id: waiting,
        userId: owner.id,
        fileName: "waiting.mp3",
        model: "whisper-1",
        engineModel: "tiny",
        options: jobOptions({ language: "auto", task: "transcribe", wordTimestamps: false }),
        mediaPath: "/nonexistent/waiting.mp3",
        mediaBytes: 1,
        durationMs: 10_000,
      },
      new Date(),
    );
    const response = await exportZip(owner, { ids: [done, waiting], formats: ["srt"] });
    expect(response.status).toBe(409);
    const body = (await response.json()) as { code: string; details: { ids: string[] } };
    expect(body.code).toBe("NOT_COMPLETED");
    expect(body.details.ids).toEqual([waiting]);
  });

  it("checks the request: ids and formats present, known, unique, and not too many", async () => {
    const id = await finishedTranscription(api.db, owner.id, numberedCues(1));
    for (const body of [
      { ids: [], formats: ["srt"] },
      { ids: [id], formats: [] },
      { ids: [id], formats: ["exe"] },
      { ids: [id, id], formats: ["srt"] },
      { ids: [id], formats: ["srt", "srt"] },
      {
        ids: Array.from({ length: MAX_EXPORT_IDS + 1 }, () => crypto.randomUUID()),
        formats: ["srt"],
      },
    ]) {
      const response = await exportZip(owner, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    // A malformed id is simply not one of the user's.
    const malformed = await exportZip(owner, { ids: ["../../etc/passwd"], formats: ["srt"] });
    expect(malformed.status).toBe(404);
  });
});

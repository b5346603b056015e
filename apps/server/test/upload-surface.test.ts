// What a client of the chunked upload meets at its edges: a chunk over the limit is answered
// 413 that Node's fetch can read (not a broken pipe), and a combine that names fewer chunks
// than the upload declared is refused instead of transcribing (and charging) part of a file.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JFK_MP3 } from "../../../packages/engine/test/helpers/media-files.js";
import {
  signedInUser,
  startTranscriptionApi,
  upload,
  type TestUser,
  type TranscriptionApi,
} from "./support/transcription-app.js";

const bytes = readFileSync(JFK_MP3);
const third = Math.ceil(bytes.length / 3);
const pieces = [0, 1, 2].map((i) => bytes.subarray(i * third, (i + 1) * third));

describe("chunked upload edges", () => {
  let api: TranscriptionApi;
  let user: TestUser;

  beforeAll(async () => {
    api = await startTranscriptionApi("sqlite", { MAX_UPLOAD_MB: "1" });
    user = await signedInUser(api.db);
  });
  afterAll(async () => {
    await api?.close();
  });

  const sendChunk = (index: number, body: Uint8Array, sessionId?: string, totalChunks = 3) =>
    upload(api.base, "/api/uploads/chunk", {
      file: new Blob([body]),
      fileName: "blob",
      fields: {
        chunkIndex: String(index),
        totalChunks: String(totalChunks),
        ...(sessionId ? { sessionId } : {}),
      },
      headers: user.auth,
    });

  /**
   * Sends a chunk of `size` bytes from another process with Node's fetch (in this process the
   * server and client share one event loop, which hides the broken pipe): its status and body,
   * or the error fetch failed with.
   */
  async function chunkFromNodeFetch(size: number): Promise<string> {
    const script = `
      const form = new FormData();
      form.append("chunkIndex", "0");
      form.append("totalChunks", "3");
      form.append("file", new Blob([new Uint8Array(Number(process.argv[3])).fill(7)]), "blob");
      try {
        const r = await fetch(process.argv[1], {
          method: "POST", body: form, headers: { authorization: process.argv[2] },
        });
        console.log(r.status, await r.text());
      } catch (error) {
        console.log("failed", error.cause?.code ?? error.message);
      }`;
    const { stdout } = await promisify(execFile)(process.execPath, [
      "--input-type=module",
      "-e",
      script,
      `${api.base}/api/uploads/chunk`,
      user.auth.authorization,
      String(size),
    ]);
    return stdout.trim();
  }

  it.each([
    ["far over the limit (refused by its length)", 8 * 1024 * 1024],
    ["just over the limit (refused while read)", 1.5 * 1024 * 1024],
  ])("answers a chunk %s with a 413 that Node's fetch reads", async (_name, size) => {
    for (let i = 0; i < 3; i++) {
      const answer = await chunkFromNodeFetch(size);
      expect(answer).toMatch(/^413 /);
      expect(answer).toContain('"code":"FILE_TOO_LARGE"');
    }
    expect(api.leftovers()).toEqual([]);
  });

  it("tells any client the server's upload limit (MAX_UPLOAD_MB), signed in or not", async () => {
    const response = await fetch(`${api.base}/api/uploads/limits`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ maxUploadBytes: 1024 * 1024 });
  });

  it("refuses a combine naming fewer chunks than the chunks declared, charging nothing", async () => {
    // Chunks 0 and 1 of a file sent as 3 arrive; chunk 2 does not.
    const first = await sendChunk(0, pieces[0]!);
    const { sessionId } = (await first.json()) as { sessionId: string };
    expect((await sendChunk(1, pieces[1]!, sessionId)).status).toBe(200);
    const combined = await api.post(
      "/api/uploads/combine",
      { sessionId, fileName: "jfk.mp3", totalChunks: 2, model: "whisper-1" },
      user.auth,
    );
    expect(combined.status).toBe(400);
    const body = (await combined.json()) as { code: string; details?: { missing?: number[] } };
    expect(body.code).toBe("MISSING_CHUNKS");
    expect(body.details?.missing).toEqual([2]);
    const jobs = await api.db
      .selectFrom("transcriptions")
      .select("id")
      .where("user_id", "=", user.id)
      .execute();
    expect(jobs).toEqual([]);

    // Once the last chunk is there, the whole file is combined.
    expect((await sendChunk(2, pieces[2]!, sessionId)).status).toBe(200);
    const whole = await api.post(
      "/api/uploads/combine",
      { sessionId, fileName: "jfk.mp3", totalChunks: 3, model: "whisper-1" },
      { ...user.auth, prefer: "respond-async" },
    );
    expect(whole.status).toBe(202);
  });
});

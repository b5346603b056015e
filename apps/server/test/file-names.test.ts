import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JFK_MP3 } from "../../../packages/engine/test/helpers/media-files.js";
import { errorTextFor } from "@verbatim/contract";
import { DATABASE_KINDS } from "./test-database.js";
import {
  signedInUser,
  startTranscriptionApi,
  upload,
  type TestUser,
  type TranscriptionApi,
} from "./support/transcription-app.js";

// A file name is shown in the history and becomes the name of every download: whether it comes
// with an upload or a rename, it keeps no bidi override (which can show `gpj.exe` as `exe.jpg`),
// no line break or other control character, and no folders.

const jfk = readFileSync(JFK_MP3);

describe.each(DATABASE_KINDS)("file names on %s", (kind) => {
  let api: TranscriptionApi;
  let user: TestUser;

  beforeAll(async () => {
    api = await startTranscriptionApi(kind);
    user = await signedInUser(api.db);
  });
  afterAll(async () => {
    await api?.close();
  });

  const uploadNamed = async (fileName: string) => {
    const response = await upload(api.base, "/api/transcribe", {
      file: new Blob([jfk]),
      fileName,
      headers: { ...user.auth, prefer: "respond-async" },
    });
    expect(response.status).toBe(202);
    const { id } = (await response.json()) as { id: string };
    const detail = await fetch(`${api.base}/api/transcriptions/${id}`, { headers: user.auth });
    return { id, fileName: ((await detail.json()) as { fileName: string }).fileName };
  };

  const rename = (id: string, fileName: string, headers: Record<string, string> = {}) =>
    fetch(`${api.base}/api/transcriptions/${id}`, {
      method: "PATCH",
      headers: { ...user.auth, "content-type": "application/json", ...headers },
      body: JSON.stringify({ fileName }),
    });

  it("cleans an upload's name: no bidi override, no folders; CJK and punctuation stay", async () => {
    expect((await uploadNamed("invoice\u202Egpj.mp3")).fileName).toBe("invoicegpj.mp3");
    // The multipart parser keeps only a file name's last part; no folder gets through.
    expect((await uploadNamed("../../etc/passwd.mp3")).fileName).toBe("passwd.mp3");
    expect((await uploadNamed("會議記錄（第一次）— Q&A!.mp3")).fileName).toBe(
      "會議記錄（第一次）— Q&A!.mp3",
    );
    // Nothing left to show: the file is fine, so it gets a plain name.
    expect((await uploadNamed("\u202E\u2066")).fileName).toBe("upload");
  });

  it("cleans a new name the same way, and refuses one with nothing left", async () => {
    const { id } = await uploadNamed("talk.mp3");
    const renamed = await rename(id, "a\r\nb/../c\u202Egpj.mp3\t");
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as { fileName: string }).fileName).toBe("ab_cgpj.mp3");
    const cjk = await rename(id, "講座 第二部分 (final).m4a");
    expect(((await cjk.json()) as { fileName: string }).fileName).toBe("講座 第二部分 (final).m4a");

    const empty = await rename(id, "\u202E../\r\n", { "accept-language": "zh-HK" });
    expect(empty.status).toBe(400);
    const body = (await empty.json()) as { code: string; message: string };
    expect(body.code).toBe("VALIDATION_FAILED");
    expect(body.message).toBe(errorTextFor("VALIDATION_FAILED", "zh-HK", { field: "fileName" }));
    const kept = await fetch(`${api.base}/api/transcriptions/${id}`, { headers: user.auth });
    expect(((await kept.json()) as { fileName: string }).fileName).toBe(
      "講座 第二部分 (final).m4a",
    );
  });
});

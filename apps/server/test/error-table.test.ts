// One error table (packages/contract): every answer's status and text come from it, in English
// as in Traditional Chinese, whichever check refuses the request (ours or Fastify's). Before the
// table, the English a client read was the raising site's own sentence (which differed from the
// catalogue's), and an engine's failure got 400, 415 or 422 depending on where it was caught.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_TABLE, errorTextFor, type ErrorCode, type Language } from "@verbatim/contract";
import { EngineError, ENGINE_ERROR_CODES } from "@verbatim/engine";
import { errorOfCode } from "../src/http/app-error.js";
import { intakeError } from "../src/uploads/probe-upload.js";
import {
  signedInUser,
  startTranscriptionApi,
  upload,
  type TestUser,
  type TranscriptionApi,
} from "./support/transcription-app.js";

describe("the error table over HTTP", () => {
  let api: TranscriptionApi;
  let user: TestUser;

  beforeAll(async () => {
    api = await startTranscriptionApi("sqlite");
    user = await signedInUser(api.db);
  });
  afterAll(async () => {
    await api?.close();
  });

  /** The request's answer has the code's status, and its message is the table's text. */
  async function expectTableAnswer(code: ErrorCode, send: (lang: Language) => Promise<Response>) {
    for (const language of ["en", "zh-HK"] as const) {
      const response = await send(language);
      const body = (await response.json()) as {
        code: string;
        message: string;
        details?: Record<string, unknown>;
      };
      expect(body.code, language).toBe(code);
      expect(response.status, `${code} ${language}`).toBe(ERROR_TABLE[code].status);
      expect(body.message, `${code} ${language}`).toBe(errorTextFor(code, language, body.details));
    }
  }

  it("answers a missing transcription with the table's NOT_FOUND", async () => {
    await expectTableAnswer("NOT_FOUND", (lang) =>
      fetch(`${api.base}/api/transcriptions/00000000-0000-4000-8000-000000000000`, {
        headers: { ...user.auth, "accept-language": lang },
      }),
    );
  });

  it("answers Fastify's own refusals (malformed JSON, wrong body type) in the user's language", async () => {
    await expectTableAnswer("INVALID_JSON", (lang) =>
      fetch(`${api.base}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "accept-language": lang },
        body: '{"email": ',
      }),
    );
    await expectTableAnswer("UNSUPPORTED_CONTENT_TYPE", (lang) =>
      fetch(`${api.base}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/x-unknown", "accept-language": lang },
        body: "email=a",
      }),
    );
  });

  it("answers a chunk past the file's end with the table's text, not the raising site's", async () => {
    await expectTableAnswer("CHUNK_INDEX_OUT_OF_RANGE", (lang) =>
      upload(api.base, "/api/uploads/chunk", {
        file: new Blob([new Uint8Array(16)]),
        fields: { chunkIndex: "5", totalChunks: "2", originalFileName: "talk.mp3" },
        headers: { ...user.auth, "accept-language": lang },
      }),
    );
  });

  it("names the field that failed its schema, in both languages", async () => {
    await expectTableAnswer("VALIDATION_FAILED", (lang) =>
      fetch(`${api.base}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "accept-language": lang },
        body: JSON.stringify({ email: 42, password: "x" }),
      }),
    );
  });
});

describe("engine failures", () => {
  it("get one status each, whether the upload's check or the job finds them", () => {
    for (const code of ENGINE_ERROR_CODES) {
      const atIntake = intakeError(new EngineError(code, "from the engine")) as { status: number };
      expect(atIntake.status, code).toBe(errorOfCode(code).status);
      expect(atIntake.status, code).toBe(ERROR_TABLE[code].status);
    }
    expect(errorOfCode("INPUT_CORRUPT").status).toBe(422);
    expect(errorOfCode("SOMETHING_AN_OLD_ROW_SAYS").code).toBe("ENGINE_FAILED");
  });
});

import type { ErrorBody, TranscriptionDetail, TranscriptionSummary } from "../src/api/types";

// Answers of the mocked API. Each body is typed from the contract (`satisfies User`, or a
// factory returning `TranscriptionDetail`), so a mock the contract no longer allows fails
// type-checking (npm run lint) instead of passing against a shape the server no longer sends.

/** A JSON answer as the API sends it. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json" },
  });
}

/** An error answer as every route gives one: `{ code, message, details? }`. */
export function errorJson(status: number, body: ErrorBody): Response {
  return json(body, status);
}

/** A completed transcription as the history (GET /api/transcriptions) lists it. */
export function transcriptionSummary(
  overrides: Partial<TranscriptionSummary> = {},
): TranscriptionSummary {
  return {
    id: "t1",
    fileName: "talk.mp3",
    createdAt: "2026-03-01T10:00:00.000Z",
    duration: 6,
    model: "whisper-1",
    engineModel: "base",
    modelFamily: "whisper",
    status: "completed",
    language: "en",
    progress: 100,
    error: null,
    chargedSeconds: 6,
    speakerCount: null,
    batchId: null,
    teamId: null,
    ...overrides,
  };
}

/** A completed transcription as GET and PATCH /api/transcriptions/:id answer with it. */
export function transcriptionDetail(
  overrides: Partial<TranscriptionDetail> = {},
): TranscriptionDetail {
  return {
    ...transcriptionSummary(),
    style: "standard",
    speakers: null,
    subtitles: [],
    text: "",
    audio: null,
    version: "1",
    ...overrides,
  };
}

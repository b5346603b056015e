import { formatSpeakersOption, type SpeakersOption } from "@verbatim/contract";
import type { StyleName } from "@verbatim/subtitles";
import { ApiError, authHeaders } from "../../api/client";
import type {
  AcceptedResponse,
  ChunkResponse,
  CombineBody,
  ErrorBody,
  UploadFields,
} from "../../api/types";
import { chunkRanges, isLargeFile } from "./file-rules";

/** Options sent with a file (transcription options). */
export interface TranscribeOptions {
  model: "whisper-1" | "gpt-4o-transcribe";
  generateTimestamps: boolean;
  language: string;
  task: NonNullable<UploadFields["task"]>;
  chineseScript: NonNullable<UploadFields["chineseScript"]>;
  /** Subtitle style preset: line length, reading speed, time on screen. */
  style: StyleName;
  /** Speaker diarization: off, automatic, an exact number or a range (field `speakers`). */
  speakers: SpeakersOption;
}

export interface UploadProgress {
  sentBytes: number;
  totalBytes: number;
  /** For chunked uploads: the chunk being sent and how many there are. */
  chunk?: { index: number; count: number };
  /** Set while waiting to retry a failed chunk. */
  retrying?: { attempt: number; of: number };
}

/** Where a chunked upload stopped, so it can resume without starting over. */
export interface ResumePoint {
  sessionId: string;
  nextIndex: number;
}

export class UploadInterrupted extends Error {
  override readonly name = "UploadInterrupted";
  constructor(
    message: string,
    readonly resume: ResumePoint | null,
  ) {
    super(message);
  }
}

const CHUNK_ATTEMPTS = 4;

/** One XHR POST with upload progress; resolves with the status and body text. */
function post(
  url: string,
  body: FormData | string,
  {
    onProgress,
    headers = {},
    signal,
  }: {
    onProgress?: (sent: number) => void;
    headers?: Record<string, string>;
    signal?: AbortSignal;
  },
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries({ ...authHeaders(), ...headers }))
      xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress?.(event.loaded);
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new TypeError("network"));
    xhr.onabort = () => reject(new DOMException("Aborted", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/** A non-OK answer as ApiError, with a plain fallback message when the body cannot be read. */
export function uploadError(status: number, text: string): ApiError {
  try {
    const body = JSON.parse(text) as Partial<ErrorBody>;
    if (body.message) return new ApiError(status, body.code, body.message, body.details);
  } catch {
    // unreadable body: the fallbacks below
  }
  const message =
    status === 413
      ? "File too large. Please try a smaller file or compress your media."
      : status === 502 || status === 504
        ? "Server timeout while processing your file. Please try a smaller file or compress your media."
        : `Server error (${status}). Please try again later.`;
  return new ApiError(status, undefined, message);
}

/** The options as the upload's fields (multipart sends text). */
function optionFields(options: TranscribeOptions) {
  return {
    source: "file",
    model: options.model,
    generateTimestamps: options.generateTimestamps ? "true" : "false",
    language: options.language,
    task: options.task,
    chineseScript: options.chineseScript,
    style: options.style,
    // Off is the server's default: left out, so a plain upload sends what it always did.
    ...(options.speakers.kind === "off"
      ? {}
      : { speakers: formatSpeakersOption(options.speakers) }),
  } satisfies UploadFields;
}

const ASYNC = { prefer: "respond-async" };

/** How a file is sent besides its options. */
export interface SendChoices {
  signal?: AbortSignal;
  /** Where an interrupted chunked upload stopped. */
  resume?: ResumePoint | null;
  /** The batch the file belongs to (files sent together). */
  batchId?: string;
  /** In chunks whatever its size (a batch's files: each resumable). */
  chunked?: boolean;
}

/**
 * Sends a file and returns the job id: whole (≤ 25 MB) or in 15 MB chunks one at a time, each
 * retried with back-off; progress counts bytes actually sent. A chunked upload that cannot go
 * on throws UploadInterrupted with where to resume.
 */
export async function uploadForTranscription(
  file: File,
  options: TranscribeOptions,
  onProgress: (progress: UploadProgress) => void,
  { signal, resume, batchId, chunked = false }: SendChoices = {},
): Promise<string> {
  if (!chunked && !isLargeFile(file)) {
    const form = new FormData();
    if (batchId) form.append("batchId", batchId);
    form.append("file", file, file.name);
    for (const [name, value] of Object.entries(optionFields(options))) form.append(name, value);
    const sent = (bytes: number) =>
      onProgress({ sentBytes: Math.min(bytes, file.size), totalBytes: file.size });
    const answer = await post("/api/transcribe", form, {
      onProgress: sent,
      headers: ASYNC,
      signal,
    }).catch((error: unknown) => {
      if (error instanceof DOMException) throw error;
      throw new ApiError(0, "NETWORK", "Network error during upload");
    });
    if (answer.status !== 202 && answer.status !== 200)
      throw uploadError(answer.status, answer.text);
    return (JSON.parse(answer.text) as AcceptedResponse).id;
  }
  const ranges = chunkRanges(file.size);
  let sessionId = resume?.sessionId ?? null;
  for (let index = resume?.nextIndex ?? 0; index < ranges.length; index++) {
    const range = ranges[index]!;
    const before = range.start;
    for (let attempt = 1; ; attempt++) {
      const form = new FormData();
      form.append("file", file.slice(range.start, range.end), file.name);
      form.append("chunkIndex", String(index));
      form.append("totalChunks", String(ranges.length));
      form.append("chunkSize", String(range.end - range.start));
      form.append("originalFileSize", String(file.size));
      form.append("chunkId", `${file.name}-${index}`);
      if (sessionId) form.append("sessionId", sessionId);
      const progress = (bytes: number) =>
        onProgress({
          sentBytes: before + Math.min(bytes, range.end - range.start),
          totalBytes: file.size,
          chunk: { index, count: ranges.length },
        });
      try {
        const answer = await post("/api/uploads/chunk", form, { onProgress: progress, signal });
        if (
          answer.status >= 400 &&
          answer.status < 500 &&
          answer.status !== 408 &&
          answer.status !== 429
        ) {
          throw uploadError(answer.status, answer.text); // the server refused it: retrying will not help
        }
        if (answer.status !== 200) throw new TypeError(`HTTP Error: ${answer.status}`);
        const body = JSON.parse(answer.text) as Partial<ChunkResponse>;
        if (!body.sessionId)
          throw new ApiError(
            0,
            undefined,
            "Failed to get session ID from server during chunk upload",
          );
        sessionId = body.sessionId;
        break;
      } catch (error) {
        if (error instanceof ApiError || error instanceof DOMException) throw error;
        if (attempt >= CHUNK_ATTEMPTS) {
          throw new UploadInterrupted(
            `Failed to upload chunk ${index + 1}: ${error instanceof Error && error.message !== "network" ? error.message : "Network error during chunk upload"}`,
            sessionId ? { sessionId, nextIndex: index } : null,
          );
        }
        onProgress({
          sentBytes: before,
          totalBytes: file.size,
          chunk: { index, count: ranges.length },
          retrying: { attempt: attempt + 1, of: CHUNK_ATTEMPTS },
        });
        await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** (attempt - 1)));
      }
    }
  }
  const combined = await post(
    "/api/uploads/combine",
    JSON.stringify({
      // Set by the first chunk's answer (a file sent in chunks has at least one).
      sessionId: sessionId!,
      fileName: file.name,
      totalChunks: ranges.length,
      originalFileSize: file.size,
      chunkIds: ranges.map((_, i) => `${file.name}-${i}`),
      ...optionFields(options),
      ...(batchId ? { batchId } : {}),
      generateTimestamps: options.generateTimestamps,
    } satisfies CombineBody),
    { headers: { ...ASYNC, "content-type": "application/json" }, signal },
  ).catch((error: unknown) => {
    if (error instanceof DOMException) throw error;
    throw new UploadInterrupted(
      "Failed to process uploaded chunks",
      sessionId ? { sessionId, nextIndex: ranges.length } : null,
    );
  });
  if (combined.status !== 202 && combined.status !== 200)
    throw uploadError(combined.status, combined.text);
  return (JSON.parse(combined.text) as AcceptedResponse).id;
}

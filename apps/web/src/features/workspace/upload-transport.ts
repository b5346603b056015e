import { formatSpeakersOption, type SpeakersOption } from "@verbatim/contract";
import type { StyleName } from "@verbatim/subtitles";
import { api, ApiError, ClientError, upload } from "../../api/client";
import type {
  AcceptedResponse,
  ChunkResponse,
  CombineBody,
  ImportBody,
  UploadFields,
} from "../../api/types";
import { followLinkDownload, randomProgressId, type LinkDownload } from "./download-progress";
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
  /** The transcript plus its English translation (two passes, charged twice). */
  bilingual: boolean;
  /** Start on Whisper while the language's own model (SenseVoice for Cantonese) is not ready. */
  whisperFallback?: boolean;
  /** "Translate when done": translation languages (BCP-47) queued once the transcript is ready. */
  translateTo?: string[];
  /** With `translateTo`: a saved glossary's id, the reading preset, written or spoken zh-HK. */
  translateGlossaryId?: string | undefined;
  translateStyle?: StyleName | undefined;
  translateRegister?: "written" | "spoken" | undefined;
}

/**
 * A subtitle or transcript file sent with the media (field `subtitles`): its timings kept (no
 * minutes) or re-timed to the speech (charged as a transcription).
 */
export interface SubtitleImport {
  file: File;
  retime: boolean;
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

/**
 * A chunked upload that could not go on: `cause` is the last failure (for its text, see
 * errorText), `resume` where to pick up again.
 */
export class UploadInterrupted extends Error {
  override readonly name = "UploadInterrupted";
  constructor(
    override readonly cause: ClientError | ApiError,
    readonly resume: ResumePoint | null,
  ) {
    super(cause.message, { cause });
  }
}

const CHUNK_ATTEMPTS = 4;

/**
 * Whether sending a chunk again may succeed: the connection failed or timed out, or the server
 * was busy or failing (5xx, 408, 429). Other refusals and a stop by the user are final.
 */
function worthRetrying(error: unknown): error is ClientError | ApiError {
  if (error instanceof ClientError) return error.code !== "ABORTED";
  if (error instanceof ApiError)
    return error.status >= 500 || error.status === 408 || error.status === 429;
  return false;
}

/** The options as the upload's fields (multipart sends text). */
function optionFields(options: TranscribeOptions) {
  return { source: "file", ...jobFields(options) } satisfies UploadFields;
}

/** The options as a request's fields, whatever brings the media (a file, a link). */
function jobFields(options: TranscribeOptions) {
  return {
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
    ...(options.bilingual ? { bilingual: "true" } : {}),
    ...(options.whisperFallback ? { fallback: "whisper" } : {}),
    ...(options.translateTo?.length ? translateFields(options) : {}),
  } satisfies UploadFields;
}

/** "Translate when done": the languages and how to translate them (nothing without languages). */
function translateFields(options: TranscribeOptions) {
  const languages = options.translateTo ?? [];
  return {
    translateTo: languages.join(","),
    ...(options.translateGlossaryId ? { translateGlossaryId: options.translateGlossaryId } : {}),
    ...(options.translateStyle ? { translateStyle: options.translateStyle } : {}),
    ...(options.translateRegister && languages.includes("zh-HK")
      ? { translateRegister: options.translateRegister }
      : {}),
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
  /** A subtitle or transcript file sent with the media, and whether to re-time it. */
  subtitles?: SubtitleImport | null;
  /** The team it goes into (its owner's minutes pay; docs/teams.md); absent: one's own. */
  teamId?: string | null;
}

/** How long the server may take to fetch a link's media before the job exists. */
const IMPORT_TIMEOUT_MS = 15 * 60_000;

/**
 * Asks the server to fetch the media a link points to and transcribe it with these options
 * (POST /api/imports); returns the job id once the file is in. The server checks the link
 * (public http or https only) and answers its own errors (not found, too big, not media…).
 * `onDownload` hears the server's download progress meanwhile.
 */
export async function importFromLink(
  url: string,
  options: TranscribeOptions,
  {
    signal,
    onDownload,
  }: { signal?: AbortSignal; onDownload?: (download: LinkDownload) => void } = {},
): Promise<string> {
  // The download's progress is followed under an id sent with the import (news only: the
  // import's answer is what counts, so the stream stops with it whatever it said).
  const progressId = onDownload ? randomProgressId() : undefined;
  const stop = progressId && onDownload ? followLinkDownload(progressId, onDownload) : undefined;
  try {
    const accepted = await api<AcceptedResponse>("/api/imports", {
      method: "POST",
      body: {
        ...jobFields(options),
        url,
        ...(progressId ? { progressId } : {}),
      } satisfies ImportBody,
      timeoutMs: IMPORT_TIMEOUT_MS,
      signal,
    });
    return accepted.id;
  } finally {
    stop?.();
  }
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
  { signal, resume, batchId, chunked = false, subtitles, teamId }: SendChoices = {},
): Promise<string> {
  const inTeam = teamId ? `?teamId=${encodeURIComponent(teamId)}` : "";
  if (!chunked && !isLargeFile(file)) {
    const form = new FormData();
    if (batchId) form.append("batchId", batchId);
    for (const [name, value] of Object.entries(optionFields(options))) form.append(name, value);
    if (subtitles) {
      form.append("retime", subtitles.retime ? "true" : "false");
      form.append("subtitles", subtitles.file, subtitles.file.name);
    }
    // The media goes last: the server checks the fields before its bytes.
    form.append("file", file, file.name);
    const sent = (bytes: number) =>
      onProgress({ sentBytes: Math.min(bytes, file.size), totalBytes: file.size });
    const accepted = await upload<AcceptedResponse>(`/api/transcribe${inTeam}`, form, {
      onProgress: sent,
      headers: ASYNC,
      signal,
    });
    return accepted.id;
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
        const answer = await upload<Partial<ChunkResponse>>(`/api/uploads/chunk${inTeam}`, form, {
          onProgress: progress,
          signal,
        });
        // Every 200 names the session; one that does not is not the server's answer.
        if (!answer.sessionId) throw new ClientError("BAD_RESPONSE");
        sessionId = answer.sessionId;
        break;
      } catch (error) {
        if (!worthRetrying(error)) throw error;
        if (attempt >= CHUNK_ATTEMPTS) {
          throw new UploadInterrupted(error, sessionId ? { sessionId, nextIndex: index } : null);
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
  const combineBody = {
    // Set by the first chunk's answer (a file sent in chunks has at least one).
    sessionId: sessionId!,
    fileName: file.name,
    totalChunks: ranges.length,
    originalFileSize: file.size,
    chunkIds: ranges.map((_, i) => `${file.name}-${i}`),
    ...optionFields(options),
    ...(batchId ? { batchId } : {}),
    ...(teamId ? { teamId } : {}),
    generateTimestamps: options.generateTimestamps,
    ...(subtitles
      ? {
          retime: subtitles.retime,
          subtitles: { fileName: subtitles.file.name, base64: await base64Of(subtitles.file) },
        }
      : {}),
  } satisfies CombineBody;
  try {
    const accepted = await upload<AcceptedResponse>(
      "/api/uploads/combine",
      JSON.stringify(combineBody),
      { headers: { ...ASYNC, "content-type": "application/json" }, signal },
    );
    return accepted.id;
  } catch (error) {
    // Every chunk is on the server: a retry only needs to combine them again.
    if (!worthRetrying(error)) throw error;
    throw new UploadInterrupted(error, { sessionId: sessionId!, nextIndex: ranges.length });
  }
}

/** A file's bytes in base64 (a subtitle file sent with a chunked upload's combine). */
async function base64Of(file: Blob): Promise<string> {
  const dataUrl = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () =>
      reject(reader.error ?? new Error("The subtitle file could not be read."));
    reader.readAsDataURL(file);
  });
  return dataUrl.slice(dataUrl.indexOf(",") + 1);
}

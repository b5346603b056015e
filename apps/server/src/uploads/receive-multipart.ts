import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { cleanFileName } from "@verbatim/contract";
import type { FastifyRequest } from "fastify";
import { AppError, fail } from "../http/app-error.js";
import { isDiskFull } from "../http/error-handler.js";

/** The file part of a multipart request, streamed to a file whose name the server chose. */
export interface ReceivedFile {
  path: string;
  /** The name the client gave, for display and download names only (never used as a path). */
  fileName: string;
  mimeType: string;
  bytes: number;
  /** SHA-256 of the file's bytes (hex), for idempotent retries; absent for joined chunks. */
  sha256?: string;
}

/** A subtitle or transcript file sent with the media (field `subtitles`), held in memory. */
export interface ReceivedSubtitles {
  fileName: string;
  bytes: Buffer;
}

/** The message shown when a file is over the limit. */
export function tooLarge(limitBytes: number): AppError {
  return new AppError("FILE_TOO_LARGE", {
    limitBytes,
    limitMb: Math.round(limitBytes / (1024 * 1024)),
  });
}

/** An upload the server's disk had no room for (507); the partial file is gone. */
export function noRoomForUpload(): AppError {
  return new AppError("INSUFFICIENT_STORAGE");
}

/** Multipart limits' errors from @fastify/multipart, as the API's own. */
function multipartError(error: unknown, limitBytes: number): unknown {
  const { code, message } = error as { code?: string; message?: string };
  if (isDiskFull(error)) return noRoomForUpload();
  // busboy's words for a body it cannot parse (no boundary, broken part headers).
  if (
    !(error instanceof AppError) &&
    typeof message === "string" &&
    /boundary|malformed|unexpected end of (form|multipart)|multipart/i.test(message)
  ) {
    return new AppError("MULTIPART_INVALID");
  }
  if (code === "FST_REQ_FILE_TOO_LARGE") return tooLarge(limitBytes);
  if (code === "FST_FILES_LIMIT") {
    return new AppError("TOO_MANY_FILES");
  }
  if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") {
    return new AppError("TOO_MANY_FIELDS");
  }
  if (code === "FST_MP_PREMATURE_CLOSE") {
    return new AppError("UPLOAD_INCOMPLETE");
  }
  return error;
}

/** How much of a refused request's body is read and dropped so the client reads the answer. */
const DRAIN_BYTES = 128 * 1024 * 1024;

/**
 * Reads and drops the rest of a request's body (up to DRAIN_BYTES) before it is answered with
 * an error: Node closes a connection whose body is left unread, and a client still sending
 * (Node's fetch) then fails with EPIPE instead of reading the answer. Past the bound the
 * connection is closed as before.
 */
async function drainBody(request: FastifyRequest): Promise<void> {
  const raw = request.raw;
  if (raw.readableEnded || raw.destroyed) return;
  await new Promise<void>((resolve) => {
    let read = 0;
    const done = () => {
      raw.off("data", count);
      raw.off("end", done);
      raw.off("error", done);
      raw.off("close", done);
      resolve();
    };
    const count = (chunk: Buffer) => {
      read += chunk.length;
      if (read > DRAIN_BYTES) {
        raw.pause();
        done();
      }
    };
    raw.on("data", count);
    raw.on("end", done);
    raw.on("error", done);
    raw.on("close", done);
    raw.resume();
  });
}

/** How receiveMultipart reads a request. */
export interface MultipartLimits {
  dir: string;
  limitBytes: number;
  /** Checks the fields sent before the file, so a bad request is refused before its bytes. */
  beforeFile?: (fields: Record<string, string>) => Promise<void>;
  /** Longest text field, in bytes (default 64 KiB; /v1 takes audio clips as data URLs). */
  fieldSizeBytes?: number;
  /**
   * A text field that may stand in for the file (`url`: the server fetches the media): a
   * request with that field and no file part comes back without a file; one with both is 400.
   */
  linkField?: string;
  /**
   * Takes a second file part, `subtitles`, of at most this many bytes (held in memory; 413
   * SUBTITLE_FILE_TOO_LARGE past it); absent: a second file is refused as before.
   */
  subtitlesLimitBytes?: number;
}

/** What a multipart request held. */
export interface ReceivedMultipart<File = ReceivedFile> {
  file: File;
  /** The subtitle or transcript file sent with the media, when one was taken. */
  subtitles?: ReceivedSubtitles;
  fields: Record<string, string>;
  /** Every value of each list field (`name[]`), in order: values that may hold commas. */
  lists: Record<string, string[]>;
}

/**
 * Reads a multipart request: the one part named `file` is streamed to `dir` under a random
 * name, stopping at `limitBytes` (413); text fields are collected. On any failure the partial
 * file is deleted. A request without a file part gets 400 FILE_REQUIRED (unless its
 * `linkField` stands in for the file: then it comes back without one).
 */
export async function receiveMultipart(
  request: FastifyRequest,
  limits: MultipartLimits & { linkField: string },
): Promise<ReceivedMultipart<ReceivedFile | undefined>>;
export async function receiveMultipart(
  request: FastifyRequest,
  limits: MultipartLimits,
): Promise<ReceivedMultipart>;
export async function receiveMultipart(
  request: FastifyRequest,
  {
    dir,
    limitBytes,
    beforeFile,
    fieldSizeBytes = 64 * 1024,
    linkField,
    subtitlesLimitBytes,
  }: MultipartLimits,
): Promise<ReceivedMultipart<ReceivedFile | undefined>> {
  if (!request.isMultipart()) {
    fail("MULTIPART_REQUIRED");
  }
  const declared = Number(request.headers["content-length"]);
  if (Number.isFinite(declared) && declared > limitBytes + 1024 * 1024) {
    await drainBody(request);
    throw tooLarge(limitBytes);
  }

  await mkdir(dir, { recursive: true });
  const fields: Record<string, string> = {};
  const lists: Record<string, string[]> = {};
  let file: ReceivedFile | undefined;
  let subtitles: ReceivedSubtitles | undefined;
  const path = join(dir, `${randomUUID()}.upload`);
  try {
    const parts = request.parts({
      limits: {
        fileSize: limitBytes,
        files: subtitlesLimitBytes === undefined ? 1 : 2,
        fields: 30,
        fieldSize: fieldSizeBytes,
        parts: 40,
      },
    });
    for await (const part of parts) {
      if (part.type === "field") {
        if (typeof part.value !== "string") continue;
        if (part.valueTruncated) {
          fail("FIELD_TOO_LARGE", { param: part.fieldname });
        }
        if (part.fieldname.endsWith("[]")) (lists[part.fieldname] ??= []).push(part.value);
        // A list field sent more than once (`timestamp_granularities[]`) keeps every value.
        const before = fields[part.fieldname];
        fields[part.fieldname] =
          before !== undefined && part.fieldname.endsWith("[]")
            ? `${before},${part.value}`
            : part.value;
        continue;
      }
      if (part.fieldname === "subtitles" && subtitlesLimitBytes !== undefined && !subtitles) {
        subtitles = {
          fileName: uploadFileName(part.filename),
          bytes: await boundedBytes(part.file, subtitlesLimitBytes),
        };
        continue;
      }
      if (part.fieldname !== "file" || file) {
        part.file.resume();
        fail("UNEXPECTED_FILE");
      }
      if (beforeFile) {
        try {
          await beforeFile(fields);
        } catch (error) {
          part.file.resume();
          throw error;
        }
      }
      let bytes = 0;
      const hash = createHash("sha256");
      part.file.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
        hash.update(chunk);
      });
      // Large write buffers: fewer, bigger writes to disk (uploads are up to 100 MB).
      await pipeline(part.file, createWriteStream(path, { highWaterMark: 4 * 1024 * 1024 }));
      if (part.file.truncated) throw tooLarge(limitBytes);
      file = {
        path,
        fileName: uploadFileName(part.filename),
        mimeType: part.mimetype,
        bytes,
        sha256: hash.digest("hex"),
      };
    }
  } catch (error) {
    await rm(path, { force: true });
    await drainBody(request);
    throw multipartError(error, limitBytes);
  }
  const link = linkField === undefined ? undefined : fields[linkField];
  if (link !== undefined) {
    if (file) {
      await rm(file.path, { force: true });
      throw new AppError("FILE_OR_URL", {
        param: linkField,
      });
    }
    return { file: undefined, ...(subtitles ? { subtitles } : {}), fields, lists };
  }
  if (!file) {
    fail("FILE_REQUIRED");
  }
  return { file, ...(subtitles ? { subtitles } : {}), fields, lists };
}

/** A file part's bytes in memory, refused (413) once past `limit`. */
async function boundedBytes(stream: AsyncIterable<Buffer>, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    length += chunk.length;
    if (length > limit) {
      fail("SUBTITLE_FILE_TOO_LARGE");
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * An upload's display name: the client's name cleaned by the one sanitiser every file name
 * goes through, or "upload" when nothing of it is left (the file itself is fine, and a
 * browser may send no name at all; the user can rename it later).
 */
export function uploadFileName(name: string | undefined): string {
  return cleanFileName(name) || "upload";
}

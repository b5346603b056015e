// The file rules (types, sizes, large-file handling), in one place.

/**
 * Largest file sent until the server has said its own limit (GET /api/uploads/limits, the
 * server's MAX_UPLOAD_MB): the server's default, 100 MB.
 */
export const DEFAULT_MAX_FILE_BYTES = 100 * 1024 * 1024;
/**
 * Largest video chosen: only its audio is sent (taken out in the browser), and the upload limit
 * applies to that; a video the browser cannot read must itself be within the upload limit.
 */
export const MAX_VIDEO_BYTES = 8 * 1024 * 1024 * 1024;
/** Files above this go in chunks (25 MB); at or below, in one request. */
export const WHOLE_UPLOAD_LIMIT_BYTES = 25 * 1024 * 1024;
/** Chunk size for large files (15 MB). */
export const CHUNK_BYTES = 15 * 1024 * 1024;

/** Extensions the server reads besides what the browser labels audio/ or video/. */
const MEDIA_EXTENSIONS =
  /\.(mp3|mp4|m4a|m4v|wav|flac|ogg|oga|opus|webm|mov|mkv|aac|wma|amr|3gp|avi)$/i;

export type FileProblem = "type" | "size";

/** Why a file cannot be sent, or null when it can. */
export function fileProblem(
  file: Pick<File, "name" | "type" | "size">,
  maxFileBytes = DEFAULT_MAX_FILE_BYTES,
): FileProblem | null {
  const mediaType = /^(audio|video)\//.test(file.type);
  if (!mediaType && !MEDIA_EXTENSIONS.test(file.name)) return "type";
  const limit = mediaKind(file) === "video" ? MAX_VIDEO_BYTES : maxFileBytes;
  if (file.size > limit) return "size";
  return null;
}

/** Over 25 MB: the large-file notice, and chunks. */
export function isLargeFile(file: Pick<File, "size">): boolean {
  return file.size > WHOLE_UPLOAD_LIMIT_BYTES;
}

/** Audio or video, for the player and the label. */
export function mediaKind(file: Pick<File, "name" | "type">): "audio" | "video" {
  if (file.type.startsWith("video/")) return "video";
  if (file.type.startsWith("audio/")) return "audio";
  return /\.(mp4|m4v|webm|mov|mkv|avi|3gp)$/i.test(file.name) ? "video" : "audio";
}

/** A limit in whole megabytes, as the texts say it ("100"). */
export function wholeMegabytes(bytes: number): string {
  return String(Math.floor(bytes / (1024 * 1024)));
}

/** Size in megabytes with one decimal. */
export function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}

/** Byte ranges of the chunks a file is sent in. */
export function chunkRanges(
  size: number,
  chunkBytes = CHUNK_BYTES,
): { start: number; end: number }[] {
  const ranges: { start: number; end: number }[] = [];
  for (let start = 0; start < size; start += chunkBytes) {
    ranges.push({ start, end: Math.min(size, start + chunkBytes) });
  }
  return ranges.length ? ranges : [{ start: 0, end: 0 }];
}

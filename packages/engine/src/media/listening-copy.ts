import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { safeInputOptions } from "./allowed-formats.js";
import { fileInput, ffmpegPath, toolError } from "./ffmpeg-binaries.js";

const run = promisify(execFile);

/** The listening copy's bit rate: speech in mono AAC stays clear at 48 kb/s (about 21 MB/h). */
export const LISTENING_COPY_BITRATE = "48k";
/** Its container and type: MP4 audio (AAC) plays in every browser, with seeking by range. */
export const LISTENING_COPY_TYPE = "audio/mp4";

/**
 * Writes a small copy of a file's first audio stream for playing back in the editor: mono AAC
 * in MP4 with the index at the front (so a player seeks over HTTP ranges at once). The picture
 * and any other streams are dropped. Same input rules as decoding (local files, allowed
 * formats only); `maxMs` bounds the copy to what was transcribed.
 */
export async function writeListeningCopy(
  input: string,
  output: string,
  { signal, maxMs }: { signal?: AbortSignal; maxMs?: number } = {},
): Promise<void> {
  const args = [
    ...["-nostdin", "-hide_banner", "-v", "error", "-y", ...safeInputOptions()],
    ...["-i", fileInput(input), "-map", "0:a:0", "-vn", "-sn", "-dn", "-ac", "1"],
    ...(maxMs === undefined ? [] : ["-t", (maxMs / 1000).toFixed(3)]),
    ...["-c:a", "aac", "-b:a", LISTENING_COPY_BITRATE, "-movflags", "+faststart"],
    ...["-f", "mp4", output],
  ];
  try {
    await run(ffmpegPath(), args, { signal, maxBuffer: 1 << 20 });
  } catch (error) {
    throw toolError(ffmpegPath(), error as NodeJS.ErrnoException);
  }
}

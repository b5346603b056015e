import { basename, dirname } from "node:path";
import send from "@fastify/send";
import { LISTENING_COPY_TYPE } from "@verbatim/engine";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError, fail } from "../http/app-error.js";
import type { TranscriptionRow } from "../jobs/job-row.js";
import { keptAudioPath } from "./listening-copy.js";

/**
 * Answers with a transcription's kept audio copy, byte ranges (206) included; 404
 * AUDIO_NOT_KEPT once its retention has ended (at `now`, whether or not the sweep has deleted
 * it yet) or when none was kept. The editor's player and a share link's page both play
 * through this.
 */
export async function sendListeningCopy(
  request: FastifyRequest,
  reply: FastifyReply,
  row: Pick<TranscriptionRow, "audio_path" | "audio_expires_at">,
  now: Date,
): Promise<FastifyReply> {
  const notKept = new AppError("AUDIO_NOT_KEPT");
  const path = keptAudioPath(row, now);
  if (!path) throw notKept;
  const file = await send(request.raw, basename(path), {
    root: dirname(path),
    dotfiles: "deny",
    index: false,
    cacheControl: false,
    etag: true,
    lastModified: true,
  });
  if (file.type === "error") {
    const status = (file.metadata.error as { status?: number }).status;
    if (status === 404) throw notKept;
    if (status === 416) {
      // RFC 9110: a 416 says how long the file is (`bytes */size`), so a player can ask again.
      const range = file.headers["Content-Range"];
      if (typeof range === "string") reply.header("content-range", range);
      fail("RANGE_NOT_SATISFIABLE");
    }
    throw file.metadata.error;
  }
  return (
    reply
      // 200 or 206, or send's own 304 (not modified) and 412 (a precondition failed).
      .code(file.statusCode as 200 | 206)
      .headers(file.headers)
      .header("content-type", LISTENING_COPY_TYPE)
      .header("cache-control", "private, no-cache")
      .send(file.stream)
  );
}

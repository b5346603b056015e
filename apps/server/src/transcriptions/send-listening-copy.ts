import { LISTENING_COPY_TYPE } from "@verbatim/engine";
import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../http/app-error.js";
import type { TranscriptionRow } from "../jobs/job-row.js";
import { sendStoredFile } from "../storage/send-stored-file.js";
import { keptAudioPath } from "./listening-copy.js";

/**
 * Answers with a transcription's kept audio copy, byte ranges (206) included, from the local
 * folder or streamed through from a bucket; 404 AUDIO_NOT_KEPT once its retention has ended (at
 * `now`, whether or not the sweep has deleted it yet) or when none was kept. The editor's
 * player and a share link's page both play through this.
 */
export async function sendListeningCopy(
  request: FastifyRequest,
  reply: FastifyReply,
  row: Pick<TranscriptionRow, "audio_path" | "audio_expires_at">,
  now: Date,
): Promise<FastifyReply> {
  const notKept = () => {
    throw new AppError("AUDIO_NOT_KEPT");
  };
  const location = keptAudioPath(row, now);
  if (!location) notKept();
  return sendStoredFile(request, reply, location!, {
    contentType: LISTENING_COPY_TYPE,
    cacheControl: "private, no-cache",
    notFound: notKept,
  });
}

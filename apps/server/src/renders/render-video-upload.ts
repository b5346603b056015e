import { rm } from "node:fs/promises";
import { RENDER_VIDEO_LENGTH_TOLERANCE, RenderBody } from "@verbatim/contract/api";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { fail } from "../http/app-error.js";
import { validationFailed } from "../http/validation-failed.js";
import type { TranscriptionRow } from "../jobs/job-row.js";
import { probeUpload } from "../uploads/probe-upload.js";
import { receiveMultipart } from "../uploads/receive-multipart.js";

// The user's own video, sent for one render (POST /api/transcriptions/{id}/renders/video): read
// and checked as hostile like any upload, kept only until the render ends (docs/captioned-video.md).

/** A video received for a render: checked, on disk under a name the server chose. */
export interface RenderVideo {
  path: string;
  options: z.output<typeof RenderBody>;
}

/**
 * Reads the multipart request: `options` (the JSON body of the JSON route) before `file`, so a
 * bad option or a request that cannot be queued (`beforeVideo`: minutes, renders at once) is
 * refused before the video's bytes; the file streamed to the upload folder, at most
 * MAX_UPLOAD_MB (413); then probed with the intake's allow-list (400/415 when it is not media),
 * 415 RENDER_VIDEO_NOT_VIDEO without a picture, 422 RENDER_VIDEO_WRONG_LENGTH when its length is
 * not the transcription's. The file is deleted on any refusal.
 */
export async function receiveRenderVideo(
  request: FastifyRequest,
  limits: { dir: string; limitBytes: number },
  job: Pick<TranscriptionRow, "duration_ms">,
  beforeVideo: (options: z.output<typeof RenderBody>) => Promise<void>,
): Promise<RenderVideo> {
  let options: z.output<typeof RenderBody> | undefined;
  const { file } = await receiveMultipart(request, {
    ...limits,
    beforeFile: async (fields) => {
      options = parseOptions(fields.options);
      await beforeVideo(options);
    },
  });
  try {
    if (!options) fail("FILE_REQUIRED"); // unreachable: beforeFile ran before the file was kept
    const media = await probeUpload(file.path);
    if (!media.hasVideo) fail("RENDER_VIDEO_NOT_VIDEO");
    const tolerance = Math.max(
      RENDER_VIDEO_LENGTH_TOLERANCE.ms,
      job.duration_ms * RENDER_VIDEO_LENGTH_TOLERANCE.share,
    );
    if (Math.abs(media.durationMs - job.duration_ms) > tolerance) {
      fail("RENDER_VIDEO_WRONG_LENGTH", {
        videoSeconds: Math.round(media.durationMs / 100) / 10,
        transcriptionSeconds: Math.round(job.duration_ms / 100) / 10,
      });
    }
    return { path: file.path, options };
  } catch (error) {
    await rm(file.path, { force: true });
    throw error;
  }
}

/** The `options` field: JSON of the caption options (absent: the defaults). */
function parseOptions(text: string | undefined): z.output<typeof RenderBody> {
  let value: unknown = {};
  if (text !== undefined && text.trim() !== "") {
    try {
      value = JSON.parse(text);
    } catch {
      fail("VALIDATION_FAILED", { part: "upload", field: "options", reason: "not JSON" });
    }
  }
  const parsed = RenderBody.safeParse(value);
  if (!parsed.success) throw validationFailed(parsed.error, "options");
  return parsed.data;
}

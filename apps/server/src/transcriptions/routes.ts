import {
  AcceptedResponse,
  errorResponses,
  ExportQuery,
  IdParams,
  StartJobHeaders,
  TranscribeUploadDoc,
  TranscriptionDetail,
  TranscribeTeamQuery,
} from "@verbatim/contract/api";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, requireUser } from "../auth/require-user.js";
import { documentOnly } from "../http/openapi-docs.js";
import { tableRoute } from "../http/table-route.js";
import { jobFromUploadForm, parseUploadForm } from "../uploads/upload-form.js";
import { takeInUpload } from "../uploads/upload-intake.js";
import { presentDetail, presentSummary } from "./presenter.js";
import { deleteJob } from "../jobs/lifecycle/state-machine.js";
import { listTranscriptions } from "../jobs/job-reads.js";
import { respondWithJob } from "./respond-with-job.js";
import { countComments } from "../sharing/comments.js";
import { completedShortSummariesOf, latestInsightJob } from "../insights/insight-store.js";
import { audioBytes, exportFileResponse, sendExport } from "./file-responses.js";
import { sendListeningCopy } from "./send-listening-copy.js";
import { exportTranscription } from "./export-transcription.js";
import { checkTranscription } from "./quality-checks.js";
import { translationForExport } from "../translations/translation-export.js";
import { updateTranscription } from "./subtitle-edits.js";
import { teamFor, teamIdOf } from "../teams/membership.js";
import {
  cancelTranscription,
  ownTranscription,
  type TranscriptionContext,
} from "./transcription-context.js";

/** Upload, history, edit, export, cancel: every call is the signed-in user's own jobs only. */
export function transcriptionRoutes(ctx: TranscriptionContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const auth = { preHandler: requireUser({ db: ctx.db, now: ctx.now }) };
    const security = [{ bearer: [] }];

    app.post(
      "/api/transcribe",
      {
        ...auth,
        schema: {
          summary: "Upload media and transcribe it",
          description:
            "multipart/form-data: file (the media), source (`file`), model (`whisper-1` fast, `gpt-4o-transcribe` accurate, or an installed model), generateTimestamps (`true`/`false`), language (`auto` or a code), task (`transcribe`/`translate`), chineseScript (`hk`, `tw`, `cn`, `none`), style (`standard`, `netflix`), prompt (the decoder's initial prompt), temperature (`0` to `1`), speakers (`off`, `auto`, `N` or `MIN-MAX`: speaker diarization, the same minutes as without). Answers with the finished transcription (`duration` in seconds, subtitle times as `hh:mm:ss,mmm`), or at once with 202 when sent with `Prefer: respond-async` (follow `eventsUrl`). With an `Idempotency-Key` header, a retry of the same request within a day answers with the same job and charges nothing more (the same key with a different request: 409); without one, hanging up before the answer cancels the job (charged, as any cancel, for the audio already transcribed: nothing when no text was out yet).",
          tags: ["transcriptions"],
          security,
          consumes: ["multipart/form-data"],
          headers: StartJobHeaders,
          querystring: TranscribeTeamQuery,
          body: TranscribeUploadDoc,
          response: {
            200: TranscriptionDetail,
            202: AcceptedResponse,
            ...errorResponses(400, 401, 402, 403, 404, 409, 413, 415, 422, 503, 507),
          },
        },
        // The body is multipart, read by the handler; the schema above is for the document.
        validatorCompiler: documentOnly,
      },
      async (request, reply) => {
        const user = currentUser(request);
        const { row, keyed } = await takeInUpload(ctx, request, user, {
          route: "/api/transcribe",
          teamId: teamIdOf(request.query),
          requireUsableModel: true,
          acceptsSubtitles: true,
          // Options sent before the file are checked before its bytes are read.
          earlyJob: (early) =>
            early.model !== undefined || early.speakers !== undefined
              ? jobFromUploadForm(parseUploadForm(early), user)
              : undefined,
          read: async ({ fields }) => ({
            job: jobFromUploadForm(parseUploadForm(fields), user),
            fingerprint: fields,
            parsed: undefined,
          }),
        });
        return respondWithJob(ctx, request, reply, row, { keyed });
      },
    );

    app.route({
      ...tableRoute("listTranscriptions", {
        summary: "History: the user's own transcriptions, or a team's (`teamId`), newest first",
        tags: ["transcriptions"],
        security,
      }),
      ...auth,
      handler: async (request) => {
        const user = currentUser(request);
        if (request.query.teamId) await teamFor(ctx, user, request.query.teamId, "read");
        const rows = await listTranscriptions(ctx.db, user.id, request.query);
        const summaries = await completedShortSummariesOf(
          ctx.db,
          rows.map((row) => row.id),
        );
        return rows.map((row) => ({
          ...presentSummary(row),
          shortSummary: summaries.get(row.id) ?? null,
        }));
      },
    });

    app.route({
      ...tableRoute("getTranscription", {
        summary: "One transcription with its subtitles",
        tags: ["transcriptions"],
        security,
      }),
      ...auth,
      handler: async (request) => {
        const row = await ownTranscription(ctx, currentUser(request), request.params.id);
        return { ...presentDetail(row), ...(await detailCounts(ctx, row.id)) };
      },
    });

    app.route({
      ...tableRoute("checkTranscription", {
        summary: "Quality checks of the subtitles: each finding, its subtitle and what to change",
        description:
          "Checks a completed transcription's saved subtitles against its style preset (line length and count, reading speed, shortest and longest time on screen), the minimum gap between subtitles (the preset's frames at the video's frame rate, 2 by default), the media's length, overlaps, unbalanced lines, lines ending on a conjunction or article, doubled words and spelling (English, with `words`: the user's own words). A finding with `fix` can be put right by a program (the editor's \"Fix what can be fixed\"); the others need a person. 409 NOT_COMPLETED until the job has completed. See docs/broadcast.md.",
        tags: ["transcriptions"],
        security,
      }),
      ...auth,
      handler: async (request) => {
        const row = await ownTranscription(ctx, currentUser(request), request.params.id);
        return checkTranscription(row, request.query.words);
      },
    });

    app.route({
      ...tableRoute("updateTranscription", {
        summary: "Rename, or save edited subtitles",
        tags: ["transcriptions"],
        security,
      }),
      ...auth,
      handler: async (request) => {
        const user = currentUser(request);
        const row = await ownTranscription(ctx, user, request.params.id, "edit");
        await updateTranscription(ctx, row, request.body);
        const saved = await ownTranscription(ctx, user, row.id);
        return { ...presentDetail(saved), ...(await detailCounts(ctx, row.id)) };
      },
    });

    app.route({
      ...tableRoute("deleteTranscription", {
        summary: "Delete a transcription (cancelling it first if it still runs)",
        tags: ["transcriptions"],
        security,
      }),
      ...auth,
      handler: async (request, reply) => {
        const row = await ownTranscription(ctx, currentUser(request), request.params.id, "delete");
        await deleteJob(ctx, row);
        return reply.status(204).send(null);
      },
    });

    app.route({
      ...tableRoute("cancelTranscription", {
        summary: "Cancel a queued or running transcription; its minutes are released",
        tags: ["transcriptions"],
        security,
      }),
      ...auth,
      handler: async (request) => {
        const row = await ownTranscription(ctx, currentUser(request), request.params.id, "cancel");
        return presentSummary(await cancelTranscription(ctx, row));
      },
    });

    app.get(
      "/api/transcriptions/:id/audio",
      {
        ...auth,
        schema: {
          summary: "Play the transcription's audio (HTTP ranges)",
          description:
            "The small audio copy (mono AAC in MP4) kept for the editor's player until the detail's `audio.expiresAt`; answers byte ranges (206) for seeking. 404 AUDIO_NOT_KEPT once it has expired or was never kept.",
          tags: ["transcriptions"],
          security,
          params: IdParams,
          // The body is the file's bytes (a stream: not serialised); errors are JSON.
          response: {
            200: audioBytes("The whole audio file."),
            206: audioBytes("The byte range asked for (`Content-Range` says which)."),
            ...errorResponses(401, 404, 416),
          },
        },
      },
      async (request, reply) => {
        const row = await ownTranscription(ctx, currentUser(request), request.params.id);
        return sendListeningCopy(request, reply, row, ctx.now());
      },
    );

    app.get(
      "/api/transcriptions/:id/export",
      {
        ...auth,
        schema: {
          summary: "Download in one of the export formats",
          description:
            "`srt` (times `hh:mm:ss,mmm`), `vtt` (times `hh:mm:ss.mmm`), `txt` (the text, a blank line between subtitles) or `json` (language, duration and cues with their words; every time in milliseconds), or another format of `format` below (docs/formats.md says what each holds and its limits), as an attachment named after the file. A diarized transcription carries its speakers: SRT starts each subtitle with `Name: `, VTT with a voice span `<v Name>`, TXT is a paragraph per turn under a `Name:` line, JSON lists `speakers` and gives cues and words a `speaker`; an unnamed speaker is `Speaker N` (`講者 N` with `lang=zh-HK`). A bilingual transcription downloads as two-line subtitles (the original line over its English translation) or, with `track`, one language alone. 409 NOT_COMPLETED until the job has completed; 422 EXPORT_TEXT_UNSUPPORTED when the format cannot hold the text (EBU-STL holds Latin script only); 503 EXPORT_FONT_MISSING when the server lacks the PDF's font.",
          tags: ["transcriptions"],
          security,
          params: IdParams,
          querystring: ExportQuery,
          response: {
            200: exportFileResponse(),
            ...errorResponses(400, 401, 404, 409, 422, 503),
          },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const row = await ownTranscription(ctx, user, request.params.id);
        const translation = await translationForExport(ctx.db, row.id, request.query.language);
        const file = await exportTranscription(
          ctx,
          row,
          request.query,
          user.locale,
          user.id,
          translation,
        );
        return sendExport(reply, row, request.query.format, file);
      },
    );
  };
}

/** What a transcription's page shows beside its subtitles: comments left, the insights' state. */
async function detailCounts(
  ctx: Pick<TranscriptionContext, "db">,
  id: string,
): Promise<Pick<z.output<typeof TranscriptionDetail>, "commentCount" | "insightsStatus">> {
  const insights = await latestInsightJob(ctx.db, id);
  return {
    commentCount: await countComments(ctx.db, id),
    insightsStatus: (insights?.status ?? null) as z.output<
      typeof TranscriptionDetail
    >["insightsStatus"],
  };
}

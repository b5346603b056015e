import { basename, dirname } from "node:path";
import send from "@fastify/send";
import {
  AcceptedResponse,
  errorResponses,
  ExportQuery,
  IdParams,
  JsonExport,
  ListQuery,
  StartJobHeaders,
  TranscribeUploadDoc,
  TranscriptionDetail,
  TranscriptionSummary,
  UpdateBody,
} from "@verbatim/contract/api";
import { LISTENING_COPY_TYPE } from "@verbatim/engine";
import { exportExtension } from "@verbatim/formats";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { attachmentDisposition } from "./attachment-disposition.js";
import { z } from "zod";
import { currentUser, requireUser } from "../auth/require-user.js";
import { AppError, fail } from "../http/app-error.js";
import { documentOnly } from "../http/openapi-docs.js";
import { jobFromUploadForm, parseUploadForm } from "../uploads/upload-form.js";
import { takeInUpload } from "../uploads/upload-intake.js";
import { presentDetail, presentSummary } from "./presenter.js";
import { deleteJob } from "../jobs/job-lifecycle.js";
import { listTranscriptions } from "../jobs/job-reads.js";
import { respondWithJob } from "./respond-with-job.js";
import { exportTranscription } from "./export-transcription.js";
import { updateTranscription } from "./subtitle-edits.js";
import { cancelTranscription, ownTranscription, type TranscriptionServices } from "./service.js";

/** Upload, history, edit, export, cancel: every call is the signed-in user's own jobs only. */
export function transcriptionRoutes(services: TranscriptionServices): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const auth = { preHandler: requireUser({ db: services.db, now: services.now }) };
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
          body: TranscribeUploadDoc,
          response: {
            200: TranscriptionDetail,
            202: AcceptedResponse,
            ...errorResponses(400, 401, 402, 409, 413, 415, 422, 503, 507),
          },
        },
        // The body is multipart, read by the handler; the schema above is for the document.
        validatorCompiler: documentOnly,
      },
      async (request, reply) => {
        const user = currentUser(request);
        const { row, keyed } = await takeInUpload(services, request, user, {
          route: "/api/transcribe",
          requireUsableModel: true,
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
        return respondWithJob(services, request, reply, row, { keyed });
      },
    );

    app.get(
      "/api/transcriptions",
      {
        ...auth,
        schema: {
          summary: "History: the user's transcriptions, newest first",
          tags: ["transcriptions"],
          security,
          querystring: ListQuery,
          response: { 200: z.array(TranscriptionSummary), ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const rows = await listTranscriptions(services.db, user.id, request.query);
        return rows.map(presentSummary);
      },
    );

    app.get(
      "/api/transcriptions/:id",
      {
        ...auth,
        schema: {
          summary: "One transcription with its subtitles",
          tags: ["transcriptions"],
          security,
          params: IdParams,
          response: { 200: TranscriptionDetail, ...errorResponses(401, 404) },
        },
      },
      async (request) =>
        presentDetail(await ownTranscription(services, currentUser(request), request.params.id)),
    );

    app.patch(
      "/api/transcriptions/:id",
      {
        ...auth,
        schema: {
          summary: "Rename, or save edited subtitles",
          tags: ["transcriptions"],
          security,
          params: IdParams,
          body: UpdateBody,
          response: { 200: TranscriptionDetail, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const row = await ownTranscription(services, user, request.params.id, "edit");
        await updateTranscription(services, row, request.body);
        return presentDetail(await ownTranscription(services, user, row.id));
      },
    );

    app.delete(
      "/api/transcriptions/:id",
      {
        ...auth,
        schema: {
          summary: "Delete a transcription (cancelling it first if it still runs)",
          tags: ["transcriptions"],
          security,
          params: IdParams,
          response: { 204: z.null(), ...errorResponses(401, 404) },
        },
      },
      async (request, reply) => {
        const row = await ownTranscription(
          services,
          currentUser(request),
          request.params.id,
          "delete",
        );
        await deleteJob(services, row);
        return reply.status(204).send(null);
      },
    );

    app.post(
      "/api/transcriptions/:id/cancel",
      {
        ...auth,
        schema: {
          summary: "Cancel a queued or running transcription; its minutes are released",
          tags: ["transcriptions"],
          security,
          params: IdParams,
          response: { 200: TranscriptionSummary, ...errorResponses(401, 404, 409) },
        },
      },
      async (request) => {
        const row = await ownTranscription(
          services,
          currentUser(request),
          request.params.id,
          "cancel",
        );
        return presentSummary(await cancelTranscription(services, row));
      },
    );

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
        const row = await ownTranscription(services, currentUser(request), request.params.id);
        const notKept = new AppError("AUDIO_NOT_KEPT");
        if (!row.audio_path) throw notKept;
        const file = await send(request.raw, basename(row.audio_path), {
          root: dirname(row.audio_path),
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
      },
    );

    app.get(
      "/api/transcriptions/:id/export",
      {
        ...auth,
        schema: {
          summary: "Download in one of the export formats",
          description:
            "`srt` (times `hh:mm:ss,mmm`), `vtt` (times `hh:mm:ss.mmm`), `txt` (the text, a blank line between subtitles) or `json` (language, duration and cues with their words; every time in milliseconds), or another format of `format` below (docs/formats.md says what each holds and its limits), as an attachment named after the file. A diarized transcription carries its speakers: SRT starts each subtitle with `Name: `, VTT with a voice span `<v Name>`, TXT is a paragraph per turn under a `Name:` line, JSON lists `speakers` and gives cues and words a `speaker`; an unnamed speaker is `Speaker N` (`講者 N` with `lang=zh-HK`). 409 NOT_COMPLETED until the job has completed; 422 EXPORT_TEXT_UNSUPPORTED when the format cannot hold the text (EBU-STL holds Latin script only); 503 EXPORT_FONT_MISSING when the server lacks the PDF's font.",
          tags: ["transcriptions"],
          security,
          params: IdParams,
          querystring: ExportQuery,
          response: {
            200: {
              description: "The file, in the format asked for.",
              content: {
                "application/x-subrip": { schema: z.string() },
                "text/vtt": { schema: z.string() },
                "text/plain": { schema: z.string() },
                "application/json": { schema: JsonExport },
                "text/csv": { schema: z.string() },
                "text/x-ssa": { schema: z.string() },
                "application/ttml+xml": { schema: z.string() },
                "application/xml": { schema: z.string() },
                ...Object.fromEntries(
                  BINARY_EXPORT_TYPES.map((type) => [type, { schema: binary() }]),
                ),
              },
            },
            ...errorResponses(400, 401, 404, 409, 422, 503),
          },
        },
      },
      async (request, reply) => {
        const row = await ownTranscription(services, currentUser(request), request.params.id);
        const { format } = request.query;
        const file = await exportTranscription(row, request.query, currentUser(request).locale);
        return (
          reply
            .header("content-type", file.contentType)
            .header(
              "content-disposition",
              attachmentDisposition(row.file_name, exportExtension(format)),
            )
            .header("cache-control", "no-store")
            .serializer((payload: unknown) => payload as string)
            // Text as it is, bytes (DOCX, PDF, XLSX, EBU-STL) as a Buffer; the reply's type
            // knows only the documented JSON export's shape, so the body is typed as text.
            .send((typeof file.body === "string" ? file.body : Buffer.from(file.body)) as string)
        );
      },
    );
  };
}

/** Media types of the exports that are not text (DOCX, PDF, XLSX, EBU-STL). */
const BINARY_EXPORT_TYPES = [
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/pdf",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/octet-stream",
];

/** Bytes, documented as binary. */
function binary() {
  return z.any().meta({ type: "string", format: "binary" });
}

/** A response of the listening copy's bytes, for the OpenAPI document. */
function audioBytes(description: string) {
  // Any body (the route sends a file stream), documented as binary.
  return { description, content: { [LISTENING_COPY_TYPE]: { schema: binary() } } };
}

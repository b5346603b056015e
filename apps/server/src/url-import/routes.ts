import {
  AcceptedResponse,
  DownloadProgressEventDoc,
  errorResponses,
  ImportBody,
  ProgressParams,
  StartJobHeaders,
} from "@verbatim/contract/api";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentUser, requireUser } from "../auth/require-user.js";
import type { TranscriptionContext } from "../transcriptions/transcription-context.js";
import { takeInLink } from "../uploads/upload-intake.js";
import { jobFromUploadForm } from "../uploads/upload-form.js";
import { type DownloadProgressEvent } from "./download-progress.js";
import { openEventStream, streamsEndedOnClose } from "../http/event-stream.js";

/**
 * POST /api/imports: transcribe the media a link points to; GET /api/imports/progress/:id: its
 * download's progress while the POST is fetching (docs/url-import.md).
 */
export function urlImportRoutes(ctx: TranscriptionContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const open = streamsEndedOnClose(plugin);
    app.post(
      "/api/imports",
      {
        preHandler: requireUser({ db: ctx.db, now: ctx.now }),
        schema: {
          summary: "Transcribe the media a link points to",
          description:
            "JSON: `url` and the upload options of POST /api/transcribe. The server fetches the file (at most MAX_UPLOAD_MB, within URL_IMPORT_TIMEOUT_S; a page of a video site only where yt-dlp is installed), then takes it in as an upload: probed, its minutes reserved, queued. Answers 202 with the job once the file is in (follow `eventsUrl`). Refused before anything is fetched: a link that is not public http(s) (400 `URL_NOT_ALLOWED`, also for a redirect there). Other refusals: `URL_NOT_FOUND`, `URL_TOO_LARGE` (413), `URL_TOO_LONG` (402), `URL_SITE_NOT_SUPPORTED`, `INPUT_NOT_MEDIA` (415), `URL_TIMEOUT` (504), `URL_FETCH_FAILED` (502). Takes an `Idempotency-Key` as uploads do. With `progressId` (a UUID the client makes up), GET /api/imports/progress/{progressId} streams the download's progress meanwhile.",
          tags: ["uploads"],
          security: [{ bearer: [] }],
          headers: StartJobHeaders,
          body: ImportBody,
          response: {
            202: AcceptedResponse,
            ...errorResponses(400, 401, 402, 409, 413, 415, 422, 502, 503, 504, 507),
          },
        },
      },
      async (request, reply) => {
        const { url, progressId, ...options } = request.body;
        const user = currentUser(request);
        // A callback the rules refuse is refused before anything is fetched (checkJobRequest).
        const { row } = await takeInLink(ctx, request, user, {
          route: "/api/imports",
          url,
          job: jobFromUploadForm(options, user),
          fingerprint: options,
          parsed: undefined,
          requireUsableModel: true,
          ...(progressId ? { progressId } : {}),
        });
        const location = `/api/transcriptions/${row.id}`;
        return reply
          .status(202)
          .header("location", location)
          .send({ id: row.id, status: "queued" as const, eventsUrl: `${location}/events` });
      },
    );

    app.get(
      "/api/imports/progress/:progressId",
      {
        preHandler: requireUser({ db: ctx.db, now: ctx.now }),
        schema: {
          summary: "Follow a link's download (text/event-stream)",
          description:
            "Server-sent events about the download of your POST /api/imports sent with this `progressId`, which may be opened before the POST: `progress` (receivedBytes; totalBytes, null when the remote server declares no size) at most five times a second, then `end` when the download is over, fetched or failed (the POST's answer says which, and it carries the job and its `eventsUrl`), after which the stream ends. Only your own imports are heard; another id, or one not sent yet, stays quiet until it starts. Live news only: with several API processes the stream hears the process it reaches. Comment lines keep it open.",
          tags: ["uploads"],
          security: [{ bearer: [] }],
          params: ProgressParams,
          response: {
            200: {
              description: "The event stream; each event's name and data as below.",
              content: { "text/event-stream": { schema: DownloadProgressEventDoc } },
            },
            ...errorResponses(401),
          },
        },
      },
      async (request, reply) => {
        const stream = openEventStream(request, reply, { open });
        const send = (event: DownloadProgressEvent) => {
          stream.send(event);
          if (event.type === "end") queueMicrotask(stream.close);
        };
        const stop = ctx.importProgress.follow(
          currentUser(request).id,
          request.params.progressId,
          send,
        );
        // Following too many at once: nothing will be heard here.
        if (stop) stream.onClose(stop);
        else send({ type: "end" });
      },
    );
  };
}

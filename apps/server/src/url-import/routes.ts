import {
  AcceptedResponse,
  errorResponses,
  ImportBody,
  StartJobHeaders,
} from "@verbatim/contract/api";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentUser, requireUser } from "../auth/require-user.js";
import type { TranscriptionContext } from "../transcriptions/transcription-context.js";
import { takeInLink } from "../uploads/upload-intake.js";
import { jobFromUploadForm } from "../uploads/upload-form.js";

/** POST /api/imports: transcribe the media a link points to (docs/url-import.md). */
export function urlImportRoutes(ctx: TranscriptionContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    app.post(
      "/api/imports",
      {
        preHandler: requireUser({ db: ctx.db, now: ctx.now }),
        schema: {
          summary: "Transcribe the media a link points to",
          description:
            "JSON: `url` and the upload options of POST /api/transcribe. The server fetches the file (at most MAX_UPLOAD_MB, within URL_IMPORT_TIMEOUT_S; a page of a video site only where yt-dlp is installed), then takes it in as an upload: probed, its minutes reserved, queued. Answers 202 with the job once the file is in (follow `eventsUrl`). Refused before anything is fetched: a link that is not public http(s) (400 `URL_NOT_ALLOWED`, also for a redirect there). Other refusals: `URL_NOT_FOUND`, `URL_TOO_LARGE` (413), `URL_TOO_LONG` (402), `URL_SITE_NOT_SUPPORTED`, `INPUT_NOT_MEDIA` (415), `URL_TIMEOUT` (504), `URL_FETCH_FAILED` (502). Takes an `Idempotency-Key` as uploads do.",
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
        const { url, ...options } = request.body;
        const user = currentUser(request);
        // A callback the rules refuse is refused before anything is fetched (checkJobRequest).
        const { row } = await takeInLink(ctx, request, user, {
          route: "/api/imports",
          url,
          job: jobFromUploadForm(options, user),
          fingerprint: options,
          parsed: undefined,
          requireUsableModel: true,
        });
        const location = `/api/transcriptions/${row.id}`;
        return reply
          .status(202)
          .header("location", location)
          .send({ id: row.id, status: "queued" as const, eventsUrl: `${location}/events` });
      },
    );
  };
}

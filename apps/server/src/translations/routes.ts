import {
  errorResponses,
  IdParams,
  TranslationBody,
  TranslationEditBody,
  TranslationLanguageParams,
  TranslationListReply,
  TranslationTrackReply,
} from "@verbatim/contract/api";
import { MAX_ACTIVE_TRANSLATIONS } from "@verbatim/contract";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, requireUser } from "../auth/require-user.js";
import { rowCues } from "../jobs/job-row.js";
import { ownTranscription } from "../transcriptions/transcription-context.js";
import { editTranslation } from "./commands/edit-translation.js";
import { queueTranslation } from "./commands/queue-translation.js";
import { stopTranslation } from "./commands/stop-translation.js";
import type { TranslationContext } from "./translation-context.js";
import { presentTranslation } from "./translation-row.js";
import { savedGlossary } from "./saved-glossary.js";
import { latestTranslations } from "./translation-store.js";

/**
 * Translation tracks of a transcription (docs/translation.md): ask for one, list them with
 * their jobs, edit a translated cue, cancel a job or delete a track.
 */
export function translationRoutes(ctx: TranslationContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const auth = { preHandler: requireUser({ db: ctx.db, now: ctx.now }) };
    const security = [{ bearer: [] }];
    const tags = ["translations"];

    app.post(
      "/api/transcriptions/:id/translations",
      {
        ...auth,
        schema: {
          summary: "Translate a transcription",
          description: `Queues a translation of the transcription's cues into \`language\` (BCP-47) by the server's language model: cue by cue with its timings, each within the reading limits of the style preset (condensed when over, flagged when it still does not fit; never cut), sentences that run across cues translated whole, the glossary applied and checked; Chinese targets in their script through OpenCC (\`zh-HK\` written or, with \`register: spoken\`, Cantonese as spoken). Answers 202 with the job; follow it with GET /api/transcriptions/{id}/translations. A job for that language already under way is answered as it is (200). Reserves one second of minutes for every ten seconds of media (\`costSeconds\`): charged when it completes; a job stopped early is charged for how far its delivered cues reach, and one that delivered nothing is free. A completed job replaces the language's earlier track. 409 NOT_COMPLETED; 402 INSUFFICIENT_MINUTES; 429 TOO_MANY_TRANSLATIONS with ${MAX_ACTIVE_TRANSLATIONS} under way.`,
          tags,
          security,
          params: IdParams,
          body: TranslationBody,
          response: {
            200: TranslationTrackReply,
            202: TranslationTrackReply,
            ...errorResponses(400, 401, 402, 403, 404, 409, 429),
          },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const job = await ownTranscription(ctx, user, request.params.id, "translate");
        const saved = await savedGlossary(ctx, user, request.body.glossaryId);
        const { row, created } = await queueTranslation(ctx, {
          user,
          transcription: job,
          body: request.body,
          savedGlossary: saved,
        });
        return reply
          .code(created ? 202 : 200)
          .send(presentTranslation(row, rowCues(job), user.locale));
      },
    );

    app.get(
      "/api/transcriptions/:id/translations",
      {
        ...auth,
        schema: {
          summary: "List a transcription's translations",
          description:
            "Each language's newest job, newest first, with its cues: once `completed`, the language's track; while `queued` or `running`, its progress and the cues translated so far.",
          tags,
          security,
          params: IdParams,
          response: { 200: TranslationListReply, ...errorResponses(401, 404) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const job = await ownTranscription(ctx, user, request.params.id);
        const originals = rowCues(job);
        const rows = await latestTranslations(ctx.db, job.id);
        return {
          translations: rows.map((row) => presentTranslation(row, originals, user.locale)),
        };
      },
    );

    app.patch(
      "/api/transcriptions/:id/translations/:language",
      {
        ...auth,
        schema: {
          summary: "Edit translated cues",
          description:
            "Sets the text of the language's translated cues, each named by its transcription cue's `index`; an edited cue's flags are cleared. 404 TRANSLATION_NOT_FOUND without a completed track.",
          tags,
          security,
          params: TranslationLanguageParams,
          body: TranslationEditBody,
          response: { 200: TranslationTrackReply, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const job = await ownTranscription(ctx, user, request.params.id, "edit");
        const originals = rowCues(job);
        const row = await editTranslation(ctx, {
          transcriptionId: job.id,
          language: request.params.language,
          originals,
          edits: request.body.cues,
        });
        return presentTranslation(row, originals, user.locale);
      },
    );

    app.delete(
      "/api/transcriptions/:id/translations/:language",
      {
        ...auth,
        schema: {
          summary: "Cancel a translation or delete a track",
          description:
            "A job under way for the language is cancelled (charged for the cues it delivered, free when none) and answered as it now stands (200); otherwise the language's track is deleted (204). 404 TRANSLATION_NOT_FOUND when there is neither.",
          tags,
          security,
          params: TranslationLanguageParams,
          response: {
            200: TranslationTrackReply,
            204: z.null().describe("Deleted."),
            ...errorResponses(401, 403, 404),
          },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const job = await ownTranscription(ctx, user, request.params.id, "translate");
        const row = await stopTranslation(ctx, {
          transcriptionId: job.id,
          language: request.params.language,
        });
        if (!row) return reply.code(204).send(null);
        return reply.code(200).send(presentTranslation(row, rowCues(job), user.locale));
      },
    );
  };
}

import { Readable } from "node:stream";
import type { ExportFormat } from "@verbatim/contract";
import { errorResponses, ExportsBody } from "@verbatim/contract/api";
import { exportExtension } from "@verbatim/formats";
import { unicodeDownloadFileName } from "@verbatim/subtitles";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ZipFile } from "yazl";
import { z } from "zod";
import { currentUser, requireUser } from "../auth/require-user.js";
import type { User } from "../users/repo.js";
import { fail } from "../http/app-error.js";
import type { TranscriptionRow } from "../jobs/job-row.js";
import { attachmentDisposition } from "./attachment-disposition.js";
import { exportTranscription } from "./export-transcription.js";
import {
  ownTranscription,
  readableBy,
  type TranscriptionContext,
} from "./transcription-context.js";

// POST /api/exports: many of the user's transcriptions in chosen formats as one ZIP, streamed.
// Everything that can refuse the request is checked before the first byte is sent (the ids
// are the caller's own and completed); then each file is read from the database and rendered
// only when the ZIP writer reaches it, so memory holds one transcription at a time whatever
// the count. yazl writes UTF-8 names (general purpose bit 11), so "會議.srt" stays "會議.srt".

/** One file of the ZIP: which transcription, in which format, under which name. */
interface ZipEntry {
  id: string;
  format: ExportFormat;
  name: string;
  mtime: Date;
}

/** POST /api/exports (see the file's comment). */
export function exportsRoute(ctx: TranscriptionContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    app.post(
      "/api/exports",
      {
        preHandler: requireUser({ db: ctx.db, now: ctx.now }),
        schema: {
          summary: "Download many transcriptions as one ZIP",
          description:
            "JSON: `ids` (completed transcriptions you may download: your own, and your teams' while you are in them) and `formats`. Answers with a ZIP, streamed, holding each transcription in each format as GET /api/transcriptions/{id}/export writes it at its defaults, named after its file (`會議 錄音.srt`; names are UTF-8, and a name used twice gets ` (2)`). 404 NOT_FOUND when an id is not one you may download (`details.ids` lists them), 409 NOT_COMPLETED when one has not completed; nothing is sent then. A file a format cannot hold (EBU-STL and Chinese text: 422 EXPORT_TEXT_UNSUPPORTED on its own) ends the ZIP early, as a failed download.",
          tags: ["transcriptions"],
          security: [{ bearer: [] }],
          body: ExportsBody,
          response: {
            200: {
              description: "The ZIP file.",
              content: {
                "application/zip": { schema: z.any().meta({ type: "string", format: "binary" }) },
              },
            },
            ...errorResponses(400, 401, 404, 409),
          },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const { ids, formats, speakerNames, lang } = request.body;
        const rows = await downloadableCompletedJobs(ctx, user, ids);
        const entries = zipEntries(rows, formats);
        // Each format at the single export's defaults (no timecodes, timestamps or karaoke).
        const choices = {
          speakerNames,
          ...(lang ? { lang } : {}),
          timecodes: false,
          timestamps: false,
          karaoke: false,
          track: "both" as const,
        };
        const zip = new ZipFile();
        // Each transcription is read once, for its first format, and kept for its others.
        let current: TranscriptionRow | undefined;
        for (const entry of entries) {
          zip.addReadStreamLazy(entry.name, { mtime: entry.mtime }, (deliver) => {
            void (async () => {
              if (current?.id !== entry.id) {
                current = await ownTranscription(ctx, user, entry.id, "download").catch(
                  () => undefined,
                );
              }
              // Deleted since the check: the download fails rather than miss a file silently.
              if (!current || current.status !== "completed") {
                throw new Error(`transcription ${entry.id} is gone`);
              }
              const file = await exportTranscription(
                current,
                { ...choices, format: entry.format },
                user.locale,
              );
              const bytes =
                typeof file.body === "string" ? Buffer.from(file.body, "utf8") : file.body;
              deliver(null, Readable.from([bytes]));
            })().catch((error: unknown) => deliver(error, Readable.from([])));
          });
        }
        zip.end();
        // A failure while writing ends the response early: the client sees a broken download.
        zip.on("error", (error: Error) => {
          request.log.warn({ err: error }, "ZIP export stopped");
          // yazl's output is a PassThrough (its types say only ReadableStream).
          (zip.outputStream as Readable).destroy(error);
        });
        return reply
          .header("content-type", "application/zip")
          .header("content-disposition", attachmentDisposition(zipName(ctx.now()), "zip"))
          .header("cache-control", "no-store")
          .send(zip.outputStream);
      },
    );
  };
}

type ExportRow = Pick<
  TranscriptionRow,
  "id" | "file_name" | "status" | "finished_at" | "created_at"
>;

/**
 * The rows of `ids`, in the order asked for, when the user may download every one (the
 * policies: their own, or their team's while they are in it) and each is completed: 404 naming
 * those they may not (another user's id is not found, as a missing one is), 409 naming those
 * not completed.
 */
async function downloadableCompletedJobs(
  ctx: TranscriptionContext,
  user: User,
  ids: string[],
): Promise<ExportRow[]> {
  // Ids are UUIDs; anything else cannot be a job (and PostgreSQL need not parse it).
  const wellFormed = ids.filter((id) => z.uuid().safeParse(id).success);
  const found =
    wellFormed.length === 0
      ? []
      : await ctx.db
          .selectFrom("transcriptions")
          .select(["id", "user_id", "team_id", "file_name", "status", "finished_at", "created_at"])
          .where("id", "in", wellFormed)
          .execute();
  const allowed = await readableBy(ctx, user, found, "download");
  const byId = new Map(allowed.map((row) => [row.id, row]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) {
    fail("NOT_FOUND", { ids: missing });
  }
  const rows = ids.map((id) => byId.get(id)!);
  const unfinished = rows.filter((row) => row.status !== "completed").map((row) => row.id);
  if (unfinished.length > 0) {
    fail("NOT_COMPLETED", { ids: unfinished });
  }
  return rows;
}

/**
 * The ZIP's files: each transcription in each format, named after its upload in the user's
 * script; a name already taken (two uploads of "talk.mp3") gets " (2)", " (3)"… before the
 * extension, compared without case as Windows and macOS do.
 */
export function zipEntries(rows: readonly ExportRow[], formats: readonly ExportFormat[]) {
  const taken = new Set<string>();
  const entries: ZipEntry[] = [];
  for (const row of rows) {
    for (const format of formats) {
      const extension = exportExtension(format);
      const name = unicodeDownloadFileName(row.file_name, extension);
      const stem = name.slice(0, -(extension.length + 1));
      let unique = name;
      for (let n = 2; taken.has(unique.toLowerCase()); n++) unique = `${stem} (${n}).${extension}`;
      taken.add(unique.toLowerCase());
      entries.push({
        id: row.id,
        format,
        name: unique,
        mtime: new Date(row.finished_at ?? row.created_at),
      });
    }
  }
  return entries;
}

/** "verbatim-2026-05-01.zip": the day it was made. */
function zipName(now: Date): string {
  return `verbatim-${now.toISOString().slice(0, 10)}.zip`;
}

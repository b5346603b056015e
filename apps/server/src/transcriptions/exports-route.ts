import { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import { ERROR_TABLE, errorTextFor, type ExportFormat } from "@verbatim/contract";
import { errorResponses, ExportsBody } from "@verbatim/contract/api";
import { exportExtension } from "@verbatim/formats";
import { unicodeDownloadFileName } from "@verbatim/subtitles";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ZipFile } from "yazl";
import { z } from "zod";
import { currentUser, requireUser } from "../auth/require-user.js";
import { AppError, fail } from "../http/app-error.js";
import type { User } from "../users/repo.js";
import type { TranscriptionRow } from "../jobs/job-row.js";
import { exportableJobs } from "../jobs/job-reads.js";
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
// one after the other as the ZIP writer takes them, so memory holds one transcription at a
// time whatever the count. A file a format refuses (an error of the table: EBU-STL cannot hold
// Chinese) is left out and named, with the reason, in a note at the end of the ZIP. yazl writes UTF-8 names (general purpose bit 11), so "會議.srt" stays "會議.srt".

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
            "JSON: `ids` (completed transcriptions you may download: your own, and your teams' while you are in them) and `formats`. Answers with a ZIP, streamed, holding each transcription in each format as GET /api/transcriptions/{id}/export writes it at its defaults (EBU-STL files with the `stl…` GSI fields given, checked as that export checks them), named after its file (`會議 錄音.srt`; names are UTF-8, and a name used twice gets ` (2)`). 404 NOT_FOUND when an id is not one you may download (`details.ids` lists them), 409 NOT_COMPLETED when one has not completed; nothing is sent then. A file a format cannot hold (EBU-STL and Chinese text: 422 EXPORT_TEXT_UNSUPPORTED on its own) is left out and named, with the reason, in `Files left out.txt` (`未收錄的檔案.txt` in Chinese) at the end of the ZIP.",
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
        const { ids, formats, speakerNames, lang, ...gsi } = request.body;
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
          // Every EBU-STL file of the ZIP gets the GSI fields asked for.
          ...gsi,
        };
        const zip = new ZipFile();
        const language = noteLanguage(lang ?? user.locale);
        // yazl's output is a PassThrough (its types say only ReadableStream).
        const output = zip.outputStream as Readable;
        // The client went away: stop writing (what is waiting to be taken never will be).
        const closed = new Promise<void>((resolve) => output.once("close", resolve));
        // A failure while writing ends the response early: the client sees a broken download.
        const stop = (error: unknown) => {
          request.log.warn({ err: error }, "ZIP export stopped");
          output.destroy(error as Error);
        };
        zip.on("error", stop);
        // One file at a time, each written before it is added: a file a format refuses (EBU-STL
        // and Chinese text) is left out before its name reaches the ZIP, and named in a note
        // at the end, so the ZIP is always whole. Each transcription is read once, for its
        // first format, and kept for its others.
        void (async () => {
          let current: TranscriptionRow | undefined;
          const leftOut: string[] = [];
          for (const entry of entries) {
            if (current?.id !== entry.id) {
              current = await ownTranscription(ctx, user, entry.id, "download").catch(
                () => undefined,
              );
            }
            // Deleted since the check: the download fails rather than miss a file silently.
            if (!current || current.status !== "completed") {
              throw new Error(`transcription ${entry.id} is gone`);
            }
            let bytes: Uint8Array;
            try {
              // Written in the export pool, one file at a time: the ZIP holds one thread.
              const file = await exportTranscription(
                ctx,
                current,
                { ...choices, format: entry.format },
                user.locale,
                user.id,
              );
              bytes = typeof file.body === "string" ? Buffer.from(file.body, "utf8") : file.body;
            } catch (error) {
              if (!(error instanceof AppError)) throw error;
              leftOut.push(`${entry.name}: ${refusalText(error, language)}`);
              continue;
            }
            const data = Readable.from([bytes]);
            zip.addReadStream(data, entry.name, { mtime: entry.mtime });
            // Taken by the ZIP writer (which waits for the client): then the next one.
            await Promise.race([finished(data), closed]);
            if (output.destroyed) {
              data.destroy();
              return;
            }
          }
          if (leftOut.length > 0) {
            const note = [LEFT_OUT[language].heading, "", ...leftOut, ""].join("\r\n");
            zip.addBuffer(Buffer.from(note, "utf8"), LEFT_OUT[language].name, {
              mtime: ctx.now(),
            });
          }
          zip.end();
        })().catch(stop);
        return reply
          .header("content-type", "application/zip")
          .header("content-disposition", attachmentDisposition(zipName(ctx.now()), "zip"))
          .header("cache-control", "no-store")
          .send(output);
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
  const found = await exportableJobs(ctx.db, wellFormed);
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

type NoteLanguage = keyof typeof LEFT_OUT;

/** The note naming the files left out, in the reader's language. */
const LEFT_OUT = {
  en: {
    name: "Files left out.txt",
    heading: "These files are not in this ZIP, because their format cannot hold them:",
  },
  "zh-HK": {
    name: "未收錄的檔案.txt",
    heading: "以下檔案未收錄在這個 ZIP 內，因為其格式無法容納其內容：",
  },
} as const;

function noteLanguage(locale: string): NoteLanguage {
  return locale === "zh-HK" ? "zh-HK" : "en";
}

/** The error table's text of a refusal in the reader's language (its English without). */
function refusalText(error: AppError, language: NoteLanguage): string {
  return (
    errorTextFor(error.code, language, error.details) ??
    (language === "en" ? error.message : ERROR_TABLE[error.code][language])
  );
}

/** "verbatim-2026-05-01.zip": the day it was made. */
function zipName(now: Date): string {
  return `verbatim-${now.toISOString().slice(0, 10)}.zip`;
}

import { parentPort } from "node:worker_threads";
import { stlInformation } from "@verbatim/contract";
import { CjkFontMissingError, Iso6937Error, storedFrameRate, writeExport } from "@verbatim/formats";
import { withTranslations } from "@verbatim/subtitles";
import { rowCues, rowOptions, rowSpeakers } from "../jobs/job-row.js";
import type {
  ExportReply,
  ExportReplyMessage,
  ExportRequestMessage,
  ExportThreadReady,
  ExportWork,
} from "./export-work-protocol.js";

// An export thread of the pool (export-pool.ts starts it with a heap cap and stops it past its
// time cap): it keeps the formats package (pdfkit, docx, exceljs, the fonts' code) loaded and
// writes one export after another, so a large PDF or a ZIP's hundred files never run on the
// API's event loop, and a thread that runs out of heap ends that one export, not the server.

/** Writes one export: what GET /api/transcriptions/{id}/export sends. */
async function write(work: ExportWork): Promise<ExportReply> {
  const { row, query, accountLocale, translation } = work;
  try {
    const speakers = rowSpeakers(row)?.map(({ id, name }) => ({ id, name }));
    const file = await writeExport(query.format, {
      transcript: {
        language: row.language,
        duration: row.duration_ms,
        cues: translation ? withTranslations(rowCues(row), translation.cues) : rowCues(row),
        ...(speakers ? { speakers } : {}),
      },
      title: row.file_name,
      mediaFileName: row.media_file_name ?? row.file_name,
      createdAt: new Date(row.created_at),
      locale: query.lang ?? accountLocale,
      speakerNames: query.speakerNames,
      // Absent when neither is known: counted at the default rate, TTML in clock times.
      frameRate: query.fps ?? storedFrameRate(row.video_frame_rate) ?? undefined,
      style: rowOptions(row).style,
      timecodes: query.timecodes,
      timestamps: query.timestamps,
      karaoke: query.karaoke,
      stl: stlInformation(query),
      track: query.track,
      translationLanguage: translation?.language,
    });
    return { ok: true, body: file.body, contentType: file.contentType };
  } catch (error) {
    if (error instanceof Iso6937Error) {
      return {
        ok: false,
        refusal: { code: "EXPORT_TEXT_UNSUPPORTED", details: { character: error.character } },
      };
    }
    if (error instanceof CjkFontMissingError) {
      return { ok: false, refusal: { code: "EXPORT_FONT_MISSING" } };
    }
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

const port = parentPort;
if (!port) throw new Error("export-thread.js runs as a worker thread of the export pool");
port.on("message", ({ id, work }: ExportRequestMessage) => {
  void write(work).then((reply) => {
    const message: ExportReplyMessage = { id, reply };
    // A file's bytes move to the API thread rather than being copied.
    const transfer =
      reply.ok &&
      typeof reply.body !== "string" &&
      reply.body.byteOffset === 0 &&
      reply.body.byteLength === reply.body.buffer.byteLength &&
      reply.body.buffer instanceof ArrayBuffer
        ? [reply.body.buffer]
        : [];
    port.postMessage(message, transfer);
  });
});
const ready: ExportThreadReady = { ready: true };
port.postMessage(ready);

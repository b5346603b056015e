import type { ExportFormat } from "@verbatim/contract";
import { JsonExport } from "@verbatim/contract/api";
import { LISTENING_COPY_TYPE } from "@verbatim/engine";
import { exportExtension, type ExportFile } from "@verbatim/formats";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import type { TranscriptionRow } from "../jobs/job-row.js";
import { attachmentDisposition } from "./attachment-disposition.js";

// The answers that are files (an export, the audio copy): how they are sent and documented,
// for the owner's routes and a share link's alike.

/** Sends an export as an attachment named after the transcription's file. */
export function sendExport(
  reply: FastifyReply,
  row: Pick<TranscriptionRow, "file_name">,
  format: ExportFormat,
  file: ExportFile,
): FastifyReply {
  return (
    reply
      .header("content-type", file.contentType)
      .header("content-disposition", attachmentDisposition(row.file_name, exportExtension(format)))
      .header("cache-control", "no-store")
      .serializer((payload: unknown) => payload as string)
      // Text as it is, bytes (DOCX, PDF, XLSX, EBU-STL) as a Buffer.
      .send(typeof file.body === "string" ? file.body : Buffer.from(file.body))
  );
}

/** Media types of the exports that are not text (DOCX, PDF, XLSX, EBU-STL). */
const BINARY_EXPORT_TYPES = [
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/pdf",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/octet-stream",
];

/** The documented 200 of an export route: the file, in the format asked for. */
export function exportFileResponse() {
  return {
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
      ...Object.fromEntries(BINARY_EXPORT_TYPES.map((type) => [type, { schema: binary() }])),
    },
  };
}

/** Bytes, documented as binary. */
function binary() {
  return z.any().meta({ type: "string", format: "binary" });
}

/** A response of the listening copy's bytes, for the OpenAPI document. */
export function audioBytes(description: string) {
  // Any body (the route sends a file stream), documented as binary.
  return { description, content: { [LISTENING_COPY_TYPE]: { schema: binary() } } };
}

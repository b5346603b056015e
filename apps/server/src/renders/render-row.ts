import { CaptionOptions, RENDER_PICTURES, type RenderReply } from "@verbatim/contract/api";
import { errorTextFor, type Language } from "@verbatim/contract";
import type { Selectable } from "kysely";
import type { z } from "zod";
import type { RendersTable } from "../db/schema.js";

/** A render as stored. */
export type RenderRow = Selectable<RendersTable>;

export type RenderStatus = z.output<typeof RenderReply>["status"];
export type RenderOptions = z.output<typeof CaptionOptions>;

/** The statuses of a render that is not over. */
export const ACTIVE_RENDER_STATUSES: readonly RenderStatus[] = ["queued", "running"];

/** The stored options, read back through their schema (defaults filled in). */
export function renderOptions(row: Pick<RenderRow, "options_json">): RenderOptions {
  return CaptionOptions.parse(JSON.parse(row.options_json));
}

/** A render as the API shows it, its error in the reader's language. */
export function presentRender(row: RenderRow, language: Language): z.output<typeof RenderReply> {
  return {
    id: row.id,
    transcriptionId: row.transcription_id,
    status: row.status as RenderStatus,
    progress: row.progress,
    options: renderOptions(row),
    picture: RENDER_PICTURES.find((picture) => picture === row.picture) ?? "waveform",
    width: row.width,
    height: row.height,
    sizeBytes: row.size_bytes,
    costSeconds: row.cost_seconds,
    error:
      row.error_code === null
        ? null
        : {
            code: row.error_code,
            message:
              errorTextFor(row.error_code, language) ??
              errorTextFor("INTERNAL", language) ??
              row.error_code,
          },
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    expiresAt: row.status === "completed" ? row.expires_at : null,
  };
}

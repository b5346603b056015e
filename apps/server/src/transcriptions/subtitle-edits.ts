import {
  formatTimecode,
  parseTimecode,
  placementFields,
  sortCues,
  type Cue,
} from "@verbatim/subtitles";
import type { z } from "zod";
import { AppError, fail } from "../http/app-error.js";
import { saveEdits, type JobEdits } from "../jobs/lifecycle/owner-edits.js";
import { findTranscription } from "../jobs/job-reads.js";
import { rowCues, rowSpeakers, searchText, type TranscriptionRow } from "../jobs/job-row.js";
import { cuesVersion, toSubtitle } from "./presenter.js";
import type { UpdateBody } from "@verbatim/contract/api";
import type { TranscriptionContext } from "./transcription-context.js";
import { editedSpeakers } from "./speaker-edits.js";
import { editedWords } from "./edited-words.js";

// An owner's edits to a finished transcription: its name, its subtitles (times checked, word
// timings kept for unchanged words and estimated for the others, edited-words.ts) and its speakers, saved only when nobody else
// saved since the editor opened them (409 EDIT_CONFLICT with what is saved now).

/**
 * Renames a job and/or saves edited subtitles (word timings kept or estimated)
 * and/or its speakers (renamed, added, a subtitle's speaker changed).
 */
export async function updateTranscription(
  ctx: Pick<TranscriptionContext, "db" | "now">,
  row: TranscriptionRow,
  body: z.infer<typeof UpdateBody>,
): Promise<void> {
  const changes: JobEdits = {};
  if (body.fileName !== undefined) changes.file_name = body.fileName;
  let cues = rowCues(row);
  const editsText = body.subtitles !== undefined || body.speakers !== undefined;
  if (editsText) {
    if (row.status !== "completed") {
      fail("NOT_COMPLETED");
    }
    if (body.baseVersion !== undefined && body.baseVersion !== cuesVersion(row)) {
      throw editConflict(row);
    }
  }
  if (body.subtitles !== undefined) {
    cues = editedCues(cues, body.subtitles, row.duration_ms);
    changes.cues_json = JSON.stringify(cues);
  }
  if (editsText) {
    const speakers = editedSpeakers(rowSpeakers(row), body.speakers, cues);
    if (speakers) {
      changes.speakers_json = JSON.stringify(speakers);
      changes.speaker_count = speakers.length;
    }
  }
  if (row.status === "completed") {
    changes.search_text = searchText(changes.file_name ?? row.file_name, cues);
  }
  // Compare and set: a save that raced another one since the row was read changes nothing.
  const compareWith = body.baseVersion !== undefined && editsText ? row : undefined;
  if (!(await saveEdits(ctx.db, row.id, changes, ctx.now(), compareWith))) {
    const now = await findTranscription(ctx.db, row.id);
    throw now ? editConflict(now) : new AppError("NOT_FOUND");
  }
}

/** Another tab or device saved these subtitles since the edits were made from them. */
function editConflict(row: TranscriptionRow): AppError {
  return new AppError("EDIT_CONFLICT", {
    version: cuesVersion(row),
    subtitles: rowCues(row).map(toSubtitle),
    speakers: rowSpeakers(row)?.map(({ id, name }) => ({ id, name })) ?? null,
  });
}

/** How far past the media's end a subtitle may stay on screen (time to finish reading). */
const END_GRACE_MS = 10_000;

function editedCues(
  previous: readonly Cue[],
  subtitles: NonNullable<z.infer<typeof UpdateBody>["subtitles"]>,
  mediaMs: number,
): Cue[] {
  const cues = subtitles.map((subtitle, position) => {
    const label = `Subtitle ${position + 1}`;
    const start = parseTimecode(subtitle.startTime.trim());
    const end = parseTimecode(subtitle.endTime.trim());
    if (start === null) throw badTime(label, "start", subtitle.startTime);
    if (end === null) throw badTime(label, "end", subtitle.endTime);
    if (end < start) {
      fail("INVALID_SUBTITLE_TIME", {
        subtitle: label,
        startTime: subtitle.startTime,
        endTime: subtitle.endTime,
      });
    }
    if (mediaMs > 0 && (start >= mediaMs || end > mediaMs + END_GRACE_MS)) {
      fail("SUBTITLE_AFTER_MEDIA", {
        subtitle: label,
        mediaMs,
        mediaLength: formatTimecode(mediaMs),
      });
    }
    const speaker = subtitle.speaker ?? undefined;
    const words = editedWords(previous, subtitle.text, start, end);
    return {
      index: position + 1,
      start,
      end,
      text: subtitle.text,
      ...placementFields(subtitle.position, subtitle.align),
      ...(speaker !== undefined ? { speaker } : {}),
      ...(subtitle.translation !== undefined ? { translation: subtitle.translation } : {}),
      // The places still to check, as the editor sends them back (a checked one is dropped).
      ...(subtitle.mismatches && subtitle.mismatches.length > 0
        ? {
            mismatches: subtitle.mismatches.map(({ script, heard, startMs, endMs }) => ({
              script,
              heard,
              start: startMs,
              end: endMs,
            })),
          }
        : {}),
      // A cue holds one speaker: its words are said by whoever says the cue.
      ...(words ? { words: words.map((word) => withSpeaker(word, speaker)) } : {}),
    };
  });
  return sortCues(cues).map((cue, i) => ({ ...cue, index: i + 1 }));
}

function withSpeaker<T extends { speaker?: string }>(item: T, speaker: string | undefined): T {
  const copy = { ...item };
  if (speaker === undefined) delete copy.speaker;
  else copy.speaker = speaker;
  return copy;
}

function badTime(label: string, which: string, value: string): AppError {
  return new AppError("INVALID_SUBTITLE_TIME", { subtitle: label, [`${which}Time`]: value });
}

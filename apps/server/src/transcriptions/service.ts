import { formatTimecode, parseTimecode, sortCues, type Cue } from "@verbatim/subtitles";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { AppError, errors } from "../http/app-error.js";
import type { JobQueue } from "../jobs/job-queue.js";
import { isFinalEvent } from "../jobs/job-events.js";
import type { ModelCatalog } from "../models/model-choice.js";
import type { User } from "../users/repo.js";
import { cancelJob, saveEdits, type JobEdits } from "../jobs/job-lifecycle.js";
import { findOwnTranscription, findTranscription } from "../jobs/job-reads.js";
import {
  rowCues,
  rowSpeakers,
  searchText,
  type TranscriptionRow,
  isFinal,
} from "../jobs/job-row.js";
import type { UpdateBody } from "./schema.js";
import { editedSpeakers } from "./speaker-edits.js";
import { cuesVersion, toSubtitle } from "./presenter.js";

/** What the transcription service needs. */
export interface TranscriptionServices {
  db: Db;
  config: Config;
  jobs: JobQueue;
  models: ModelCatalog;
  log: FastifyBaseLogger;
  now: () => Date;
}

/** The user's own job, or 404. */
export async function ownTranscription(db: Db, user: User, id: string): Promise<TranscriptionRow> {
  const row = z.uuid().safeParse(id).success
    ? await findOwnTranscription(db, user.id, id)
    : undefined;
  if (!row) throw errors.notFound("Transcription not found.");
  return row;
}

/** Resolves when the job ends (or `signal` aborts), with its final row. */
export async function waitForOutcome(
  services: Pick<TranscriptionServices, "db" | "jobs">,
  id: string,
  signal: AbortSignal,
): Promise<TranscriptionRow | undefined> {
  const ended = new Promise<void>((resolve) => {
    const unsubscribe = services.jobs.events.subscribe(id, (event) => {
      if (isFinalEvent(event)) done();
    });
    const timer = setInterval(() => {
      findTranscription(services.db, id).then(
        (row) => {
          if (!row || isFinal(row.status)) done();
        },
        () => undefined, // the database is closing (shutdown); the next tick or the end decides
      );
    }, 2_000);
    const done = () => {
      unsubscribe();
      clearInterval(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    signal.addEventListener("abort", done);
  });
  const row = await findTranscription(services.db, id);
  if (row && !isFinal(row.status)) await ended;
  return findTranscription(services.db, id);
}

/** Cancels a waiting or running job: minutes released, media deleted, followers told. */
export async function cancelTranscription(
  services: TranscriptionServices,
  row: TranscriptionRow,
): Promise<TranscriptionRow> {
  if (!(await cancelJob(services, row))) {
    throw new AppError(
      409,
      "ALREADY_FINISHED",
      `The transcription has already ${row.status === "completed" ? "completed" : "ended"}.`,
    );
  }
  const updated = await findTranscription(services.db, row.id);
  if (!updated) throw errors.notFound("Transcription not found.");
  return updated;
}

/**
 * Renames a job and/or saves edited subtitles (words kept where a cue's text is unchanged)
 * and/or its speakers (renamed, added, a subtitle's speaker changed).
 */
export async function updateTranscription(
  services: TranscriptionServices,
  row: TranscriptionRow,
  body: z.infer<typeof UpdateBody>,
): Promise<void> {
  const changes: JobEdits = {};
  if (body.fileName !== undefined) changes.file_name = body.fileName;
  let cues = rowCues(row);
  const editsText = body.subtitles !== undefined || body.speakers !== undefined;
  if (editsText) {
    if (row.status !== "completed") {
      throw new AppError(
        409,
        "NOT_COMPLETED",
        "Subtitles can be edited once the transcription has completed.",
      );
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
  if (!(await saveEdits(services.db, row.id, changes, services.now(), compareWith))) {
    const now = await findTranscription(services.db, row.id);
    throw now ? editConflict(now) : errors.notFound("Transcription not found");
  }
}

/** Another tab or device saved these subtitles since the edits were made from them. */
function editConflict(row: TranscriptionRow): AppError {
  return new AppError(
    409,
    "EDIT_CONFLICT",
    "These subtitles were changed elsewhere (another tab or device) after you opened them.",
    {
      version: cuesVersion(row),
      subtitles: rowCues(row).map(toSubtitle),
      speakers: rowSpeakers(row)?.map(({ id, name }) => ({ id, name })) ?? null,
    },
  );
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
      throw new AppError(
        400,
        "INVALID_SUBTITLE_TIME",
        `${label} ends (${subtitle.endTime}) before it starts (${subtitle.startTime}).`,
      );
    }
    if (mediaMs > 0 && (start >= mediaMs || end > mediaMs + END_GRACE_MS)) {
      throw new AppError(
        400,
        "SUBTITLE_AFTER_MEDIA",
        `${label} (${subtitle.startTime} to ${subtitle.endTime}) is past the end of the media (${formatTimecode(mediaMs)}).`,
        { mediaMs },
      );
    }
    const speaker = subtitle.speaker ?? undefined;
    const { words } = keptWords(previous, subtitle.text, start, end);
    return {
      index: position + 1,
      start,
      end,
      text: subtitle.text,
      ...(speaker !== undefined ? { speaker } : {}),
      // A cue holds one speaker: its words are said by whoever says the cue.
      ...(words ? { words: words.map((word) => withSpeaker(word, speaker)) } : {}),
    };
  });
  return sortCues(cues).map((cue, i) => ({ ...cue, index: i + 1 }));
}

/**
 * The word timings an edited cue keeps: those of a cue with the very same text, when its times
 * are unchanged or moved as a whole (the words move with it); none once the text or the
 * length changed, since they would no longer match what is said.
 */
function keptWords(
  previous: readonly Cue[],
  text: string,
  start: number,
  end: number,
): Pick<Cue, "words"> {
  const same = previous.filter((cue) => cue.words && cue.text === text);
  const match =
    same.find((cue) => cue.start === start && cue.end === end) ??
    same.find((cue) => cue.end - cue.start === end - start);
  if (!match?.words) return {};
  const by = start - match.start;
  return {
    words:
      by === 0
        ? match.words
        : match.words.map((w) => ({ ...w, start: w.start + by, end: w.end + by })),
  };
}

function withSpeaker<T extends { speaker?: string }>(item: T, speaker: string | undefined): T {
  const copy = { ...item };
  if (speaker === undefined) delete copy.speaker;
  else copy.speaker = speaker;
  return copy;
}

function badTime(label: string, which: string, value: string): AppError {
  return new AppError(
    400,
    "INVALID_SUBTITLE_TIME",
    `${label}: the ${which} time "${value}" is not a time like 00:01:02,345.`,
  );
}

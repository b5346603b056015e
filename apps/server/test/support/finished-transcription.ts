import { copyFile } from "node:fs/promises";
import { join } from "node:path";
import { jobOptions } from "@verbatim/contract";
import type { Db } from "../../src/db/database.js";
import { insertTranscription, transition } from "../../src/jobs/lifecycle/transition.js";

/** One cue as the server stores it (milliseconds). */
export interface StoredCue {
  start: number;
  end: number;
  text: string;
  /** Word timings (ms), as the engine stores them. */
  words?: Array<{ text: string; start: number; end: number; speaker?: string }>;
  /** The cue's speaker id, in a diarized transcription. */
  speaker?: string;
}

/**
 * A finished transcription of the user's, stored as the engine leaves one (no media kept): the
 * editor opens on it at /?job=<id> without running the engine.
 */
export async function finishedTranscription(
  db: Db,
  userId: string,
  cues: readonly StoredCue[],
  fileName = "interview.mp3",
  /** A diarized transcription's speakers (the engine's: id, name, time spoken). */
  speakers?: readonly { id: string; name: string | null; speechMs: number }[],
): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date();
  const durationMs = Math.max(1000, ...cues.map((cue) => cue.end));
  // One transaction: a server's queue worker never sees it queued (with no media) and takes it.
  await db.transaction().execute(async (trx) => {
    await insertTranscription(
      trx,
      {
        id,
        userId,
        fileName,
        model: "whisper-1",
        engineModel: "base",
        options: jobOptions({ language: "en", wordTimestamps: true }),
        mediaPath: "",
        mediaBytes: 0,
        durationMs,
      },
      now,
    );
    await transition(
      trx,
      id,
      ["queued"],
      {
        status: "completed",
        progress: 1,
        media_path: null,
        cues_json: JSON.stringify(cues.map((cue, i) => ({ index: i + 1, ...cue }))),
        ...(speakers
          ? { speakers_json: JSON.stringify(speakers), speaker_count: speakers.length }
          : {}),
        finished_at: now.toISOString(),
      },
      now,
    );
  });
  return id;
}

/**
 * Gives a transcription `audio` as its kept listening copy (`<id>.listen.m4a` in `dir`, kept a
 * day), as a finished job leaves one: its player, waveform and renders have audio to use.
 */
export async function keepAudio(db: Db, id: string, audio: string, dir: string): Promise<void> {
  const copy = join(dir, `${id}.listen.m4a`);
  await copyFile(audio, copy);
  await db
    .updateTable("transcriptions")
    .set({ audio_path: copy, audio_expires_at: new Date(Date.now() + 86_400_000).toISOString() })
    .where("id", "=", id)
    .execute();
}

/** Numbered cues "Line 1", "Line 2"… each 2 s long with a 1 s gap after it. */
export function numberedCues(count: number): StoredCue[] {
  return Array.from({ length: count }, (_, i) => ({
    start: 1000 + i * 3000,
    end: 3000 + i * 3000,
    text: `Line ${i + 1}`,
  }));
}

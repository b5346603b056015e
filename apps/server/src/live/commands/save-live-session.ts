// Command: turns a live session's captured audio and final text into a completed transcription and settles its minutes
import { rm } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import { jobOptions, type ModelFamily } from "@verbatim/contract";
import { buildCues, writeListeningCopy, type Segment } from "@verbatim/engine";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/database.js";
import { insertLiveTranscription } from "../../jobs/lifecycle/settlement.js";
import { chargeTranscribed } from "../../minutes/minute-ledger.js";
import { listeningCopyPath, retentionEnds } from "../../transcriptions/listening-copy.js";
import { closeWavFile, LIVE_SAMPLE_RATE, samplesToMs } from "../live-audio.js";
import { endLiveSession, setLiveTranscription } from "../live-store.js";
import { LIVE_STEP_SECONDS, liveStepReference } from "../live-steps.js";

/** What a stopped session leaves to save. */
export interface StoppedLiveSession {
  id: string;
  userId: string;
  language: string;
  model: string;
  engineModel: string;
  family: string;
  audioPath: string;
  /** Samples captured (16 kHz). */
  samples: number;
  reservedSteps: number;
  finals: readonly Segment[];
  createdAt: string;
}

/**
 * Saves a stopped live session as a normal transcription (the editor, speakers, exports work on
 * it): cues from its final text, a listening copy of its audio, and the live minutes charged by
 * the second captured — each reservation step charged what falls in it, the rest released.
 * Returns the transcription's id; null when the session was already ended by someone else.
 */
export async function saveLiveSession(
  ctx: { db: Db; log: FastifyBaseLogger; now: () => Date; uploadDir: string },
  props: StoppedLiveSession,
): Promise<string | null> {
  const { db, now } = ctx;
  const transcriptionId = randomUUID();
  const durationMs = samplesToMs(props.samples);
  const capturedSeconds = props.samples / LIVE_SAMPLE_RATE;
  let charged = 0;
  for (let step = 0; step < props.reservedSteps; step++) {
    const inStep = Math.min(
      LIVE_STEP_SECONDS,
      Math.max(0, capturedSeconds - step * LIVE_STEP_SECONDS),
    );
    charged += await chargeTranscribed(
      db,
      props.userId,
      liveStepReference(props.id, step),
      inStep,
      now(),
    );
  }
  let audio: { path: string; expires: string } | null = null;
  if (props.samples > 0) {
    const copy = listeningCopyPath(ctx.uploadDir, transcriptionId);
    try {
      await closeWavFile(props.audioPath, props.samples);
      await writeListeningCopy(props.audioPath, copy, { maxMs: durationMs });
      audio = { path: copy, expires: await retentionEnds(db, props.userId, now()) };
    } catch (error) {
      ctx.log.warn({ err: error, liveSession: props.id }, "no audio copy for a live session");
    }
  }
  const language = props.language === "auto" ? null : props.language;
  const detected = language ?? props.finals.find((segment) => segment.language)?.language ?? null;
  const segments = [...props.finals];
  const cues = buildCues(segments, { language: detected });
  const options = jobOptions({ language: props.language });
  const ended = await endLiveSession(db, props.id, { saved: true, capturedMs: durationMs }, now());
  if (!ended) {
    if (audio) await rm(audio.path, { force: true });
    return null;
  }
  await insertLiveTranscription(
    db,
    {
      id: transcriptionId,
      userId: props.userId,
      fileName: `Live ${props.createdAt.slice(0, 16).replace("T", " ")}`,
      model: props.model,
      engineModel: props.engineModel,
      modelFamily: props.family as ModelFamily,
      options,
      durationMs,
      startedAt: props.createdAt,
    },
    {
      cues,
      segments,
      language: detected,
      durationMs,
      family: props.family as ModelFamily,
      audio,
    },
    charged,
    now,
  );
  await setLiveTranscription(db, props.id, transcriptionId);
  await rm(props.audioPath, { force: true });
  return transcriptionId;
}

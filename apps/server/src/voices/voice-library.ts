import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { MAX_VOICES } from "@verbatim/contract";
import { MAX_VOICE_CLIP_SECONDS } from "@verbatim/contract/api";
import { isEngineError, voiceEmbedding } from "@verbatim/engine";
import { z } from "zod";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { AppError, fail } from "../http/app-error.js";
import { rowCues, rowSpeakers } from "../jobs/job-row.js";
import { keptAudioPath } from "../transcriptions/listening-copy.js";
import { storeOfLocation } from "../storage/stored-files.js";
import {
  ownTranscription,
  type TranscriptionContext,
} from "../transcriptions/transcription-context.js";
import { intakeError, probeUpload } from "../uploads/probe-upload.js";
import type { ReceivedFile } from "../uploads/receive-multipart.js";
import type { User } from "../users/repo.js";
import { countVoices, findVoice, voiceNameKey, type VoiceRow } from "./repo.js";
import { actorOf } from "../policies/actor.js";
import { authorize } from "../policies/authorize.js";
import { voice as voiceResource, type ActionOn } from "../policies/policies.js";
import { longestTurns, meanEmbedding } from "./turns.js";

/** How many of a speaker's turns a voice from a transcription is made from. */
const TURNS_PER_VOICE = 3;

/** A saved voice as the API shows it. */
export function presentVoice(row: VoiceRow) {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at,
    seconds: Math.round(row.duration_ms / 100) / 10,
  };
}

/**
 * A voice the user may do `action` to (policies/: its owner), or 404 (another user's voice is
 * "not found" too).
 */
export async function ownVoice(
  { db, config }: { db: Db; config: Pick<Config, "adminEmails"> },
  user: User,
  id: string,
  action: ActionOn<"voice"> = "read",
): Promise<VoiceRow> {
  const row = z.uuid().safeParse(id).success ? await findVoice(db, id) : undefined;
  authorize(actorOf(user, config), action, row && voiceResource(row));
  return row as VoiceRow;
}

/** 409 when the user has as many voices as an account may keep, or one of this name. */
export async function checkNewVoice(db: Db, user: User, name: string): Promise<void> {
  if ((await countVoices(db, user.id)) >= MAX_VOICES) {
    fail("VOICE_LIMIT", { limit: MAX_VOICES });
  }
  await checkNameFree(db, user, name);
}

async function checkNameFree(db: Db, user: User, name: string, except?: string): Promise<void> {
  let query = db
    .selectFrom("voices")
    .select("id")
    .where("user_id", "=", user.id)
    .where("name_key", "=", voiceNameKey(name));
  if (except) query = query.where("id", "!=", except);
  if (await query.executeTakeFirst()) throw nameTaken(name);
}

function nameTaken(name: string): AppError {
  return new AppError("VOICE_NAME_TAKEN", { name });
}

/** A voice from an uploaded clip: checked as media by ffmpeg, at most a minute long. */
export async function voiceFromClip(
  ctx: TranscriptionContext,
  user: User,
  name: string,
  file: ReceivedFile,
  signal: AbortSignal,
): Promise<VoiceRow> {
  try {
    await checkNewVoice(ctx.db, user, name);
    const media = await probeUpload(file.path);
    if (media.durationMs > MAX_VOICE_CLIP_SECONDS * 1000 + 500) {
      fail("VOICE_CLIP_TOO_LONG", { maxSeconds: MAX_VOICE_CLIP_SECONDS });
    }
    const { embedding, model } = await embed(ctx, file.path, {}, signal);
    return await saveVoice(ctx, user, {
      name,
      embedding,
      model,
      durationMs: media.durationMs,
    });
  } finally {
    // Only the embedding is kept, never the audio.
    await rm(file.path, { force: true });
  }
}

/**
 * A voice from a speaker of one of the user's transcriptions: the speaker's longest turns are
 * taken from the kept audio copy (409 VOICE_AUDIO_NOT_KEPT once it has expired) and their
 * embeddings averaged.
 */
export async function voiceFromTranscription(
  ctx: TranscriptionContext,
  user: User,
  {
    name,
    transcriptionId,
    speakerId,
  }: { name: string; transcriptionId: string; speakerId: string },
  signal: AbortSignal,
): Promise<VoiceRow> {
  const row = await ownTranscription(ctx, user, transcriptionId);
  const speaker = rowSpeakers(row)?.find((s) => s.id === speakerId);
  if (!speaker) {
    fail("SPEAKER_NOT_FOUND", { speaker: speakerId });
  }
  await checkNewVoice(ctx.db, user, name);
  const audioPath = keptAudioPath(row, ctx.now());
  if (!audioPath) {
    fail("VOICE_AUDIO_NOT_KEPT");
  }
  const turns = longestTurns(rowCues(row), speakerId, {
    count: TURNS_PER_VOICE,
    maxTotalMs: MAX_VOICE_CLIP_SECONDS * 1000,
  });
  if (turns.length === 0) throw noSpeech();
  // The embedding model reads a path: a copy in a bucket is fetched to the scratch folder.
  const copy = await storeOfLocation(audioPath).localCopy(
    audioPath,
    join(ctx.config.uploadDir, "scratch"),
  );
  const embeddings: number[][] = [];
  let model = "";
  let durationMs = 0;
  try {
    for (const turn of turns) {
      try {
        const result = await embed(
          ctx,
          copy.path,
          { startMs: turn.start, endMs: turn.end },
          signal,
        );
        embeddings.push(result.embedding);
        model = result.model;
        durationMs += turn.end - turn.start;
      } catch (error) {
        // A turn without a voice in it (music, a cough) is left out; the others still count.
        if (!(error instanceof AppError && error.code === "NO_SPEECH")) throw error;
      }
    }
  } finally {
    await copy.release();
  }
  if (embeddings.length === 0) throw noSpeech();
  return saveVoice(ctx, user, {
    name,
    embedding: meanEmbedding(embeddings),
    model,
    durationMs,
  });
}

/** Renames a voice (409 when the user has another of that name). */
export async function renameVoice(db: Db, user: User, row: VoiceRow, name: string) {
  await checkNameFree(db, user, name, row.id);
  try {
    await db
      .updateTable("voices")
      .set({ name, name_key: voiceNameKey(name) })
      .where("id", "=", row.id)
      .where("user_id", "=", user.id)
      .execute();
  } catch (error) {
    throw (await nameRaced(db, user, name)) ? nameTaken(name) : error;
  }
  return savedVoice(db, row.id);
}

async function embed(
  ctx: TranscriptionContext,
  path: string,
  range: { startMs?: number; endMs?: number },
  signal: AbortSignal,
): Promise<{ embedding: number[]; model: string }> {
  try {
    const result = await voiceEmbedding(path, {
      modelsDir: ctx.config.modelsDir,
      ...range,
      signal,
    });
    if (result.embedding.length === 0 || !result.embedding.every(Number.isFinite)) {
      throw new Error("the engine gave an empty or non-finite voice embedding");
    }
    return result;
  } catch (error) {
    if (isEngineError(error)) {
      const code: string = error.code;
      if (code === "NO_SPEECH") throw noSpeech();
      if (code === "DIARIZATION_MODEL_MISSING") {
        fail("DIARIZATION_MODEL_MISSING", { hint: error.message });
      }
    }
    throw intakeError(error);
  }
}

function noSpeech(): AppError {
  return new AppError("NO_SPEECH");
}

async function saveVoice(
  ctx: TranscriptionContext,
  user: User,
  voice: { name: string; embedding: number[]; model: string; durationMs: number },
): Promise<VoiceRow> {
  const { db, now } = ctx;
  // Checked again: the embedding took a while, and another request may have saved meanwhile.
  await checkNewVoice(db, user, voice.name);
  const id = randomUUID();
  try {
    await db
      .insertInto("voices")
      .values({
        id,
        user_id: user.id,
        name: voice.name,
        name_key: voiceNameKey(voice.name),
        embedding_json: JSON.stringify(voice.embedding),
        model: voice.model,
        duration_ms: Math.round(voice.durationMs),
        created_at: now().toISOString(),
      })
      .execute();
  } catch (error) {
    throw (await nameRaced(db, user, voice.name)) ? nameTaken(voice.name) : error;
  }
  return savedVoice(db, id);
}

/** A voice just written, read back. */
async function savedVoice(db: Db, id: string): Promise<VoiceRow> {
  const row = await findVoice(db, id);
  if (!row) fail("NOT_FOUND");
  return row;
}

/** Deletes a voice (its embedding is erased with it). */
export async function deleteVoice(db: Db, row: Pick<VoiceRow, "id">): Promise<void> {
  await db.deleteFrom("voices").where("id", "=", row.id).execute();
}

/** Deletes every voice of a user (their account is going). */
export async function deleteVoicesOf(db: Db, userId: string): Promise<void> {
  await db.deleteFrom("voices").where("user_id", "=", userId).execute();
}

/** True when a voice of that name exists now (a racing request's insert won the unique key). */
async function nameRaced(db: Db, user: User, name: string): Promise<boolean> {
  const found = await db
    .selectFrom("voices")
    .select("id")
    .where("user_id", "=", user.id)
    .where("name_key", "=", voiceNameKey(name))
    .executeTakeFirst();
  return found !== undefined;
}

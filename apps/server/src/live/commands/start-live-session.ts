// Command: starts a live captioning session: checks the user's limit, routes the model, reserves the first step and stores the session
import { randomBytes, randomUUID } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import type { ModelFamily } from "@verbatim/contract";
import { hashPassword } from "../../auth/password.js";
import type { Db } from "../../db/database.js";
import { fail } from "../../http/app-error.js";
import { clientModelName } from "../../models/client-text.js";
import type { ModelCatalog } from "../../models/model-catalog.js";
import type { LiveHub } from "../live-hub.js";
import type { LiveRun } from "../live-run.js";
import { reserveLiveStep } from "../live-steps.js";
import { findLiveSession, insertLiveSession, openSessionsOf } from "../live-store.js";
import { releaseMinutes } from "../../minutes/minute-ledger.js";
import { liveStepReference } from "../live-steps.js";

export interface StartLiveSession {
  userId: string;
  language: string;
  model?: string | undefined;
  watchPassword?: string | undefined;
  watchExpiresInMinutes?: number | undefined;
}

/**
 * Starts a live session for a user: 409 LIVE_SESSION_LIMIT past LIVE_SESSIONS_PER_USER open
 * ones, 400/503 for a model or language that cannot run (as uploads), 402 INSUFFICIENT_MINUTES
 * when not even the first step can be reserved. Returns the running session.
 */
export async function startLiveSession(
  ctx: { db: Db; now: () => Date; models: ModelCatalog; live: LiveHub; uploadDir: string },
  props: StartLiveSession,
): Promise<{ run: LiveRun; watchToken: string; model: { family: ModelFamily; name: string } }> {
  const { db, now } = ctx;
  const limit = ctx.live.settings.sessionsPerUser;
  // Sessions whose runtime is gone (a restart) do not count: the sweep saves them.
  const open = (await openSessionsOf(db, props.userId)).filter((row) => ctx.live.run(row.id));
  if (open.length >= limit) fail("LIVE_SESSION_LIMIT", { limit });
  const choice = await ctx.models.choose(props.model, props.language);
  const id = randomUUID();
  if (!(await reserveLiveStep(db, props.userId, id, 0, now()))) {
    fail("INSUFFICIENT_MINUTES", { neededMinutes: 1, availableMinutes: 0 });
  }
  const at = now();
  await mkdir(ctx.uploadDir, { recursive: true });
  const watchToken = randomBytes(32).toString("base64url");
  try {
    await insertLiveSession(db, {
      id,
      user_id: props.userId,
      language: props.language,
      model: choice.requested,
      engine_model: choice.engineModel,
      model_family: choice.family,
      watch_token: watchToken,
      watch_password_hash: props.watchPassword ? await hashPassword(props.watchPassword) : null,
      watch_expires_at: props.watchExpiresInMinutes
        ? new Date(at.getTime() + props.watchExpiresInMinutes * 60_000).toISOString()
        : null,
      reserved_steps: 1,
      audio_path: join(ctx.uploadDir, `live-${id}.wav`),
      created_at: at.toISOString(),
      heartbeat_at: at.toISOString(),
    });
    const row = await findLiveSession(db, id);
    if (!row) throw new Error(`live session ${id} vanished after insert`);
    return {
      run: await ctx.live.start(row),
      watchToken,
      // A model given by path is named by its file name: no server path goes to the client.
      model: { family: choice.family, name: clientModelName(choice.engineModel) },
    };
  } catch (error) {
    await releaseMinutes(db, props.userId, liveStepReference(id, 0), now());
    throw error;
  }
}

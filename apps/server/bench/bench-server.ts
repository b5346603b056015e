// Starts the real API in-process on a scratch SQLite file, with one signed-in user and history.
import { jobOptions } from "@verbatim/contract";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { ensureEmptyTestModel } from "../../../packages/engine/test/support/random-model.js";
import { issueToken } from "../src/auth/tokens.js";
import { loadConfig } from "../src/config.js";
import { migrateToLatest, openDatabase, type Db } from "../src/db/database.js";
import { buildApp } from "../src/app.js";
import { startFreePlan } from "../src/minutes/minute-ledger.js";
import { insertTranscription } from "../src/jobs/lifecycle/transition.js";
import { insertUser } from "../src/users/repo.js";

/** The running API, its database, the bench user and a scratch folder for files. */
export interface BenchServer {
  base: string;
  db: Db;
  userId: string;
  auth: { authorization: string };
  scratchDir: string;
  close(): Promise<void>;
}

/**
 * The weightless tiny test model (whisper.cpp's for-tests layout: it loads and answers with no
 * text, so jobs are quick and the API's own costs are what is measured), generated once.
 */
export async function tinyModel(): Promise<string> {
  return ensureEmptyTestModel();
}

/** What a benchmark changes: a worker that runs jobs, on a model that takes its time. */
export interface BenchServerOptions {
  /** In-process transcription workers (default 0: jobs wait in the queue). */
  workers?: number;
  /** FAST_MODEL (default the weightless tiny model). */
  fastModel?: string;
}

/**
 * Starts the API (no maintenance) and seeds a user with `historyRows` finished jobs. The health
 * check's per-client limit is lifted: the benchmark measures what an answer costs.
 */
export async function startBenchServer(
  historyRows: number,
  { workers = 0, fastModel }: BenchServerOptions = {},
): Promise<BenchServer> {
  const root = mkdtempSync(join(tmpdir(), "verbatim-bench-api-"));
  const modelsDir = join(root, "models");
  const config = loadConfig({
    LOG_LEVEL: "silent",
    DATA_DIR: join(root, "data"),
    UPLOAD_DIR: join(root, "uploads"),
    MODELS_DIR: modelsDir,
    FAST_MODEL: fastModel ?? (await tinyModel()),
    WORKER_CONCURRENCY: String(workers),
    ENGINE_THREADS: "1",
    MODELS_AUTO_DOWNLOAD: "false",
  });
  const db = openDatabase(config.database);
  await migrateToLatest(db);
  let app: FastifyInstance | undefined;
  try {
    app = await buildApp({
      config,
      db,
      maintenance: false,
      health: { rateLimit: { max: 1e9, windowMs: 60_000 } },
    });
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    const user = await seedUser(db, historyRows);
    const running = app;
    return {
      base,
      db,
      ...user,
      scratchDir: root,
      close: async () => {
        await running.close();
        await db.destroy();
        rmSync(root, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await app?.close();
    await db.destroy();
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
}

/** A user with a session, ample pack minutes, and finished jobs one second apart. */
async function seedUser(db: Db, historyRows: number) {
  const now = new Date();
  const user = await insertUser(
    db,
    { id: randomUUID(), email: "bench@example.com", name: "Bench User", locale: "en" },
    now,
  );
  await startFreePlan(db, user.id, now);
  await db
    .insertInto("minute_ledger")
    .values({
      user_id: user.id,
      kind: "purchase",
      pool: "pack",
      seconds: 100_000,
      idempotency_key: "bench-grant",
      reference: null,
      created_at: now.toISOString(),
    })
    .execute();
  const cues = JSON.stringify([
    { index: 1, start: 0, end: 1500, text: "Hello from the benchmark." },
  ]);
  for (let i = 0; i < historyRows; i++) {
    const id = randomUUID();
    const at = new Date(now.getTime() - (historyRows - i) * 1000);
    await insertTranscription(
      db,
      {
        id,
        userId: user.id,
        fileName: `talk-${i}.mp3`,
        model: "whisper-1",
        engineModel: "tiny",
        options: jobOptions({ language: "en", wordTimestamps: false }),
        mediaPath: "",
        mediaBytes: 1_000_000,
        durationMs: 60_000,
      },
      at,
    );
    await db
      .updateTable("transcriptions")
      .set({ status: "completed", cues_json: cues, media_path: null, progress: 1 })
      .where("id", "=", id)
      .execute();
  }
  const { token } = await issueToken(db, user.id, "session", now);
  return { userId: user.id, auth: { authorization: `Bearer ${token}` } };
}

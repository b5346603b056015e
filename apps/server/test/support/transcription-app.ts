import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import { ensurePlumbingModel } from "../../../../packages/engine/test/support/random-model.js";
import { scratchDir } from "../../../../packages/engine/test/helpers/media-files.js";
import { issueToken } from "../../src/auth/tokens.js";
import type { Db } from "../../src/db/database.js";
import { startFreePlan } from "../../src/minutes/minute-ledger.js";
import { insertUser, type Locale } from "../../src/users/repo.js";
import type { DatabaseKind } from "../test-database.js";
import type { AppOptions } from "../../src/app.js";
import { startTestApi, type TestApi } from "./auth-app.js";

/** A test API whose workers run the random-weight tiny model quickly (greedy, 2 threads). */
export interface TranscriptionApi extends TestApi {
  uploadDir: string;
  /**
   * Uploads left in the upload folder (chunk folders included), for "nothing left behind";
   * the audio copies finished jobs keep on purpose are listed by listeningCopies instead.
   */
  leftovers(): string[];
  /** The audio copies kept for finished jobs' players. */
  listeningCopies(): string[];
}

/** Engine settings that keep jobs short on the random model. */
export async function fastEngineEnv(): Promise<Record<string, string>> {
  return {
    FAST_MODEL: await ensurePlumbingModel(),
    ACCURATE_MODEL: "/nonexistent/ggml-small.bin",
    MODELS_AUTO_DOWNLOAD: "false",
    // One thread: test files run two at a time, and a job of the plumbing model needs no more.
    ENGINE_THREADS: "1",
    ENGINE_BEAM_SIZE: "1",
    ENGINE_TEMPERATURE_FALLBACK: "false",
    // Renders at normal priority (15 in production, below the engine): test files keep every
    // core busy, and at 15 a render that takes 9 s alone took over a minute (vitest.config.ts).
    RENDER_NICENESS: "0",
  };
}

/** Starts an API with workers and a scratch upload folder on a fresh database of that kind. */
export async function startTranscriptionApi(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  context: Pick<AppOptions, "languageModel"> = {},
): Promise<TranscriptionApi> {
  const scratch = scratchDir("verbatim-uploads-");
  const api = await startTestApi(
    kind,
    {
      ...(await fastEngineEnv()),
      UPLOAD_DIR: scratch.dir,
      ...env,
    },
    undefined,
    context,
  );
  return {
    ...api,
    uploadDir: scratch.dir,
    leftovers: () => listFiles(scratch.dir).filter((name) => !name.endsWith(".listen.m4a")),
    listeningCopies: () => listFiles(scratch.dir).filter((name) => name.endsWith(".listen.m4a")),
    close: async () => {
      await api.close();
      scratch.cleanup();
    },
  };
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);
}

/** A user with a session, made directly in the database (the account journey has its own tests). */
export interface TestUser {
  id: string;
  token: string;
  auth: { authorization: string };
}

export async function signedInUser(
  db: Db,
  { email = `${randomUUID()}@example.com`, locale = "en" as Locale } = {},
): Promise<TestUser> {
  const now = new Date();
  const user = await insertUser(db, { id: randomUUID(), email, name: "Test User", locale }, now);
  await startFreePlan(db, user.id, now);
  const { token } = await issueToken(db, user.id, "session", now);
  return { id: user.id, token, auth: { authorization: `Bearer ${token}` } };
}

/** Sends a multipart upload: the file's bytes under `file`, then the text fields. */
export async function upload(
  base: string,
  path: string,
  {
    file,
    fileName = "talk.mp3",
    fields = {},
    headers = {},
  }: {
    file: Blob;
    fileName?: string;
    fields?: Record<string, string>;
    headers?: Record<string, string>;
  },
): Promise<Response> {
  const form = new FormData();
  form.append("file", file, fileName);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return fetch(`${base}${path}`, { method: "POST", body: form, headers });
}

/** One Server-Sent Event. */
export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

/** Reads an SSE stream until it ends (or `until` says stop), returning every event. */
export async function readEvents(
  url: string,
  headers: Record<string, string>,
  until: (event: SseEvent) => boolean = () => false,
): Promise<SseEvent[]> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  if (!response.ok || !response.body)
    throw new Error(`SSE ${response.status}: ${await response.text()}`);
  const events: SseEvent[] = [];
  const decoder = new TextDecoder();
  let buffer = "";
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const name = block.match(/^event: (.+)$/m)?.[1];
      const data = block.match(/^data: (.+)$/m)?.[1];
      if (!name || !data) continue;
      const event = { event: name, data: JSON.parse(data) as Record<string, unknown> };
      events.push(event);
      if (until(event)) {
        controller.abort();
        return events;
      }
    }
  }
  return events;
}

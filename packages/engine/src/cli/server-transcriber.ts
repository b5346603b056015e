import { createHash } from "node:crypto";
import { openAsBlob } from "node:fs";
import { basename } from "node:path";
import { readSrt } from "@verbatim/subtitles";
import type { Transcription } from "../transcribe-file.js";
import type { TranscriptionMode } from "../models/route-model.js";
import { isTranscriptionMode } from "./model-choice.js";
import type { TranscribeSettings } from "./transcribe-command.js";

// `verbatim watch --server URL --api-key KEY`: a file is sent to a Verbatim server's
// OpenAI-compatible `/v1/audio/transcriptions` (`/translations` for --task translate) instead
// of the local engine. One request per file, whatever the formats: the server's SRT (its cues,
// built by its style rules) comes back, and every format is written from those cues here, so a
// file is charged once. An Idempotency-Key made of the file's content and the request's fields
// means a request retried after a restart gets the same job, charged once.

/** A Verbatim server and the API key to send with. */
export interface ServerTarget {
  url: string;
  apiKey: string;
}

/**
 * The plain choices (`--model fast`, the default; `accurate`; `cantonese`) as the server's
 * public names: the server routes them by language as the CLI does here (Cantonese is its
 * Accurate choice told the language is Cantonese, which the server routes to SenseVoice when
 * installed). Any other name is an installed model's on the server, sent as it is.
 */
const SERVER_MODEL_OF_MODE: Readonly<Record<TranscriptionMode, string>> = {
  fast: "whisper-1",
  accurate: "gpt-4o-transcribe",
  cantonese: "gpt-4o-transcribe",
};

/** A refusal a restart cannot fix (a wrong key): the watch stops rather than fail every file. */
export class ServerRefusedKey extends Error {
  override readonly name = "ServerRefusedKey";
}

/** The cues of `path` as the server transcribed them. */
export async function transcribeOnServer(
  path: string,
  sha256: string,
  target: ServerTarget,
  settings: TranscribeSettings,
  signal: AbortSignal,
): Promise<Pick<Transcription, "cues" | "language" | "durationMs">> {
  const { options } = settings;
  const mode = isTranscriptionMode(options.model) ? options.model : undefined;
  const language = mode === "cantonese" ? "yue" : options.language;
  const fields: Record<string, string> = {
    model: mode ? SERVER_MODEL_OF_MODE[mode] : options.model,
    response_format: "srt",
    ...(language !== "auto" && settings.task === "transcribe" ? { language } : {}),
    ...(settings.prompt !== undefined ? { prompt: settings.prompt } : {}),
    ...(settings.temperature !== undefined ? { temperature: String(settings.temperature) } : {}),
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", await openAsBlob(path), basename(path));
  const endpoint = settings.task === "translate" ? "translations" : "transcriptions";
  const key = createHash("sha256")
    .update(JSON.stringify({ sha256, endpoint, fields }))
    .digest("hex");
  let response: Response;
  try {
    response = await fetch(new URL(`v1/audio/${endpoint}`, withSlash(target.url)), {
      method: "POST",
      headers: { authorization: `Bearer ${target.apiKey}`, "idempotency-key": key },
      body: form,
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    // fetch's own message is "fetch failed"; its cause says why (ECONNREFUSED, a bad name).
    const why =
      error instanceof Error
        ? ((error.cause as Error | undefined)?.message ?? error.message)
        : String(error);
    throw new Error(`Cannot reach ${target.url}: ${why}.`, { cause: error });
  }
  const text = await response.text();
  if (response.status === 401 || response.status === 403) {
    throw new ServerRefusedKey(`${target.url} refused the API key: ${messageOf(text)}`);
  }
  if (!response.ok) {
    throw new Error(`The server answered ${response.status}: ${messageOf(text)}`);
  }
  const cues = readSrt(text);
  return { cues, language: null, durationMs: cues.at(-1)?.end ?? 0 };
}

/** The message of an OpenAI-shaped error body, else the body's start. */
function messageOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: string } };
    if (parsed.error?.message) return parsed.error.message;
  } catch {
    // not JSON: the text itself
  }
  return body.slice(0, 200);
}

/** A base URL ending in "/", so a relative path keeps its own path ("/verbatim/" stays). */
function withSlash(url: string): string {
  return url.endsWith("/") ? url : `${url}/`;
}

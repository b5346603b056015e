import { fork } from "node:child_process";

import { EngineError } from "../errors.js";
import { probeMedia } from "../media/probe.js";
import { builtScriptPath } from "../pipeline/built-script.js";
import { defaultModelsDir } from "../transcribe-file.js";
import { EMBEDDING_MODEL_NAME, findDiarizationModels } from "./model-files.js";
import type { VoiceReply, VoiceRequest } from "./voice-protocol.js";

/** Options of voiceEmbedding. */
export interface VoiceEmbeddingOptions {
  /** Where the diarization models live (default MODELS_DIR or ./models). */
  modelsDir?: string;
  /** Read the clip from here (ms into the media; default 0). */
  startMs?: number;
  /** Read the clip up to here (ms; default: the end of the media). */
  endMs?: number;
  signal?: AbortSignal;
}

/** A saved voice: the embedding and the registry name of the model that made it. */
export interface VoiceEmbedding {
  embedding: number[];
  /** Embeddings compare only with embeddings of the same model. */
  model: string;
}

/**
 * The voice embedding of the speech in a clip (a stretch of a media file), for saving a voice
 * that later diarized transcriptions recognise by name. Only the embedding is kept, not audio.
 * Fails with DIARIZATION_MODEL_MISSING, NO_SPEECH, the INPUT_* codes, or CANCELLED.
 */
export async function voiceEmbedding(
  input: string,
  options: VoiceEmbeddingOptions = {},
): Promise<VoiceEmbedding> {
  const startMs = options.startMs ?? 0;
  const endMs = options.endMs ?? Infinity;
  if (!(startMs >= 0) || !(endMs > startMs))
    throw new EngineError(
      "INVALID_OPTIONS",
      "The clip must end after it starts, at 0 ms or later.",
    );
  const { embedding: model } = await findDiarizationModels(
    options.modelsDir ?? defaultModelsDir(),
    ["embedding"],
  );
  await probeMedia(input, options.signal);
  const request: VoiceRequest = { input, model, startMs, endMs };
  const embedding = await runVoiceProcess(request, options.signal);
  return { embedding, model: EMBEDDING_MODEL_NAME };
}

function runVoiceProcess(request: VoiceRequest, signal?: AbortSignal): Promise<number[]> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new EngineError("CANCELLED", "Cancelled."));
    const child = fork(builtScriptPath(import.meta.url, "voice-process"), [], {
      serialization: "advanced",
      stdio: ["ignore", "ignore", "pipe", "ipc"],
    });
    let stderr = "";
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-2048);
    });
    let reply: VoiceReply | undefined;
    const abort = () => child.kill("SIGKILL");
    signal?.addEventListener("abort", abort, { once: true });
    child.on("message", (message: VoiceReply) => (reply = message));
    child.on("error", (error) =>
      reject(
        new EngineError("ENGINE_FAILED", `The voice engine could not start: ${error.message}`),
      ),
    );
    child.once("close", (code, exitSignal) => {
      signal?.removeEventListener("abort", abort);
      if (signal?.aborted) return reject(new EngineError("CANCELLED", "Cancelled."));
      if (reply?.type === "done") return resolve(reply.embedding);
      if (reply?.type === "error") return reject(new EngineError(reply.code, reply.message));
      const hint = stderr.trim().split("\n").pop() ?? "";
      const how = exitSignal ? `signal ${exitSignal}` : `exit code ${code}`;
      reject(
        new EngineError(
          "ENGINE_FAILED",
          `The voice engine stopped (${how})${hint ? `: ${hint}` : ""}.`,
        ),
      );
    });
    child.send(request);
  });
}

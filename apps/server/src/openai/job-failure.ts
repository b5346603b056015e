import type { TranscriptionRow } from "../jobs/job-row.js";
import { OpenAIError } from "./errors.js";

/** Why a job gave no result, as OpenAI would say it: bad media is the request's fault (400). */
export function jobFailure(final: TranscriptionRow | undefined): OpenAIError {
  const code = final?.error_code ?? "ENGINE_FAILED";
  const message = final?.error_message ?? "The transcription failed.";
  if (code === "CANCELLED") {
    return new OpenAIError(409, "invalid_request_error", message, null, "cancelled");
  }
  if (code.startsWith("INPUT_")) {
    return new OpenAIError(400, "invalid_request_error", message, "file", code.toLowerCase());
  }
  if (code === "DIARIZATION_MODEL_MISSING") {
    // The server lacks what the request needs: retrying cannot help until it is installed.
    return new OpenAIError(503, "server_error", message, "model", code.toLowerCase(), false);
  }
  return new OpenAIError(500, "server_error", message, null, code.toLowerCase());
}

import { errorOfCode } from "../http/app-error.js";
import type { TranscriptionRow } from "../jobs/job-row.js";
import { fromAppError, type OpenAIError } from "./errors.js";

/**
 * Why a job gave no result, as OpenAI would say it: the job's error as the rest of the API
 * answers it (the error table), in OpenAI's shape (bad media is the request's fault: 400).
 */
export function jobFailure(final: TranscriptionRow | undefined): OpenAIError {
  return fromAppError(errorOfCode(final?.error_code, final ? { id: final.id } : undefined));
}

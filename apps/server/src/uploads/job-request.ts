// The job a request asks for, as every way in builds it (the upload form, /v1's audio request) and
// the intake checks and stores it (upload-intake.ts).
import type { JobOptions } from "../jobs/job-row.js";

/**
 * What an intake asks for: the model by the name the client gave (undefined: the default) and
 * the job's options, built once from the request by the intake's own mapping (jobFromUploadForm,
 * the /v1 routes' jobFromAudioRequest) and stored as built.
 */
export interface JobRequest {
  model: string | undefined;
  options: JobOptions;
  /** The batch the file was sent with (the job's own column, not an option). */
  batchId?: string;
  /**
   * For a subtitle or transcript file sent with the media: re-time it (true), keep its timings
   * (false), or undefined: by whether the file has timings (importOptions).
   */
  retime?: boolean | undefined;
  /** Where to call back when the job ends (the request's `callback_url`), if anywhere. */
  callbackUrl?: string | undefined;
  /** "whisper": the user chose Whisper while the language's own model is not ready. */
  fallback?: "whisper" | undefined;
}

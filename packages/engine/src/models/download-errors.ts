import { EngineError } from "../errors.js";
import type { DownloadableFile } from "./registry.js";

/** What a download is about, for error messages. */
export interface DownloadTarget {
  /** The registry entry being downloaded. */
  entry: DownloadableFile;
  /** The URL fetched. */
  url: string;
  /** Final path of the model file. */
  target: string;
  /** Path of the partial file a later run resumes from. */
  partial: string;
}

// Errors that mean "no network path to the server", as reported by undici or the OS resolver.
const OFFLINE_CODES = new Set([
  "ENOTFOUND",
  "EAI_AGAIN",
  "ECONNREFUSED",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "ENETDOWN",
  "ETIMEDOUT",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/** The system error code behind a fetch failure (undici wraps it in `cause`), if any. */
export function networkErrorCode(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as NodeJS.ErrnoException).code;
    if (typeof code === "string") return code;
    current = current.cause;
  }
  return null;
}

function byHand(t: DownloadTarget): string {
  return `download ${t.url} by hand and save it as ${t.target}`;
}

/** True when the error is the caller's AbortSignal firing. */
export function isAbort(error: unknown, signal?: AbortSignal): boolean {
  return signal?.aborted === true || (error instanceof Error && error.name === "AbortError");
}

/** The download was cancelled through its AbortSignal; the partial file stays for a resume. */
export function cancelledError(t: DownloadTarget): EngineError {
  return new EngineError(
    "CANCELLED",
    `The download of model "${t.entry.name}" was cancelled. Run the same command again to resume it.`,
  );
}

/** fetch() itself failed: usually no network, a DNS failure or a refused connection. */
export function requestFailedError(t: DownloadTarget, error: unknown): EngineError {
  const code = networkErrorCode(error);
  const host = new URL(t.url).host;
  const unreachable = error instanceof TypeError && error.message === "fetch failed";
  if ((code !== null && OFFLINE_CODES.has(code)) || unreachable) {
    return new EngineError(
      "MODEL_DOWNLOAD_FAILED",
      `Could not download model "${t.entry.name}": ${host} cannot be reached` +
        `${code ? ` (${code})` : ""}; this machine seems to be offline. ` +
        `Connect to the internet and run the command again, or ${byHand(t)}.`,
      { cause: error },
    );
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new EngineError(
    "MODEL_DOWNLOAD_FAILED",
    `Could not download model "${t.entry.name}" from ${t.url}: ${reason}. You can also ${byHand(t)}.`,
    { cause: error },
  );
}

/** The server answered with an HTTP error status. */
export function httpStatusError(t: DownloadTarget, status: number, statusText: string): EngineError {
  const what = status === 404 ? "the file is not there (HTTP 404)" : `HTTP ${status} ${statusText}`.trim();
  return new EngineError(
    "MODEL_DOWNLOAD_FAILED",
    `Could not download model "${t.entry.name}": ${t.url} answered ${what}. ` +
      `Try again later, or ${byHand(t)}.`,
  );
}

/** The connection broke mid-way; the partial file is kept so the next run resumes. */
export function interruptedError(
  t: DownloadTarget,
  received: number,
  error: unknown,
): EngineError {
  const reason = error instanceof Error ? (networkErrorCode(error) ?? error.message) : String(error);
  return new EngineError(
    "MODEL_DOWNLOAD_FAILED",
    `The download of model "${t.entry.name}" was interrupted after ${received} of ` +
      `${t.entry.sizeBytes} bytes (${reason}). Run the same command again to resume from ` +
      `${t.partial}, or ${byHand(t)}.`,
    { cause: error },
  );
}

/** The finished file is not what the registry promises (wrong size, checksum or header). */
export function corruptDownloadError(t: DownloadTarget, reason: string, cause?: unknown): EngineError {
  return new EngineError(
    "MODEL_DOWNLOAD_FAILED",
    `The downloaded model "${t.entry.name}" is damaged: ${reason}. The partial file was deleted; ` +
      `run the command again, or ${byHand(t)}.`,
    cause === undefined ? undefined : { cause },
  );
}

/** The models folder or the partial file cannot be written. */
export function diskError(t: DownloadTarget, error: unknown): EngineError {
  const code = networkErrorCode(error) ?? (error instanceof Error ? error.message : String(error));
  return new EngineError(
    "MODEL_DOWNLOAD_FAILED",
    `Could not write model "${t.entry.name}" to ${t.partial} (${code}). Check that the folder is ` +
      "writable and the disk has room.",
    { cause: error },
  );
}

/** Network error codes of Node sockets: the other side is restarting or unreachable. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);

/** PostgreSQL SQLSTATE classes and codes that mean "try again later". */
const POSTGRES_TRANSIENT = /^(08|53|57P0[123]|40001|40P01)/;

/** pg and ioredis say so in words when a connection drops mid-query. */
const TRANSIENT_MESSAGES =
  /Connection terminated|connection error|timeout exceeded when trying to connect|Connection is closed|Stream isn't writeable|the database system is (starting up|shutting down|in recovery mode)|is not currently accepting connections/i;

/**
 * True for failures that say nothing about the job itself (a database or Redis restart, a
 * dropped connection, a serialization conflict): the job is worth retrying after a pause.
 * Engine errors about the media (corrupt, no audio, …) are never transient.
 */
export function isTransientError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== "object") return false;
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    // The file store (S3) unreachable: the storage module's own code for it.
    if (code === "STORAGE_UNAVAILABLE") return true;
    if (typeof code === "string" && (NETWORK_CODES.has(code) || POSTGRES_TRANSIENT.test(code)))
      return true;
    if (typeof message === "string" && TRANSIENT_MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}

import { EngineError } from "../errors.js";

// The CLI's calls to a Verbatim server's own API (`summarize`, `ask`): the server's URL and an
// API key (--api-key or $VERBATIM_API_KEY), sent as a Bearer token; the server's errors (JSON
// `{ code, message }`) become the CLI's, so each ends with the exit code it stands for.

/** A Verbatim server and the key to call it with. */
export interface VerbatimServer {
  /** The base URL, without a trailing slash. */
  base: string;
  apiKey: string;
}

/** The server and key from the options (or $VERBATIM_API_KEY); a usage error when missing. */
export function verbatimServer(
  command: string,
  options: { server?: string; apiKey?: string },
): VerbatimServer {
  if (!options.server) throw new EngineError("INVALID_OPTIONS", `${command} needs --server URL.`);
  const apiKey = options.apiKey ?? process.env.VERBATIM_API_KEY;
  if (!apiKey) {
    throw new EngineError(
      "INVALID_OPTIONS",
      `${command} needs an API key: --api-key KEY or $VERBATIM_API_KEY.`,
    );
  }
  if (!/^https?:\/\//i.test(options.server)) {
    throw new EngineError(
      "INVALID_OPTIONS",
      `--server must be an http:// or https:// URL (got "${options.server}").`,
    );
  }
  return { base: options.server.replace(/\/+$/, ""), apiKey };
}

/** A server's error: its status and code (the CLI's exit code follows from them). */
export class ServerAnswerError extends EngineError {
  constructor(
    readonly status: number,
    readonly serverCode: string | undefined,
    message: string,
  ) {
    super(engineCodeFor(status, serverCode), message);
  }
}

/**
 * Which of the CLI's codes a server error is: a transcription not found, 3 (an input is
 * missing); no language model on the server, 4 (the model is missing); a bad request, 2 (usage);
 * anything else, 1.
 */
function engineCodeFor(status: number, code: string | undefined): EngineError["code"] {
  if (status === 404 && code !== "INSIGHTS_NOT_READY") return "INPUT_NOT_FOUND";
  if (code === "INSIGHTS_MODEL_NOT_CONFIGURED") return "MODEL_NOT_FOUND";
  if (status === 400) return "INVALID_OPTIONS";
  return "ENGINE_FAILED";
}

/**
 * Calls the server (JSON body when given) and answers the response when it is OK; otherwise
 * throws ServerAnswerError with the server's message, or an unreachable server's reason.
 */
export async function callServer(
  server: VerbatimServer,
  path: string,
  { method = "GET", json, signal }: { method?: string; json?: unknown; signal?: AbortSignal } = {},
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`${server.base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${server.apiKey}`,
        ...(json !== undefined ? { "content-type": "application/json" } : {}),
      },
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) throw new EngineError("CANCELLED", "Interrupted.", { cause: error });
    // fetch's own message is "fetch failed"; its cause says why (ECONNREFUSED, a bad name).
    const why =
      error instanceof Error
        ? ((error.cause as Error | undefined)?.message ?? error.message)
        : String(error);
    throw new EngineError("ENGINE_FAILED", `Cannot reach ${server.base}: ${why}.`, {
      cause: error,
    });
  }
  if (response.ok) return response;
  const text = await response.text().catch(() => "");
  let code: string | undefined;
  let message = text.slice(0, 300) || response.statusText;
  try {
    const body = JSON.parse(text) as { code?: unknown; message?: unknown };
    if (typeof body.code === "string") code = body.code;
    if (typeof body.message === "string") message = body.message;
  } catch {
    // not JSON (a proxy's page): its start
  }
  const refused = response.status === 401 || response.status === 403;
  throw new ServerAnswerError(
    response.status,
    code,
    refused
      ? `${server.base} refused the API key: ${message}`
      : `The server answered ${response.status}${code ? ` ${code}` : ""}: ${message}`,
  );
}

/** A JSON answer of the server. */
export async function serverJson<T>(
  server: VerbatimServer,
  path: string,
  options: { method?: string; json?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const response = await callServer(server, path, options);
  try {
    return (await response.json()) as T;
  } catch (error) {
    throw new EngineError("ENGINE_FAILED", `${server.base} answered ${path} with no JSON.`, {
      cause: error,
    });
  }
}

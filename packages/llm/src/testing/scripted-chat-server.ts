// Tests: a real OpenAI-compatible HTTP server (node:http) that answers from a script, so that
// the remote client's every failure path (slow, garbage, HTML, 401, 429, a cut stream, invalid
// then valid JSON) is tested through the same code that talks to Ollama or vLLM.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One scripted answer to one POST /v1/chat/completions. */
export type ScriptedReply =
  /** A chat completion whose message content is `content` (streamed as one piece if asked to stream). */
  | {
      kind: "answer";
      content: string;
      finishReason?: string;
      usage?: { prompt_tokens: number; completion_tokens: number };
    }
  /** A stream of these pieces; `cut` closes the connection before the end (no finish, no [DONE]). */
  | { kind: "stream"; pieces: string[]; cut?: boolean; pauseMs?: number }
  /** Any status with a body and headers (401, 404, 429 with Retry-After, 500…). */
  | { kind: "status"; status: number; body?: string; headers?: Record<string, string> }
  /** 200 with an HTML page (a proxy's login page, a wrong base URL). */
  | { kind: "html" }
  /** 200 with a body that is not JSON. */
  | { kind: "garbage"; body?: string }
  /** Waits, then answers with `then` (or never, when `then` is absent). */
  | { kind: "slow"; delayMs: number; then?: ScriptedReply }
  /** Destroys the connection without a response. */
  | { kind: "drop" };

export interface RecordedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (null when it was not JSON). */
  body: Record<string, unknown> | null;
}

export type ChatScript =
  ScriptedReply[] | ((request: RecordedRequest, index: number) => ScriptedReply);

export interface ScriptedChatServer {
  /** The API root to use as LLM_BASE_URL, e.g. http://127.0.0.1:PORT/v1. */
  url: string;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

function completion(content: string, finishReason: string, usage?: object) {
  return {
    id: "chatcmpl-scripted",
    object: "chat.completion",
    created: 0,
    model: "scripted",
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: finishReason }],
    ...(usage ? { usage } : {}),
  };
}

function chunk(content: string | null, finishReason: string | null) {
  return {
    id: "chatcmpl-scripted",
    object: "chat.completion.chunk",
    created: 0,
    model: "scripted",
    choices: [
      { index: 0, delta: content === null ? {} : { content }, finish_reason: finishReason },
    ],
  };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function reply(
  response: ServerResponse,
  scripted: ScriptedReply,
  streaming: boolean,
): Promise<void> {
  switch (scripted.kind) {
    case "answer": {
      if (streaming) {
        return reply(response, { kind: "stream", pieces: [scripted.content] }, true);
      }
      response.writeHead(200, { "content-type": "application/json" });
      response.end(
        JSON.stringify(
          completion(scripted.content, scripted.finishReason ?? "stop", scripted.usage),
        ),
      );
      return;
    }
    case "stream": {
      response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      for (const piece of scripted.pieces) {
        response.write(`data: ${JSON.stringify(chunk(piece, null))}\n\n`);
        if (scripted.pauseMs) await wait(scripted.pauseMs);
      }
      if (scripted.cut) {
        // Let what was written reach the client first: destroy() drops unflushed writes.
        await new Promise<void>((resolve) => response.write("", () => resolve()));
        await wait(20);
        response.socket?.destroy();
        return;
      }
      response.write(`data: ${JSON.stringify(chunk(null, "stop"))}\n\n`);
      response.end("data: [DONE]\n\n");
      return;
    }
    case "status": {
      response.writeHead(scripted.status, {
        "content-type": "application/json",
        ...scripted.headers,
      });
      response.end(
        scripted.body ?? JSON.stringify({ error: { message: `scripted ${scripted.status}` } }),
      );
      return;
    }
    case "html": {
      response.writeHead(200, { "content-type": "text/html" });
      response.end("<!doctype html><html><body><h1>Sign in</h1></body></html>");
      return;
    }
    case "garbage": {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(scripted.body ?? "}{ not json at all");
      return;
    }
    case "slow": {
      await wait(scripted.delayMs);
      if (scripted.then && !response.destroyed) await reply(response, scripted.then, streaming);
      return;
    }
    case "drop": {
      response.socket?.destroy();
      return;
    }
  }
}

/** Starts the server on a free port of 127.0.0.1; `close()` ends open connections too. */
export async function startScriptedChatServer(script: ChatScript): Promise<ScriptedChatServer> {
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    request.on("error", () => response.destroy());
    response.on("error", () => undefined);
    const parts: Buffer[] = [];
    request.on("data", (part: Buffer) => parts.push(part));
    request.on("end", () => {
      let body: Record<string, unknown> | null;
      try {
        body = JSON.parse(Buffer.concat(parts).toString("utf8")) as Record<string, unknown>;
      } catch {
        body = null;
      }
      const recorded: RecordedRequest = { path: request.url ?? "", headers: request.headers, body };
      const index = requests.push(recorded) - 1;
      if (request.method !== "POST" || !recorded.path.endsWith("/v1/chat/completions")) {
        response.writeHead(404, { "content-type": "application/json" });
        response.end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      const scripted: ScriptedReply =
        typeof script === "function"
          ? script(recorded, index)
          : (script[index] ?? {
              kind: "status",
              status: 500,
              body: '{"error":"the script has no more answers"}',
            });
      reply(response, scripted, body?.stream === true).catch(() => response.destroy());
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  server.on("error", () => undefined);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

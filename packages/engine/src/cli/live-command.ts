// `verbatim live FILE --server URL --api-key KEY`: streams a recording to a Verbatim server's
// live captions in real time, as a speaker's browser would (16 kHz 16-bit mono PCM frames of
// 100 ms over its WebSocket, resent from the server's acknowledgement after a cut), prints the
// captions as they come, and stops the session at the end of the input (or Ctrl+C), which saves
// it as a transcription on the server. FILE "-" reads raw 16 kHz s16le mono PCM from standard
// input: a capture device piped through ffmpeg.
import WebSocket from "ws";
import { EngineError } from "../errors.js";
import { decodePcm, SAMPLE_RATE } from "../media/decode.js";

export interface LiveCommandOptions {
  server?: string;
  apiKey?: string;
  language?: string;
  model?: string;
}

const FRAME_SAMPLES = SAMPLE_RATE / 10;

/** The input as 16-bit frames of 100 ms, at the pace it is read (a file: as fast as it decodes). */
async function* framesOf(input: string): AsyncGenerator<Buffer> {
  let pending = Buffer.alloc(0);
  const blocks: AsyncIterable<Buffer> =
    input === "-"
      ? (process.stdin as AsyncIterable<Buffer>)
      : (async function* () {
          for await (const block of decodePcm(input)) {
            const bytes = Buffer.alloc(block.length * 2);
            for (let i = 0; i < block.length; i++) {
              const value = Math.max(-1, Math.min(1, block[i]!));
              bytes.writeInt16LE(Math.round(value < 0 ? value * 32768 : value * 32767), i * 2);
            }
            yield bytes;
          }
        })();
  for await (const block of blocks) {
    pending = Buffer.concat([pending, block]);
    while (pending.length >= FRAME_SAMPLES * 2) {
      yield pending.subarray(0, FRAME_SAMPLES * 2);
      pending = pending.subarray(FRAME_SAMPLES * 2);
    }
  }
  if (pending.length >= 2) yield pending.subarray(0, pending.length - (pending.length % 2));
}

export async function liveCommand(input: string, options: LiveCommandOptions): Promise<void> {
  if (!options.server) throw new EngineError("INVALID_OPTIONS", "live needs --server URL.");
  const apiKey = options.apiKey ?? process.env.VERBATIM_API_KEY;
  if (!apiKey) {
    throw new EngineError(
      "INVALID_OPTIONS",
      "live needs an API key: --api-key KEY or $VERBATIM_API_KEY.",
    );
  }
  const base = options.server.replace(/\/+$/, "");
  const headers = { authorization: `Bearer ${apiKey}` };
  const response = await fetch(`${base}/api/live/sessions`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify({
      language: options.language ?? "auto",
      ...(options.model ? { model: options.model } : {}),
    }),
  });
  const started = (await response.json()) as { id?: string; watchUrl?: string; message?: string };
  if (response.status !== 201 || !started.id) {
    throw new EngineError(
      "ENGINE_FAILED",
      `The server refused the session: ${started.message ?? response.status}`,
    );
  }
  process.stderr.write(`live: watch at ${started.watchUrl}\n`);
  const socketUrl = `${base.replace(/^http/, "ws")}/api/live/sessions/${started.id}/socket`;

  // Frames not yet acknowledged, from `ackedSamples` on; resent after a reconnect.
  const pending: Buffer[] = [];
  let ackedSamples = 0;
  let sentSamples = 0;
  let socket: WebSocket | null = null;
  let ready = false;
  let finished = false;
  let refused: string | null = null;
  let partialShown = false;
  const flush = () => {
    if (!socket || !ready || socket.readyState !== WebSocket.OPEN) return;
    let position = ackedSamples;
    for (const frame of pending) {
      const end = position + frame.length / 2;
      if (end > sentSamples) {
        socket.send(frame.subarray(Math.max(0, sentSamples - position) * 2));
        sentSamples = end;
      }
      position = end;
    }
  };
  const acknowledge = (upTo: number) => {
    while (pending.length > 0 && ackedSamples + pending[0]!.length / 2 <= upTo) {
      ackedSamples += pending.shift()!.length / 2;
    }
  };
  const connect = () => {
    const current = new WebSocket(socketUrl, { headers });
    socket = current;
    ready = false;
    current.on("error", () => undefined); // 'close' follows
    current.on("message", (data, isBinary) => {
      if (isBinary) return;
      let message: {
        type?: unknown;
        receivedSamples?: number;
        text?: string;
        code?: string;
        message?: string;
      };
      try {
        message = JSON.parse(String(data)) as typeof message;
      } catch {
        return; // not the protocol's JSON: ignored, as a browser would
      }
      if (typeof message !== "object" || message === null) return;
      if (message.type === "ready") {
        acknowledge(message.receivedSamples ?? 0);
        sentSamples = message.receivedSamples ?? 0;
        ready = true;
        flush();
      } else if (message.type === "ack") acknowledge(message.receivedSamples ?? 0);
      else if (message.type === "partial") {
        process.stderr.write(`\r\x1b[2K… ${message.text}`);
        partialShown = true;
      } else if (message.type === "final") {
        if (partialShown) process.stderr.write("\r\x1b[2K");
        partialShown = false;
        process.stdout.write(`${message.text}\n`);
      } else if (message.type === "warning" || message.type === "error") {
        process.stderr.write(`\nlive: ${message.message ?? message.code}\n`);
        if (message.type === "error") refused = message.code ?? "error";
      }
    });
    current.on("close", (code) => {
      if (socket !== current) return;
      socket = null;
      if (!finished && !refused && code !== 1008) setTimeout(connect, 500);
    });
  };
  connect();

  const interrupted = new AbortController();
  const onSigint = () => interrupted.abort();
  process.once("SIGINT", onSigint);
  try {
    const startedAt = Date.now();
    let samples = 0;
    for await (const frame of framesOf(input)) {
      if (interrupted.signal.aborted || refused) break;
      pending.push(frame);
      samples += frame.length / 2;
      flush();
      // A file is sent at the pace it would be spoken (the server refuses audio from the future).
      if (input !== "-") {
        const due = startedAt + (samples * 1000) / SAMPLE_RATE - Date.now();
        if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
      }
    }
    // What is still unacknowledged goes first (at most 10 s).
    const deadline = Date.now() + 10_000;
    while (pending.length > 0 && !refused && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    process.off("SIGINT", onSigint);
  }
  const stop = await fetch(`${base}/api/live/sessions/${started.id}/stop`, {
    method: "POST",
    headers,
  });
  finished = true;
  (socket as WebSocket | null)?.close();
  const { transcriptionId } = (await stop.json()) as { transcriptionId?: string | null };
  process.stderr.write(`\nlive: saved as transcription ${transcriptionId ?? "(none)"}\n`);
}

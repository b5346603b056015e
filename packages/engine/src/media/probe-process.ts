// Long-lived child process that runs ffprobe and the packet-span measurement for its parent
// (ProbeHelper): the tools are spawned from this small process, so a large server process
// never forks per upload. A cancel kills that probe's tools.
//
// Probes run as many at once as there are cores, the rest wait their turn, and below the
// server's priority (ENGINE_NICENESS, as the engine; the tools inherit it). Each probe costs
// about 0.1 s of CPU in ffprobe and ffmpeg: 30 uploads at once were 60 tools as runnable as the
// API's event loop, which then got a sliver of the CPU (reads' p99 went from 0.1 s to 2 s).
import "../pipeline/engine-priority.js";
import { availableParallelism } from "node:os";
import { isEngineError } from "../errors.js";
import { probeMedia } from "./probe.js";
import type { ProbeReply, ProbeRequest } from "./probe-protocol.js";

const running = new Map<number, AbortController>();
/** Probes asked for and not started, in the order asked. */
const waiting = new Map<number, string>();
const AT_ONCE = availableParallelism();

function reply(message: ProbeReply): void {
  process.send?.(message);
}

function nextProbes(): void {
  for (const [id, path] of waiting) {
    if (running.size >= AT_ONCE) return;
    waiting.delete(id);
    probe(id, path);
  }
}

function probe(id: number, path: string): void {
  const controller = new AbortController();
  running.set(id, controller);
  probeMedia(path, controller.signal)
    .then(
      (media) => reply({ type: "done", id, media }),
      (error: unknown) =>
        reply(
          isEngineError(error)
            ? {
                type: "error",
                id,
                code: error.code,
                message: error.message,
                ...(error.details ? { details: error.details } : {}),
              }
            : {
                type: "error",
                id,
                message: error instanceof Error ? error.message : String(error),
              },
        ),
    )
    .finally(() => {
      running.delete(id);
      nextProbes();
    });
}

process.on("message", (request: ProbeRequest) => {
  if (request.type === "probe") {
    waiting.set(request.id, request.path);
    nextProbes();
    // A probe not started yet is dropped (the parent has answered its caller already).
  } else if (!waiting.delete(request.id)) running.get(request.id)?.abort();
});
// The parent went away: nothing is left to answer.
process.once("disconnect", () => process.exit(0));

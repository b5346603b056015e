// Long-lived child process that runs ffprobe and the packet-span measurement for its parent
// (ProbeHelper): the tools are spawned from this small process, so a large server process
// never forks per upload. Probes run concurrently; a cancel kills that probe's tools.
import { isEngineError } from "../errors.js";
import { probeMedia } from "./probe.js";
import type { ProbeReply, ProbeRequest } from "./probe-protocol.js";

const running = new Map<number, AbortController>();

function reply(message: ProbeReply): void {
  process.send?.(message);
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
    .finally(() => running.delete(id));
}

process.on("message", (request: ProbeRequest) => {
  if (request.type === "probe") probe(request.id, request.path);
  else running.get(request.id)?.abort();
});
// The parent went away: nothing is left to answer.
process.once("disconnect", () => process.exit(0));

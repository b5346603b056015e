import { useEffect, useState } from "react";
import { eventStream } from "../../api/client";
import type { JobEventData, JobEventName } from "../../api/types";
import { useOnline } from "../editor/use-save";

/** The job's state as the server's events tell it (until the first one: connecting). */
export type JobState =
  | { status: "connecting" }
  | ({ status: "queued" } & JobEventData<"queued">)
  | ({ status: "processing" } & JobEventData<"processing">)
  | { status: "completed"; id: string }
  | ({ status: "failed" } & JobEventData<"failed">);

/** A recognised passage, streamed before the job ends. */
export type LiveSegment = JobEventData<"segment">;

/** How the stream itself is: live, reconnecting after a drop, or the browser is offline. */
export type StreamHealth = "live" | "reconnecting" | "offline";

/** Adds segments not seen yet (a reconnect replays them all), kept in time order. */
export function mergeSegments(
  list: readonly LiveSegment[],
  added: readonly LiveSegment[],
): LiveSegment[] {
  const seen = new Set(list.map((s) => `${s.start}:${s.end}`));
  const fresh = added.filter((s) => !seen.has(`${s.start}:${s.end}`));
  if (fresh.length === 0) return list as LiveSegment[];
  return [...list, ...fresh].sort((a, b) => a.start - b.start || a.end - b.end);
}

/**
 * Follows a job over Server-Sent Events (the session cookie authenticates it). EventSource
 * reconnects by itself after a network drop; the server's first events are always the state
 * now and the text so far, so the preview keeps every line after a drop or a return.
 */
export function useJobEvents(jobId: string | null): {
  state: JobState;
  segments: LiveSegment[];
  /** When the last event arrived (ms since the epoch), or null before any. */
  lastEventAt: number | null;
  health: StreamHealth;
} {
  const [state, setState] = useState<JobState>({ status: "connecting" });
  const [segments, setSegments] = useState<LiveSegment[]>([]);
  const [lastEventAt, setLastEventAt] = useState<number | null>(null);
  const [dropped, setDropped] = useState(false);
  const online = useOnline();
  useEffect(() => {
    if (!jobId) return;
    setState({ status: "connecting" });
    setSegments([]);
    setLastEventAt(null);
    const source = eventStream(`/api/transcriptions/${jobId}/events`);
    source.addEventListener("open", () => setDropped(false));
    source.addEventListener("error", () => setDropped(true));
    const on = <Name extends JobEventName>(
      name: Name,
      handle: (data: JobEventData<Name>) => void,
    ) =>
      source.addEventListener(name, (event) => {
        setLastEventAt(Date.now());
        setDropped(false);
        handle(JSON.parse((event as MessageEvent<string>).data) as JobEventData<Name>);
      });
    on("queued", (data) => setState({ status: "queued", ...data }));
    on("processing", (data) => setState({ status: "processing", ...data }));
    on("segment", (segment) => setSegments((list) => mergeSegments(list, [segment])));
    on("completed", (data) => {
      setState({ status: "completed", id: data.id });
      source.close();
    });
    on("failed", (data) => {
      setState({ status: "failed", ...data });
      source.close();
    });
    return () => source.close();
  }, [jobId]);
  const health: StreamHealth = !online ? "offline" : dropped ? "reconnecting" : "live";
  return { state, segments, lastEventAt, health };
}

import { useEffect, useState } from "react";

/** The job's state as the server's events tell it (apps/server transcriptions/events-route). */
export type JobState =
  | { status: "connecting" }
  | { status: "queued"; position: number; waitSeconds: number | null }
  | { status: "processing"; percent: number; secondsLeft: number | null }
  | { status: "completed"; id: string }
  | { status: "failed"; code: string; message: string };

/** A recognised passage, streamed before the job ends. */
export interface LiveSegment {
  start: number;
  end: number;
  text: string;
}

/**
 * Follows a job over Server-Sent Events (the session cookie authenticates it). EventSource
 * reconnects by itself after a network drop; the server's first event is always the state now.
 */
export function useJobEvents(jobId: string | null): { state: JobState; segments: LiveSegment[] } {
  const [state, setState] = useState<JobState>({ status: "connecting" });
  const [segments, setSegments] = useState<LiveSegment[]>([]);
  useEffect(() => {
    if (!jobId) return;
    setState({ status: "connecting" });
    setSegments([]);
    const source = new EventSource(`/api/transcriptions/${jobId}/events`, {
      withCredentials: true,
    });
    const on = <T>(name: string, handle: (data: T) => void) =>
      source.addEventListener(name, (event) =>
        handle(JSON.parse((event as MessageEvent<string>).data) as T),
      );
    on<{ position: number; waitSeconds: number | null }>("queued", (data) =>
      setState({ status: "queued", ...data }),
    );
    on<{ percent: number; secondsLeft: number | null }>("processing", (data) =>
      setState({ status: "processing", ...data }),
    );
    on<LiveSegment>("segment", (segment) => setSegments((list) => [...list.slice(-199), segment]));
    on<{ id: string }>("completed", (data) => {
      setState({ status: "completed", id: data.id });
      source.close();
    });
    on<{ code: string; message: string }>("failed", (data) => {
      setState({ status: "failed", ...data });
      source.close();
    });
    return () => source.close();
  }, [jobId]);
  return { state, segments };
}

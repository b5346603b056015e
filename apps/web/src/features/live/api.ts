import { api } from "../../api/client";

export interface StartedLiveSession {
  id: string;
  socketUrl: string;
  watchUrl: string;
  watchToken: string;
  /** The model the language was routed to. */
  model: { family: "whisper" | "parakeet" | "sensevoice"; name: string };
}

export function startLiveSession(body: { language: string; watchPassword?: string }) {
  return api<StartedLiveSession>("/api/live/sessions", { method: "POST", body });
}

export function stopLiveSession(id: string) {
  return api<{ transcriptionId: string | null }>(`/api/live/sessions/${id}/stop`, {
    method: "POST",
    timeoutMs: 120_000,
  });
}

export function setLivePaused(id: string, paused: boolean) {
  return api<void>(`/api/live/sessions/${id}/${paused ? "pause" : "resume"}`, { method: "POST" });
}

export interface WatchInfo {
  status: "open" | "stopped" | "ended";
  paused: boolean;
  language: string;
  passwordRequired: boolean;
}

export function watchInfo(token: string) {
  return api<WatchInfo>(`/api/live/watch/${encodeURIComponent(token)}`);
}

export function unlockWatch(token: string, password: string) {
  return api<{ grant: string }>(`/api/live/watch/${encodeURIComponent(token)}/unlock`, {
    method: "POST",
    body: { password },
  });
}

/** The watch stream's address (EventSource): the grant of the password as a query parameter. */
export function watchEventsPath(token: string, grant: string | null): string {
  const query = grant ? `?grant=${encodeURIComponent(grant)}` : "";
  return `/api/live/watch/${encodeURIComponent(token)}/events${query}`;
}

import { useSyncExternalStore } from "react";
import { call } from "../../api/call";

/** How long a deletion can be undone before it is sent. */
export const UNDO_DELETE_MS = 10_000;

interface Pending {
  timer: ReturnType<typeof setTimeout>;
  /** Called when the deletion was sent and the server refused it. */
  onFailed(error: unknown): void;
  onDone(): void;
}

const pending = new Map<string, Pending>();
let hidden: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();

function changed(): void {
  hidden = new Set(pending.keys());
  for (const listener of listeners) listener();
}

async function send(id: string, keepalive = false): Promise<void> {
  await call("deleteTranscription", { params: { id }, keepalive });
  // This device's copies of it go too: the editor's draft and the kept media.
  const [drafts, media] = await Promise.all([
    import("../editor/editor-drafts"),
    import("../editor/device-media"),
  ]);
  await Promise.all([drafts.deleteDraft(id), media.forgetOnDevice(id)]);
}

function commit(id: string, keepalive = false): void {
  const entry = pending.get(id);
  if (!entry) return;
  clearTimeout(entry.timer);
  void send(id, keepalive).then(
    () => {
      pending.delete(id);
      changed();
      entry.onDone();
    },
    (error: unknown) => {
      // Refused (e.g. the job is running) or offline: the row comes back, with the reason.
      pending.delete(id);
      changed();
      entry.onFailed(error);
    },
  );
}

/**
 * Deletes a transcription the way a careful app does: the row disappears at once, and the
 * deletion is sent only after UNDO_DELETE_MS, so Undo in the meantime loses nothing. Leaving the
 * page sends the deletions still waiting (the user asked for them), with keepalive.
 */
export function deleteLater(
  id: string,
  callbacks: { onFailed(error: unknown): void; onDone(): void },
): void {
  if (pending.has(id)) return;
  pending.set(id, { timer: setTimeout(() => commit(id), UNDO_DELETE_MS), ...callbacks });
  changed();
}

/** Takes a waiting deletion back; false when it was already sent. */
export function undoDelete(id: string): boolean {
  const entry = pending.get(id);
  if (!entry) return false;
  clearTimeout(entry.timer);
  pending.delete(id);
  changed();
  return true;
}

/** Sends every waiting deletion now (the page is going away). */
export function sendPendingDeletions(): void {
  for (const id of [...pending.keys()]) commit(id, true);
}

if (typeof window !== "undefined") window.addEventListener("pagehide", sendPendingDeletions);

/** The ids whose deletion is waiting: lists leave them out. */
export function usePendingDeletions(): ReadonlySet<string> {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => hidden,
    () => hidden,
  );
}

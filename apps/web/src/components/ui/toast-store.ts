import { useSyncExternalStore } from "react";

/** One notification (one at a time, 5 s). */
export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant?: "default" | "success" | "destructive";
  /** A button in the toast (e.g. Undo), which also closes it. */
  action?: { label: string; run(): void };
  /** How long it stays (ms), when not the usual 5 s (e.g. as long as Undo is possible). */
  durationMs?: number;
}

let current: Toast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Shows a toast, replacing the one on screen. */
export function toast(message: Omit<Toast, "id">): void {
  current = { ...message, id: nextId++ };
  emit();
}

export function dismissToast(id: number): void {
  if (current?.id === id) {
    current = null;
    emit();
  }
}

/** The toast on screen, for the Toaster. */
export function useCurrentToast(): Toast | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}

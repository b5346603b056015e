import { useCallback, useEffect, useRef, useState } from "react";

/** Text edits apply after this long without typing. */
export const TEXT_DEBOUNCE_MS = 500;

/** Registry of pending drafts, so saving or undoing can apply them first. */
export type FlushRegistry = Set<() => void>;

/**
 * A local draft of a value that is committed `delay` ms after the last change (or at once by
 * `flush`); follows the committed value when it changes from outside and nothing is pending.
 */
export function useDebouncedDraft(
  value: string,
  commit: (value: string) => void,
  registry: FlushRegistry,
  /** Whether a draft already shows a committed value (then it is not replaced). */
  same: (draft: string, value: string) => boolean = (a, b) => a === b,
  delay = TEXT_DEBOUNCE_MS,
) {
  const [draft, setDraft] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<string | null>(null);
  const commitRef = useRef(commit);
  commitRef.current = commit;

  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const next = pending.current;
    pending.current = null;
    if (next !== null) commitRef.current(next);
  }, []);

  useEffect(() => {
    registry.add(flush);
    return () => {
      registry.delete(flush);
      flush();
    };
  }, [registry, flush]);

  const sameRef = useRef(same);
  sameRef.current = same;
  useEffect(() => {
    if (pending.current === null) setDraft((old) => (sameRef.current(old, value) ? old : value));
  }, [value]);

  const change = useCallback(
    (next: string) => {
      setDraft(next);
      pending.current = next;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, delay);
    },
    [flush, delay],
  );

  return { draft, change, flush };
}

import { useEffect, useState } from "react";

/** The file's length in seconds as the browser reads it (null until known or if it cannot). */
export function useMediaDuration(file: File | null): number | null {
  const [seconds, setSeconds] = useState<number | null>(null);
  useEffect(() => {
    setSeconds(null);
    if (!file) return;
    const controller = new AbortController();
    void readMediaDuration(file, controller.signal).then((read) => {
      if (!controller.signal.aborted) setSeconds(read);
    });
    return () => controller.abort();
  }, [file]);
  return seconds;
}

/**
 * The file's length in seconds from its metadata, as an audio (or video) element reads it;
 * null when the browser cannot read it (the server measures every file itself anyway).
 */
export function readMediaDuration(file: File, signal?: AbortSignal): Promise<number | null> {
  if (typeof URL.createObjectURL !== "function") return Promise.resolve(null);
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const element = document.createElement(file.type.startsWith("video/") ? "video" : "audio");
    const done = (seconds: number | null) => {
      element.removeAttribute("src");
      URL.revokeObjectURL(url);
      resolve(seconds);
    };
    element.preload = "metadata";
    element.onloadedmetadata = () =>
      done(Number.isFinite(element.duration) ? element.duration : null);
    element.onerror = () => done(null);
    signal?.addEventListener("abort", () => done(null), { once: true });
    element.src = url;
  });
}

/** 754 → "12:34"; 3725 → "1:02:05". */
export function clock(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = h > 0 ? String(m).padStart(2, "0") : String(m);
  return `${h > 0 ? `${h}:` : ""}${mm}:${String(s).padStart(2, "0")}`;
}

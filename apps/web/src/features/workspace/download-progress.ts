import { eventStream } from "../../api/client";

// A link's download as the server reports it (GET /api/imports/progress/:progressId) while
// POST /api/imports is still fetching: the id is made here and sent with the import.

/** Bytes the server has fetched, and the file's declared size (null when none is declared). */
export interface LinkDownload {
  receivedBytes: number;
  totalBytes: number | null;
}

/**
 * A random UUID (v4). crypto.randomUUID exists only on secure pages, and a self-hosted server
 * may be reached over plain http on a LAN; getRandomValues exists on every page.
 */
export function randomProgressId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Follows a download's progress until `end` or until stopped; returns the way to stop. */
export function followLinkDownload(
  progressId: string,
  onProgress: (download: LinkDownload) => void,
): () => void {
  const source = eventStream(`/api/imports/progress/${progressId}`);
  source.addEventListener("progress", (event) => {
    try {
      const data = JSON.parse((event as MessageEvent<string>).data) as LinkDownload;
      if (typeof data.receivedBytes === "number") onProgress(data);
    } catch {
      // A broken event is skipped: the progress is news, the POST's answer is what counts.
    }
  });
  source.addEventListener("end", () => source.close());
  // No reconnecting: the POST's answer ends the wait either way.
  source.addEventListener("error", () => source.close());
  return () => source.close();
}

import { readFile } from "node:fs/promises";
import { writeOutput } from "./cli-outputs.js";

// `verbatim watch` remembers what it has done in a small JSON file, so a restart does not
// transcribe a file again: each media file by name, with its size, modification time and
// content hash (the hash recognises a renamed file), the outputs written for it, or why it
// failed (tried again only once the file changes).

/** What the watcher knows of one media file. */
export interface WatchedFile {
  size: number;
  mtimeMs: number;
  /** SHA-256 of the content, hex. */
  sha256: string;
  /** "done": transcribed, `outputs` written; "failed": `error` says why. */
  status: "done" | "failed";
  /** The files written for it (absolute paths). */
  outputs: string[];
  error?: string;
  at: string;
}

export interface WatchState {
  version: 1;
  /** By the media file's name in the watched folder. */
  files: Record<string, WatchedFile>;
}

/** The state file's contents, or an empty state when there is none (or it is unreadable). */
export async function loadWatchState(path: string): Promise<WatchState> {
  try {
    const parsed = JSON.parse(await readFile(path, "utf8")) as Partial<WatchState>;
    if (parsed.version === 1 && parsed.files && typeof parsed.files === "object") {
      return { version: 1, files: parsed.files };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
      process.stderr.write(`verbatim: watch: ${path} is unreadable; starting afresh.\n`);
    }
  }
  return { version: 1, files: {} };
}

/** Saves the state whole or not at all (written aside, then renamed). */
export async function saveWatchState(path: string, state: WatchState): Promise<void> {
  await writeOutput(`${JSON.stringify(state, null, 2)}\n`, path);
}

/** The name of a file known by its content that is no longer at its old name (a rename). */
export function renamedFrom(
  state: WatchState,
  sha256: string,
  stillThere: (name: string) => boolean,
): string | undefined {
  return Object.entries(state.files).find(
    ([name, file]) => file.sha256 === sha256 && file.status === "done" && !stillThere(name),
  )?.[0];
}

// The uploaded file, kept in this browser (the origin private file system) so reopening a
// transcription on the same device plays the original, picture included, after a reload or
// from History. It never leaves the device; it goes when the transcription is deleted here or
// the user signs out, and the browser may evict it under storage pressure.

const FOLDER = "media";

async function folder(create: boolean): Promise<FileSystemDirectoryHandle | null> {
  try {
    if (typeof navigator === "undefined" || !navigator.storage?.getDirectory) return null;
    const root = await navigator.storage.getDirectory();
    return await root.getDirectoryHandle(FOLDER, { create });
  } catch {
    return null; // no private file system here (older browsers, private windows, jsdom)
  }
}

/** Names in the folder: the job id, then the original name (for its type and extension). */
const entryName = (id: string, file: File) => `${id}--${encodeURIComponent(file.name)}`;

/** Keeps a copy of the file for a job; quietly does nothing where the browser cannot. */
export async function keepOnDevice(id: string, file: File): Promise<void> {
  const dir = await folder(true);
  if (!dir) return;
  try {
    const handle = await dir.getFileHandle(entryName(id, file), { create: true });
    const writable = await handle.createWritable();
    await writable.write(file);
    await writable.close();
  } catch {
    await forgetOnDevice(id); // out of space: keep nothing half-written
  }
}

/** The kept copy of a job's file, or null. */
export async function fromDevice(id: string): Promise<File | null> {
  const dir = await folder(false);
  if (!dir) return null;
  try {
    for await (const [name, handle] of dir.entries()) {
      if (handle.kind !== "file" || !name.startsWith(`${id}--`)) continue;
      const stored = await (handle as FileSystemFileHandle).getFile();
      const original = decodeURIComponent(name.slice(id.length + 2));
      return new File([stored], original, { type: stored.type || typeFor(original) });
    }
  } catch {
    return null;
  }
  return null;
}

/** Removes a job's kept copy. */
export async function forgetOnDevice(id: string): Promise<void> {
  const dir = await folder(false);
  if (!dir) return;
  try {
    for await (const [name] of dir.entries()) {
      if (name.startsWith(`${id}--`)) await dir.removeEntry(name);
    }
  } catch {
    // already gone
  }
}

/** Removes every kept copy (signing out). */
export async function forgetAllOnDevice(): Promise<void> {
  try {
    const root = await navigator.storage.getDirectory();
    await root.removeEntry(FOLDER, { recursive: true });
  } catch {
    // none kept
  }
}

function typeFor(name: string): string {
  if (/\.(mp4|m4v|mov)$/i.test(name)) return "video/mp4";
  if (/\.webm$/i.test(name)) return "video/webm";
  if (/\.mp3$/i.test(name)) return "audio/mpeg";
  return "";
}

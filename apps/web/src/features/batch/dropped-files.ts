// The files of a drop: plain files, and the files inside dropped folders where the browser
// lets a page read them (the File and Directory Entries API: Chromium, Firefox, Safari).

/** Every file of the drop, folders read through (all levels), in the order found. */
export async function droppedFiles(data: DataTransfer): Promise<File[]> {
  const entries = Array.from(data.items)
    .map((item) => (item.kind === "file" ? item.webkitGetAsEntry?.() : null))
    .filter((entry): entry is FileSystemEntry => Boolean(entry));
  if (entries.length === 0) return Array.from(data.files);
  const files: File[] = [];
  for (const entry of entries) files.push(...(await filesOf(entry)));
  return files;
}

async function filesOf(entry: FileSystemEntry): Promise<File[]> {
  if (entry.isFile) {
    return [
      await new Promise<File>((resolve, reject) =>
        (entry as FileSystemFileEntry).file(resolve, reject),
      ),
    ];
  }
  if (!entry.isDirectory) return [];
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  const children: FileSystemEntry[] = [];
  // readEntries gives a folder's entries a batch at a time, an empty batch at the end.
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (batch.length === 0) break;
    children.push(...batch);
  }
  const files: File[] = [];
  for (const child of children.sort((a, b) => a.name.localeCompare(b.name))) {
    files.push(...(await filesOf(child)));
  }
  return files;
}

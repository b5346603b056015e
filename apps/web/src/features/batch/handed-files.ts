// Files dropped on the single-file upload page when there are several: handed to the batch
// page as it opens (a File cannot travel in the address).

let handed: File[] = [];

/** Keeps files for the batch page to take. */
export function handFiles(files: File[]): void {
  handed = files;
}

/** The files handed over, once. */
export function takeHandedFiles(): File[] {
  const files = handed;
  handed = [];
  return files;
}

// What a batch costs before it is sent: each file's length, the whole batch's minutes, and
// which files the balance covers. A file is charged whole or not at all (the server reserves a
// file's length when it takes it), so a file the balance cannot cover is not sent: the files
// are taken in the order shown, each while what is left covers it, and the others are marked.

export interface CostedFile {
  key: string;
  /** Length in seconds as the browser reads it; null when it cannot (the server decides). */
  seconds: number | null;
}

export interface BatchCost {
  /** Seconds of the files whose length is known. */
  totalSeconds: number;
  /** Files the balance does not cover: not sent. */
  overBalance: Set<string>;
  /** Files whose length the browser cannot read: sent, and the server checks the minutes. */
  unknown: Set<string>;
}

/** The batch's cost against `availableSeconds`; files in the order they are to be sent. */
export function batchCost(files: readonly CostedFile[], availableSeconds: number): BatchCost {
  let left = availableSeconds;
  let totalSeconds = 0;
  const overBalance = new Set<string>();
  const unknown = new Set<string>();
  for (const file of files) {
    if (file.seconds === null) {
      unknown.add(file.key);
      continue;
    }
    // The server measures whole seconds at least as long as the browser's reading.
    const seconds = Math.ceil(file.seconds);
    totalSeconds += seconds;
    if (seconds > left) overBalance.add(file.key);
    else left -= seconds;
  }
  return { totalSeconds, overBalance, unknown };
}

/** Minutes as the app shows them: whole minutes, rounded up. */
export function wholeMinutes(seconds: number): number {
  return Math.ceil(seconds / 60);
}

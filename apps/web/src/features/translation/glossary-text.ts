import type { GlossaryBody } from "../../api/types";

type Entry = GlossaryBody["entries"][number];

/** A glossary as the dialog writes it: a term a line, `source = translation`. */
export function glossaryText(entries: readonly Entry[]): string {
  return entries.map((entry) => `${entry.source} = ${entry.target}`).join("\n");
}

/**
 * The terms of the dialog's text: each non-empty line `source = translation`, or
 * `source<TAB>translation` (a spreadsheet's two columns pasted). Lines with neither, or with an
 * empty side, are listed by number (from 1) in `unreadable`.
 */
export function readGlossaryText(text: string): { entries: Entry[]; unreadable: number[] } {
  const entries: Entry[] = [];
  const unreadable: number[] = [];
  text.split(/\r?\n/).forEach((line, position) => {
    if (line.trim() === "") return;
    const at = line.includes("\t") ? line.indexOf("\t") : line.indexOf("=");
    const source = at < 0 ? "" : line.slice(0, at).trim();
    const target = at < 0 ? "" : line.slice(at + 1).trim();
    if (source && target) entries.push({ source, target });
    else unreadable.push(position + 1);
  });
  return { entries, unreadable };
}

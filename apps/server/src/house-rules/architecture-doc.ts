// The table "Who writes which table" of docs/architecture.md, read so the rules test can check
// it against TABLE_OWNERS (the map in code is the source; the document follows it).

/** One row: the tables in its first column, and the first path named in its second. */
export interface DocumentedOwner {
  tables: string[];
  owner: string | null;
  line: number;
}

/** The rows of the table that follows the line `heading` (a Markdown pipe table). */
export function documentedOwners(markdown: string, heading: string): DocumentedOwner[] {
  const lines = markdown.split("\n");
  const start = lines.findIndex((line) => line.includes(heading));
  if (start < 0) return [];
  const rows: DocumentedOwner[] = [];
  let inTable = false;
  for (let i = start + 1; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line.startsWith("|")) {
      if (inTable) break;
      continue;
    }
    inTable = true;
    const cells = line.split("|").slice(1, -1);
    if (cells.length < 2 || /^[\s:-]+$/.test(cells[0]!)) continue; // the rule under the header
    const tables = [...cells[0]!.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!);
    if (tables.length === 0) continue; // the header
    const owner = /`([^`]+)`/.exec(cells[1]!)?.[1] ?? null;
    rows.push({ tables, owner, line: i + 1 });
  }
  return rows;
}

// Rule: each table has one writer. Finds every insert, update and delete in the source (Kysely's
// builders and raw `sql`) and checks each against the table's owner.
import ts from "typescript";
import type { Breach } from "./breaches.js";
import {
  calledMethod,
  eachNode,
  literalText,
  sqlTemplateText,
  where,
  type SourceFile,
} from "./source-tree.js";

/** Kysely's builders that change a table. */
export const WRITE_METHODS = new Set([
  "insertInto",
  "replaceInto",
  "updateTable",
  "deleteFrom",
  "mergeInto",
]);

/** Writes in raw SQL: the statement and its table. */
const RAW_WRITE =
  /\b(insert\s+(?:or\s+\w+\s+)?into|replace\s+into|delete\s+from|update)\s+["`]?(\w+)["`]?(\s+set\b)?/gi;

/** One statement that changes a table. */
export interface TableWrite {
  /** The table (`?` when the code names it with something other than a literal). */
  table: string;
  file: string;
  where: string;
  /** `insertInto`, `deleteFrom`, `sql: update`, … */
  how: string;
}

/** Files that write whatever the schema needs: the migrations. */
const EXEMPT = (path: string): boolean => path.startsWith("db/migrations/");

/** Every write to a table in the given files. */
export function findTableWrites(files: readonly SourceFile[]): TableWrite[] {
  const writes: TableWrite[] = [];
  for (const file of files) {
    if (EXEMPT(file.path)) continue;
    eachNode(file, (node) => {
      const method = calledMethod(node);
      if (method && WRITE_METHODS.has(method) && ts.isCallExpression(node)) {
        const named = literalText(node.arguments[0]);
        const table = named === null ? "?" : named.split(/\s+as\s+/i)[0]!.trim();
        writes.push({ table, file: file.path, where: where(file, node), how: method });
        return;
      }
      const raw = sqlTemplateText(node) ?? rawSqlCallText(node);
      if (raw === null) return;
      for (const match of raw.matchAll(RAW_WRITE)) {
        const statement = match[1]!.toLowerCase().replace(/\s+/g, " ");
        if (statement === "update" && !match[3]) continue; // "update" without "set": not a write
        writes.push({
          table: match[2]!,
          file: file.path,
          where: where(file, node),
          how: `sql: ${statement}`,
        });
      }
    });
  }
  return writes;
}

/** The text of `sql.raw("…")`, or null. */
function rawSqlCallText(node: ts.Node): string | null {
  if (calledMethod(node) !== "raw" || !ts.isCallExpression(node)) return null;
  const target = (node.expression as ts.PropertyAccessExpression).expression;
  if (!ts.isIdentifier(target) || target.text !== "sql") return null;
  return literalText(node.arguments[0]);
}

/** Whether `file` is (or lies in) the owner `owner`: a file, or a folder ending in `/`. */
export function isOwner(owner: string, file: string): boolean {
  return owner.endsWith("/") ? file.startsWith(owner) : file === owner;
}

/** The writes by anyone but the table's owner (and to tables that have none). */
export function ownerBreaches(
  writes: readonly TableWrite[],
  owners: Readonly<Record<string, string>>,
): Breach[] {
  const breaches: Breach[] = [];
  for (const write of writes) {
    const owner = owners[write.table];
    if (owner !== undefined && isOwner(owner, write.file)) continue;
    breaches.push({
      key: `${write.file} writes ${write.table}`,
      where: write.where,
      detail:
        owner === undefined
          ? write.table === "?"
            ? `${write.how} on a table named by an expression: name the table with a literal`
            : `${write.how} on ${write.table}, a table with no owner in TABLE_OWNERS`
          : `${write.how} on ${write.table}, whose one writer is ${owner}`,
    });
  }
  return breaches;
}

/** Each table's writers (files), for the counts. */
export function writersPerTable(writes: readonly TableWrite[]): Map<string, Set<string>> {
  const writers = new Map<string, Set<string>>();
  for (const write of writes) {
    const files = writers.get(write.table) ?? new Set<string>();
    files.add(write.file);
    writers.set(write.table, files);
  }
  return writers;
}

// The house rules' numbers for the server (issue 45's before/after counts): actions in the
// `(ctx, props)` shape, writers per table, imports between folders that import each other,
// import circles, the largest files. `npx tsx apps/server/scripts/house-rules-counts.ts`
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { takesCtxAndProps, valueExports } from "../src/house-rules/command-shape.js";
import { backPointingBreaches, circles, importLinks } from "../src/house-rules/import-graph.js";
import { isRouteFile, routeDatabaseBreaches } from "../src/house-rules/route-files.js";
import { readSourceTree } from "../src/house-rules/source-tree.js";
import { TABLE_OWNERS } from "../src/house-rules/table-owners.js";
import {
  findTableWrites,
  isOwner,
  ownerBreaches,
  writersPerTable,
} from "../src/house-rules/table-writes.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const files = readSourceTree(join(root, "apps/server/src"));

const functions = files.flatMap((file) => valueExports(file).filter((v) => v.parameters !== null));
const actions = functions.filter((v) => takesCtxAndProps(v.parameters!));
console.log(
  `exported functions: ${functions.length}; in the (ctx, props) shape: ${actions.length}`,
);

const writes = findTableWrites(files);
// A writer is a file, or an owner folder (jobs/lifecycle/, a commands/ folder) as one.
const owners: Readonly<Record<string, string>> = TABLE_OWNERS;
const writers = writersPerTable(
  writes.map((write) => {
    const owner = owners[write.table];
    return owner !== undefined && isOwner(owner, write.file) ? { ...write, file: owner } : write;
  }),
);
const shared = [...writers].filter(([, set]) => set.size > 1);
console.log(
  `tables written: ${writers.size}; with more than one writer: ${shared.length}; ` +
    `writes by a file not the owner: ${ownerBreaches(writes, TABLE_OWNERS).length}`,
);
for (const [table, set] of shared) console.log(`  ${table}: ${[...set].join(", ")}`);
console.log(`queries in route files: ${routeDatabaseBreaches(files).length}`);

const links = importLinks(files);
const back = backPointingBreaches(links, new Set(files.filter(isRouteFile).map((f) => f.path)));
console.log(`imports pointing back up a layer: ${back.length}`);
for (const breach of back) console.log(`  ${breach.key}`);
const valueCircles = circles(links.filter((l) => !l.typeOnly));
const allCircles = circles(links);
console.log(
  `import circles: ${valueCircles.length} of values, ${allCircles.length} counting type-only links`,
);
for (const group of allCircles) console.log(`  ${group.join(" <-> ")}`);

const lines: [string, number][] = [];
const walk = (dir: string): void => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      lines.push([full.slice(root.length), readFileSync(full, "utf8").split("\n").length]);
    }
  }
};
walk(join(root, "apps/server/src"));
walk(join(root, "apps/web/src"));
console.log("largest files:");
for (const [path, count] of lines.sort((a, b) => b[1] - a[1]).slice(0, 8))
  console.log(`  ${count} ${path}`);

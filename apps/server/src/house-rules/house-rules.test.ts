// The house rules (docs/architecture.md, "House rules"), checked on the server's source: the
// syntax of every file under apps/server/src, parsed once, no database. A rule that fails says
// where and what to do; today's breaches are listed in baseline.ts, which may only shrink.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { documentedOwners } from "./architecture-doc.js";
import {
  BACK_POINTING_BASELINE,
  COMMAND_SHAPE_BASELINE,
  ROUTE_DATABASE_BASELINE,
  SHARED_BASE_BASELINE,
  TYPE_ONLY_CIRCLE_LINKS,
  VALUE_CIRCLE_BASELINE,
  WRITER_BASELINE,
} from "./baseline.js";
import { baselineReport, compareWithBaseline, type Breach } from "./breaches.js";
import { commandShapeBreaches } from "./command-shape.js";
import {
  backPointingBreaches,
  importLinks,
  sharedBaseBreaches,
  typeOnlyLinksInCircles,
  valueCircleBreaches,
} from "./import-graph.js";
import { isRouteFile, routeDatabaseBreaches } from "./route-files.js";
import { routeTableBreaches } from "./route-table.js";
import { ROUTE_PATHS } from "@verbatim/contract/route-paths";
import { readSourceTree } from "./source-tree.js";
import { findTableWrites, ownerBreaches } from "./table-writes.js";
import { TABLE_OWNERS } from "./table-owners.js";

const SOURCE_ROOT = fileURLToPath(new URL("..", import.meta.url));
const ARCHITECTURE = fileURLToPath(new URL("../../../../docs/architecture.md", import.meta.url));
const files = readSourceTree(SOURCE_ROOT);
const links = importLinks(files);

/** Fails with the rule's report unless every breach is in the baseline and every entry occurs. */
function holds(
  rule: string,
  baselineName: string,
  fix: string,
  found: Breach[],
  baseline: readonly string[],
): void {
  const report = baselineReport(rule, baselineName, fix, compareWithBaseline(found, baseline));
  if (report !== "") expect.fail(report);
}

/** The tables of the schema's `Database` interface. */
function schemaTables(): string[] {
  const schema = files.find((file) => file.path === "db/schema.ts")!;
  const database = schema.ast.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === "Database",
  )!;
  return database.members.map((member) => member.name!.getText(schema.ast));
}

describe("house rules", () => {
  it("every route of the contract's table is registered from it once, none by hand", () => {
    const breaches = routeTableBreaches(files, ROUTE_PATHS);
    if (breaches.length > 0) {
      expect.fail(
        "The route table (packages/contract/src/api/route-paths.ts):\n" +
          breaches.map((breach) => `  ${breach.where}: ${breach.detail}`).join("\n"),
      );
    }
  });

  it("reads the whole server", () => {
    expect(files.length).toBeGreaterThan(150);
    expect(links.length).toBeGreaterThan(500);
  });

  it("each table is written only by the owner TABLE_OWNERS names", () => {
    holds(
      "each table has one writer (apps/server/src/house-rules/table-owners.ts)",
      "WRITER_BASELINE",
      "call a verb of the table's owner (add one there if it lacks it) instead of writing the table; " +
        "a new table gets its owner in TABLE_OWNERS",
      ownerBreaches(findTableWrites(files), TABLE_OWNERS),
      WRITER_BASELINE,
    );
  });

  it("every table of the schema has an owner, and every owner exists", () => {
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual(schemaTables().sort());
    const paths = files.map((file) => file.path);
    for (const owner of new Set(Object.values(TABLE_OWNERS))) {
      const exists = paths.some((path) =>
        owner.endsWith("/") ? path.startsWith(owner) : path === owner,
      );
      expect(exists, `TABLE_OWNERS names ${owner}, which does not exist`).toBe(true);
    }
  });

  it("docs/architecture.md names each table's owner as TABLE_OWNERS does", () => {
    const rows = documentedOwners(readFileSync(ARCHITECTURE, "utf8"), "**Who writes which table**");
    const documented = new Map<string, string | null>();
    for (const row of rows) for (const table of row.tables) documented.set(table, row.owner);
    const wrong = Object.entries(TABLE_OWNERS)
      .filter(([table, owner]) => documented.get(table) !== owner)
      .map(
        ([table, owner]) =>
          `  ${table}: the document says ${documented.get(table) ?? "nothing"}, the code ${owner}`,
      );
    const extra = [...documented.keys()].filter((table) => !(table in TABLE_OWNERS));
    if (wrong.length > 0 || extra.length > 0) {
      expect.fail(
        [
          'docs/architecture.md, "Who writes which table", differs from TABLE_OWNERS ' +
            "(apps/server/src/house-rules/table-owners.ts, the source): make the document's row " +
            "name the owner first, in backticks.",
          ...wrong,
          ...extra.map((table) => `  ${table}: in the document, not a table of the schema`),
        ].join("\n"),
      );
    }
  });

  it("route files do not touch the database", () => {
    holds(
      "route files do not touch the database: they parse, ask the policy, call one command, present",
      "ROUTE_DATABASE_BASELINE",
      "move the query into the module that owns the table (a read beside it, a write as its verb) " +
        "and call that from the route",
      routeDatabaseBreaches(files),
      ROUTE_DATABASE_BASELINE,
    );
  });

  it("every file under a commands/ folder is one (ctx, props) action with a one-line comment", () => {
    holds(
      "a command file starts with `// Command: <what it does>` and exports one documented " +
        "function taking (ctx, props) (types may be exported beside it)",
      "COMMAND_SHAPE_BASELINE",
      "split the file (one action per file), or move helpers that are not actions out of commands/",
      commandShapeBreaches(files),
      COMMAND_SHAPE_BASELINE,
    );
  });

  it("no value import circle", () => {
    holds(
      "no circle of value imports among the server's files",
      "VALUE_CIRCLE_BASELINE",
      "move what both files need into a third that imports neither, or make the link type-only",
      valueCircleBreaches(links),
      VALUE_CIRCLE_BASELINE,
    );
  });

  it("the shared base (http/, db/, net/, the configuration) imports no domain", () => {
    holds(
      "the shared base, which every domain imports, imports none of them",
      "SHARED_BASE_BASELINE",
      "hand the shared file what it needs from the composition root (app.ts, app-context.ts), " +
        "or move the file out of the shared base",
      sharedBaseBreaches(links),
      SHARED_BASE_BASELINE,
    );
  });

  it("imports point down the layers: nothing imports a route file or the composition root", () => {
    holds(
      "imports point one way: composition root, route files, domain files, the shared base",
      "BACK_POINTING_BASELINE",
      "name the fields the code takes ({ db: Db; … } or a domain's context) instead of " +
        "importing AppContext, and move what a route file exports that others need beside the domain",
      backPointingBreaches(links, new Set(files.filter(isRouteFile).map((file) => file.path))),
      BACK_POINTING_BASELINE,
    );
  });

  it("the type-only links that close a circle do not grow", () => {
    const found = typeOnlyLinksInCircles(links);
    const listing = found.map((link) => `  ${link.from} -> ${link.to}`).join("\n");
    if (found.length > TYPE_ONLY_CIRCLE_LINKS) {
      expect.fail(
        `${found.length} type-only imports close an import circle, more than the ` +
          `${TYPE_ONLY_CIRCLE_LINKS} of TYPE_ONLY_CIRCLE_LINKS (house-rules/baseline.ts): move the ` +
          `type to the module that owns it, so that the import points one way.\n${listing}`,
      );
    }
    if (found.length < TYPE_ONLY_CIRCLE_LINKS) {
      expect.fail(
        `Only ${found.length} type-only imports close an import circle now: lower ` +
          `TYPE_ONLY_CIRCLE_LINKS in house-rules/baseline.ts to ${found.length} (it may only shrink).\n${listing}`,
      );
    }
  });
});

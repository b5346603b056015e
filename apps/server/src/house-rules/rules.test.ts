// The house rules themselves, on small made-up files that break each rule: so that every rule is
// seen to fail, and to pass the code that follows it.
import { describe, expect, it } from "vitest";
import { documentedOwners } from "./architecture-doc.js";
import { baselineReport, compareWithBaseline } from "./breaches.js";
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
import { parseSource } from "./source-tree.js";
import { findTableWrites, ownerBreaches } from "./table-writes.js";

const OWNERS = { transcriptions: "jobs/job-lifecycle.ts", teams: "teams/commands/" };

describe("one writer per table", () => {
  it("passes the owner and fails anyone else, with the file and line", () => {
    const owner = parseSource(
      "jobs/job-lifecycle.ts",
      `export const f = (db) => db.updateTable("transcriptions").set({}).execute();`,
    );
    const other = parseSource(
      "teams/routes.ts",
      `\nexport const g = (db) =>\n  db.updateTable("transcriptions as t").set({}).execute();`,
    );
    const breaches = ownerBreaches(findTableWrites([owner, other]), OWNERS);
    expect(breaches).toEqual([
      {
        key: "teams/routes.ts writes transcriptions",
        where: "teams/routes.ts:3",
        detail: "updateTable on transcriptions, whose one writer is jobs/job-lifecycle.ts",
      },
    ]);
  });

  it("sees inserts, deletes and raw SQL, and a table named by an expression", () => {
    const file = parseSource(
      "users/delete-account.ts",
      [
        `await db.insertInto("teams").values(row).execute();`,
        `await tx.deleteFrom("transcriptions").execute();`,
        "await sql`UPDATE transcriptions SET status = ${s}`.execute(db);",
        "await sql<number>`select count(*) from transcriptions`.execute(db);",
        `await sql.raw("delete from teams").execute(db);`,
        `await db.deleteFrom(table).execute();`,
      ].join("\n"),
    );
    const writes = findTableWrites([file]);
    expect(writes.map((w) => [w.table, w.how, w.where])).toEqual([
      ["teams", "insertInto", "users/delete-account.ts:1"],
      ["transcriptions", "deleteFrom", "users/delete-account.ts:2"],
      ["transcriptions", "sql: update", "users/delete-account.ts:3"],
      ["teams", "sql: delete from", "users/delete-account.ts:5"],
      ["?", "deleteFrom", "users/delete-account.ts:6"],
    ]);
    expect(ownerBreaches(writes, OWNERS)).toHaveLength(5);
  });

  it("lets every file of an owning folder write, and no file beside it", () => {
    const inside = parseSource("teams/commands/invite.ts", `db.insertInto("teams")`);
    const beside = parseSource("teams/commands-old.ts", `db.insertInto("teams")`);
    const breaches = ownerBreaches(findTableWrites([inside, beside]), OWNERS);
    expect(breaches.map((b) => b.key)).toEqual(["teams/commands-old.ts writes teams"]);
  });

  it("fails a write to a table no one owns", () => {
    const file = parseSource("x/y.ts", `db.insertInto("new_table")`);
    expect(ownerBreaches(findTableWrites([file]), OWNERS)[0]?.detail).toMatch(/no owner/);
  });

  it("leaves the migrations alone", () => {
    const file = parseSource("db/migrations/0001.ts", `db.insertInto("teams")`);
    expect(findTableWrites([file])).toEqual([]);
  });
});

describe("route files do not touch the database", () => {
  it("fails a route file that queries, and passes one that calls a module", () => {
    const querying = parseSource(
      "teams/routes.ts",
      `const rows = await ctx.db.selectFrom("teams").selectAll().execute();\n` +
        `await ctx.db.transaction().execute(async (tx) => {});`,
    );
    const calling = parseSource(
      "voices/routes.ts",
      `const rows = await listVoices(ctx, { user });`,
    );
    const breaches = routeDatabaseBreaches([querying, calling]);
    expect(breaches.map((b) => [b.key, b.where])).toEqual([
      ["teams/routes.ts uses selectFrom", "teams/routes.ts:1"],
      ["teams/routes.ts uses transaction", "teams/routes.ts:2"],
    ]);
  });

  it("knows a route file by its name or by the routes it registers", () => {
    expect(isRouteFile(parseSource("a/routes.ts", ""))).toBe(true);
    expect(isRouteFile(parseSource("a/owner-routes.ts", ""))).toBe(true);
    expect(isRouteFile(parseSource("a/batch-route.ts", `app.get(\n  "/api/b",\n  f)`))).toBe(true);
    expect(isRouteFile(parseSource("jobs/auto-language-route.ts", ""))).toBe(false);
    expect(isRouteFile(parseSource("a/store.ts", ""))).toBe(false);
    const registering = parseSource(
      "a/store.ts",
      `app.get("/api/x", async () => db.selectFrom("t"))`,
    );
    expect(isRouteFile(registering)).toBe(true);
    expect(routeDatabaseBreaches([registering]).map((b) => b.key)).toEqual([
      "a/store.ts uses selectFrom",
    ]);
  });
});

describe("a command is one (ctx, props) action", () => {
  const command = (text: string) =>
    commandShapeBreaches([parseSource("teams/commands/invite.ts", text)]);
  const good = [
    "// Command: invite someone to a team.",
    `import type { TeamsContext } from "../teams-context.js";`,
    "export interface InviteProps { email: string }",
    "export type Invited = { id: string };",
    "/** Invites `email`; answers the invitation. */",
    "export async function invite(ctx: TeamsContext, { email }: InviteProps): Promise<Invited> {",
    "  return { id: email };",
    "}",
  ];

  it("passes a file of billing's shape (types beside the action)", () => {
    expect(command(good.join("\n"))).toEqual([]);
    const arrow = good.slice(0, 5).concat("export const invite = async (ctx, props) => props;");
    expect(command(arrow.join("\n"))).toEqual([]);
  });

  it("fails a file without the one-line comment", () => {
    expect(command(good.slice(1).join("\n")).map((b) => b.key)).toEqual([
      "teams/commands/invite.ts: no one-line comment",
    ]);
  });

  it("fails a second exported value", () => {
    const two = [...good, "/** Another. */", "export function remove(ctx, props) {}"];
    expect(command(two.join("\n")).map((b) => b.key)).toEqual([
      "teams/commands/invite.ts: not one export",
    ]);
    const constant = [...good, "export const LIMIT = 5;"];
    expect(command(constant.join("\n")).map((b) => b.key)).toEqual([
      "teams/commands/invite.ts: not one export",
    ]);
  });

  it("fails an action of another shape", () => {
    const shapes = [
      "export async function invite(ctx: TeamsContext) {}",
      "export async function invite(context: TeamsContext, props: InviteProps) {}",
      "export async function invite(ctx: TeamsContext, email: string) {}",
      "export async function invite(ctx: TeamsContext, props: InviteProps, more: number) {}",
    ];
    for (const shape of shapes) {
      const text = [...good.slice(0, 5), shape].join("\n");
      expect(
        command(text).map((b) => b.key),
        shape,
      ).toEqual(["teams/commands/invite.ts: invite is not (ctx, props)"]);
    }
  });

  it("fails an action without a doc comment, and a file that exports no function", () => {
    const undocumented = [...good.slice(0, 4), ...good.slice(5)].join("\n");
    expect(command(undocumented).map((b) => b.key)).toEqual([
      "teams/commands/invite.ts: invite has no doc comment",
    ]);
    const noAction = [good[0], "export const invite = 5;"].join("\n");
    expect(command(noAction).map((b) => b.key)).toEqual(["teams/commands/invite.ts: no action"]);
  });

  it("looks only under commands/ folders", () => {
    expect(
      commandShapeBreaches([parseSource("teams/invitations.ts", "export const a = 1, b = 2;")]),
    ).toEqual([]);
  });
});

describe("no value import circle", () => {
  const a = (importB: string) => parseSource("x/a.ts", `${importB}\nexport const a = 1;`);
  const b = parseSource("y/b.ts", `import { a } from "../x/a.js";\nexport const b = a;`);

  it("fails two files that import each other's values", () => {
    const links = importLinks([a(`import { b } from "../y/b.js";`), b]);
    expect(valueCircleBreaches(links).map((breach) => breach.key)).toEqual(["x/a.ts <-> y/b.ts"]);
    expect(typeOnlyLinksInCircles(links)).toEqual([]);
  });

  it("allows a circle closed by types only, and counts its type-only link", () => {
    for (const typeImport of [
      `import type { B } from "../y/b.js";`,
      `import { type B } from "../y/b.js";`,
      `export type { B } from "../y/b.js";`,
    ]) {
      const links = importLinks([a(typeImport), b]);
      expect(valueCircleBreaches(links), typeImport).toEqual([]);
      expect(typeOnlyLinksInCircles(links), typeImport).toEqual([
        { from: "x/a.ts", to: "y/b.ts", typeOnly: true },
      ]);
    }
  });

  it("counts a side-effect import and a re-export as values", () => {
    for (const valueImport of [`import "../y/b.js";`, `export { b } from "../y/b.js";`]) {
      const links = importLinks([a(valueImport), b]);
      expect(valueCircleBreaches(links), valueImport).toHaveLength(1);
    }
  });

  it("finds a longer circle once", () => {
    const files = [
      parseSource("a.ts", `import "./b.js";`),
      parseSource("b.ts", `import "./c.js";`),
      parseSource("c.ts", `import "./a.js";`),
      parseSource("d.ts", `import "./a.js";`),
    ];
    expect(valueCircleBreaches(importLinks(files)).map((breach) => breach.key)).toEqual([
      "a.ts <-> b.ts <-> c.ts",
    ]);
  });
});

describe("imports point down the layers", () => {
  it("fails a domain file importing AppContext or a route file, and passes imports downward", () => {
    const files = [
      parseSource("app-context.ts", `import { createDb } from "./db/database.js";`),
      parseSource("teams/routes.ts", `import type { AppContext } from "../app-context.js";`),
      parseSource("teams/membership.ts", `import { teamSchema } from "./routes.js";`),
      parseSource("renders/routes.ts", `import { queueRender } from "./commands/queue-render.js";`),
      parseSource(
        "renders/commands/queue-render.ts",
        `import { fail } from "../../http/app-error.js";`,
      ),
      parseSource("http/app-error.ts", ``),
      parseSource("db/database.ts", ``),
    ];
    const routes = new Set(files.filter(isRouteFile).map((file) => file.path));
    expect(backPointingBreaches(importLinks(files), routes)).toEqual([
      {
        key: "teams/routes.ts imports app-context.ts",
        where: "teams/routes.ts",
        detail: expect.stringContaining("a layer above it"),
      },
      {
        key: "teams/membership.ts imports teams/routes.ts",
        where: "teams/membership.ts",
        detail: expect.stringContaining("(a domain file) imports teams/routes.ts (a route file)"),
      },
    ]);
  });
});

describe("the shared base imports no domain", () => {
  it("fails http/ importing a route file, and passes a domain importing http/", () => {
    const files = [
      parseSource(
        "http/error-handler.ts",
        `import { answerOpenAINotFound } from "../openai/not-found.js";`,
      ),
      parseSource(
        "http/app-error.ts",
        `import type { Config } from "../config.js";\nimport "../db/database.js";`,
      ),
      parseSource("openai/not-found.ts", `import { fail } from "../http/app-error.js";`),
      parseSource("config.ts", `import { isNetworkList } from "./net/address-rules.js";`),
      parseSource("net/address-rules.ts", ``),
      parseSource("db/database.ts", ``),
    ];
    expect(sharedBaseBreaches(importLinks(files))).toEqual([
      {
        key: "http/error-handler.ts imports openai/not-found.ts",
        where: "http/error-handler.ts",
        detail: expect.stringContaining("belongs to the shared base"),
      },
    ]);
  });

  it("counts a type-only import too", () => {
    const files = [
      parseSource("db/database.ts", `import type { Job } from "../jobs/job-row.js";`),
      parseSource("jobs/job-row.ts", ``),
    ];
    expect(sharedBaseBreaches(importLinks(files)).map((b) => b.key)).toEqual([
      "db/database.ts imports jobs/job-row.ts",
    ]);
  });
});

describe("the baseline", () => {
  const found = [{ key: "a writes t", where: "a:3", detail: "insertInto on t" }];

  it("allows what it lists, fails what it does not, and fails an entry that no longer occurs", () => {
    expect(compareWithBaseline(found, ["a writes t"])).toEqual({ unexpected: [], gone: [] });
    expect(compareWithBaseline(found, [])).toEqual({ unexpected: found, gone: [] });
    expect(compareWithBaseline([], ["a writes t"])).toEqual({
      unexpected: [],
      gone: ["a writes t"],
    });
  });

  it("says where, what, and which entry to delete", () => {
    const report = baselineReport(
      "rule",
      "LIST",
      "fix it",
      compareWithBaseline(found, ["b writes u"]),
    );
    expect(report).toContain('a:3: insertInto on t  [baseline key: "a writes t"]');
    expect(report).toContain("fix it");
    expect(report).toMatch(/no longer occur: delete them[^\n]*\n {2}"b writes u"/);
    expect(
      baselineReport("rule", "LIST", "fix it", compareWithBaseline(found, ["a writes t"])),
    ).toBe("");
  });
});

describe("the architecture document's owners", () => {
  it("reads each row's tables and the first path named as the owner", () => {
    const markdown = [
      "**Who writes which table** (…):",
      "",
      "| table | its one writer |",
      "| ----- | -------------- |",
      "| `teams`, `team_members` | `teams/teams-repo.ts` (and `x.ts`) |",
      "| `users` | nobody |",
      "",
      "| `other` | `table.ts` |",
    ].join("\n");
    expect(documentedOwners(markdown, "**Who writes which table**")).toEqual([
      { tables: ["teams", "team_members"], owner: "teams/teams-repo.ts", line: 5 },
      { tables: ["users"], owner: null, line: 6 },
    ]);
  });
});

describe("the route table", () => {
  const TABLE = { listKeys: "GET /api/keys", deleteKey: "DELETE /api/keys/:id" };

  it("passes a table whose every route is registered once with tableRoute", () => {
    const file = parseSource(
      "api-keys/routes.ts",
      `app.route({ ...tableRoute("listKeys", docs), handler });\n` +
        `app.route({ ...tableRoute("deleteKey", docs), handler });\n` +
        `app.get("/api/other", {}, handler);`,
    );
    expect(routeTableBreaches([file], TABLE)).toEqual([]);
  });

  it("fails a route registered by hand, twice, under an unknown name, or not at all", () => {
    const file = parseSource(
      "api-keys/routes.ts",
      `app.get("/api/keys", {}, handler);\n` +
        `app.route({ ...tableRoute("deleteKey", docs), handler });\n` +
        `app.route({ ...tableRoute("deleteKey", docs), handler });\n` +
        `app.route({ ...tableRoute("renameKey", docs), handler });`,
    );
    expect(routeTableBreaches([file], TABLE).map((breach) => breach.key)).toEqual([
      "api-keys/routes.ts registers listKeys by hand",
      "api-keys/routes.ts registers renameKey",
      "listKeys registered 0 times",
      "deleteKey registered 2 times",
    ]);
  });
});

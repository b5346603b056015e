// The contract's route table (packages/contract/src/api/route-paths.ts and routes.ts) is the one
// place a route's method, path and schemas are written: each of its routes is registered by the
// server from it (`tableRoute("name", …)`) exactly once, and no route file registers one of its
// paths by hand, where the method, the path or the schemas could drift from what the web calls.
import ts from "typescript";
import type { Breach } from "./breaches.js";
import { eachNode, literalText, where, type SourceFile } from "./source-tree.js";

const SHORTHANDS = new Set(["get", "post", "put", "patch", "delete"]);

/**
 * The breaches of the route table: a route of `table` (name → `METHOD /path`) that no file
 * registers with `tableRoute`, or that two do; a name `tableRoute` is given that the table
 * lacks; and `app.<method>("/path", …)` written by hand for a path and method of the table.
 */
export function routeTableBreaches(
  files: readonly SourceFile[],
  table: Readonly<Record<string, string>>,
): Breach[] {
  const breaches: Breach[] = [];
  const registered = new Map<string, string[]>();
  const byLine = new Map(Object.entries(table).map(([name, line]) => [line, name]));
  for (const file of files) {
    eachNode(file, (node) => {
      if (!ts.isCallExpression(node)) return;
      const callee = node.expression;
      if (ts.isIdentifier(callee) && callee.text === "tableRoute") {
        const name = literalText(node.arguments[0]);
        if (name === null || !(name in table)) {
          breaches.push({
            key: `${file.path} registers ${name ?? "a computed name"}`,
            where: where(file, node),
            detail: `tableRoute(${name ?? "…"}): not a route of the table (name it with a string of ROUTE_PATHS)`,
          });
          return;
        }
        registered.set(name, [...(registered.get(name) ?? []), where(file, node)]);
        return;
      }
      if (ts.isPropertyAccessExpression(callee) && SHORTHANDS.has(callee.name.text)) {
        const path = literalText(node.arguments[0]);
        const name = path && byLine.get(`${callee.name.text.toUpperCase()} ${path}`);
        if (name) {
          breaches.push({
            key: `${file.path} registers ${name} by hand`,
            where: where(file, node),
            detail: `${callee.name.text.toUpperCase()} ${path} is the table's ${name}: register it with tableRoute("${name}", …)`,
          });
        }
      }
    });
  }
  for (const name of Object.keys(table)) {
    const places = registered.get(name) ?? [];
    if (places.length !== 1) {
      breaches.push({
        key: `${name} registered ${places.length} times`,
        where: places.join(", ") || "apps/server/src",
        detail:
          places.length === 0
            ? `the table's ${name} (${table[name]}) is registered by no route file: add app.route({ ...tableRoute("${name}", …), handler })`
            : `the table's ${name} is registered ${places.length} times`,
      });
    }
  }
  return breaches;
}

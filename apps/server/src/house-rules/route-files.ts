// Rule: route files do not touch the database. A route parses, asks the policy, calls one
// command (or a reading module) and presents its answer; queries live with their owners.
import ts from "typescript";
import type { Breach } from "./breaches.js";
import { WRITE_METHODS } from "./table-writes.js";
import {
  calledMethod,
  eachNode,
  literalText,
  sqlTemplateText,
  where,
  type SourceFile,
} from "./source-tree.js";

/** Kysely calls that read or write the database (writes included). */
const QUERY_METHODS = new Set([...WRITE_METHODS, "selectFrom", "selectNoFrom", "transaction"]);

/** Fastify's route methods. */
const ROUTE_METHODS = new Set(["get", "post", "put", "patch", "delete", "head", "options", "all"]);

/**
 * Whether a file is a route file: named `routes.ts` or `…-routes.ts`, or registering a route
 * itself (`app.get("/…", …)`, as `batch-route.ts` does).
 */
export function isRouteFile(file: SourceFile): boolean {
  const name = file.path.slice(file.path.lastIndexOf("/") + 1);
  if (/(^|-)routes\.ts$/.test(name)) return true;
  let registers = false;
  eachNode(file, (node) => {
    const method = calledMethod(node);
    if (method && ROUTE_METHODS.has(method) && ts.isCallExpression(node)) {
      if (literalText(node.arguments[0])?.startsWith("/")) registers = true;
    }
  });
  return registers;
}

/** Every query a route file builds itself. */
export function routeDatabaseBreaches(files: readonly SourceFile[]): Breach[] {
  const breaches: Breach[] = [];
  for (const file of files) {
    if (!isRouteFile(file)) continue;
    eachNode(file, (node) => {
      const method = calledMethod(node);
      const query = method && QUERY_METHODS.has(method) ? method : sqlTemplateText(node) && "sql";
      if (!query) return;
      breaches.push({
        key: `${file.path} uses ${query}`,
        where: where(file, node),
        detail: `a route file calls ${query}: move the query to the module that owns it`,
      });
    });
  }
  return breaches;
}

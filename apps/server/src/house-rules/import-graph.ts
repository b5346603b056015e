// Rules on the imports between the server's modules:
//  - no value import circle. A circle of value imports makes the load order decide which module
//    sees the other half-initialised; type-only imports vanish from the built code, so they are
//    allowed, but the type-only links that close a circle are counted and may not grow (each is
//    a type living away from its owner);
//  - the shared base (http/, db/, net/, the configuration), which every domain imports, imports
//    no domain: no route registry in http/, no domain's handler imported by the error handler;
//  - imports point one way, down the layers: the composition root (main, worker, app,
//    app-context, start-up), route files, the domains' other files, the shared base. A route file
//    names the context fields it takes instead of importing AppContext; nothing imports a route.
import { posix } from "node:path";
import ts from "typescript";
import type { Breach } from "./breaches.js";
import type { SourceFile } from "./source-tree.js";

/** One import of one of our files by another. */
export interface ImportLink {
  from: string;
  to: string;
  /** Only types cross it (`import type`, or every name marked `type`). */
  typeOnly: boolean;
}

/** The file a relative specifier names, if it is one of `paths`. */
function resolve(from: string, specifier: string, paths: ReadonlySet<string>): string | null {
  if (!specifier.startsWith(".")) return null;
  const joined = posix.normalize(posix.join(posix.dirname(from), specifier));
  const base = joined.replace(/\.js$/, "");
  for (const candidate of [`${base}.ts`, joined, `${base}/index.ts`]) {
    if (paths.has(candidate)) return candidate;
  }
  return null;
}

/** Whether an import declaration brings in types only. */
function importIsTypeOnly(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false; // `import "./x.js"` runs the module
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  if (!bindings || ts.isNamespaceImport(bindings)) return false;
  return bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
}

/** Whether an `export … from` declaration passes on types only. */
function exportIsTypeOnly(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return (
    !!clause &&
    ts.isNamedExports(clause) &&
    clause.elements.length > 0 &&
    clause.elements.every((element) => element.isTypeOnly)
  );
}

/** Every static import (and re-export) between the given files. */
export function importLinks(files: readonly SourceFile[]): ImportLink[] {
  const paths = new Set(files.map((file) => file.path));
  const links: ImportLink[] = [];
  for (const file of files) {
    for (const statement of file.ast.statements) {
      let specifier: ts.Expression | undefined;
      let typeOnly = false;
      if (ts.isImportDeclaration(statement)) {
        specifier = statement.moduleSpecifier;
        typeOnly = importIsTypeOnly(statement);
      } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
        specifier = statement.moduleSpecifier;
        typeOnly = exportIsTypeOnly(statement);
      }
      if (!specifier || !ts.isStringLiteral(specifier)) continue;
      const to = resolve(file.path, specifier.text, paths);
      if (to) links.push({ from: file.path, to, typeOnly });
    }
  }
  return links;
}

/** The strongly connected groups of a graph with more than one member (or a member importing itself). */
export function circles(links: readonly ImportLink[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of links) {
    next.set(from, [...(next.get(from) ?? []), to]);
    if (!next.has(to)) next.set(to, []);
  }
  // Tarjan's algorithm, iterative (the tree is deep enough to matter for recursion one day).
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let counter = 0;
  for (const start of [...next.keys()].sort()) {
    if (index.has(start)) continue;
    const work: { node: string; child: number }[] = [{ node: start, child: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const children = next.get(frame.node)!;
      if (frame.child < children.length) {
        const child = children[frame.child++]!;
        if (!index.has(child)) {
          index.set(child, counter);
          low.set(child, counter++);
          stack.push(child);
          onStack.add(child);
          work.push({ node: child, child: 0 });
        } else if (onStack.has(child)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(child)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.node);
        const selfLoop = children.includes(frame.node);
        if (group.length > 1 || selfLoop) groups.push(group.sort());
      }
    }
  }
  return groups.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** The name of a circle in the baseline: its files, sorted, joined. */
export const circleKey = (group: readonly string[]): string => group.join(" <-> ");

/** The circles of value imports, as breaches. */
export function valueCircleBreaches(links: readonly ImportLink[]): Breach[] {
  return circles(links.filter((link) => !link.typeOnly)).map((group) => ({
    key: circleKey(group),
    where: group[0]!,
    detail: `these files import each other's values: ${group.join(", ")}`,
  }));
}

/** The type-only links that close a circle (both ends in one circle of all imports). */
export function typeOnlyLinksInCircles(links: readonly ImportLink[]): ImportLink[] {
  const groupOf = new Map<string, number>();
  circles(links).forEach((group, i) => group.forEach((file) => groupOf.set(file, i)));
  return links.filter(
    (link) =>
      link.typeOnly && groupOf.has(link.from) && groupOf.get(link.from) === groupOf.get(link.to),
  );
}

/** The shared base: what every domain may import, and what imports none of them. */
export const SHARED_BASE = /^(http|db|net)\/|^(config|env-file)\.ts$/;

/** Imports from the shared base to a file outside it, as breaches. */
export function sharedBaseBreaches(links: readonly ImportLink[]): Breach[] {
  return links
    .filter((link) => SHARED_BASE.test(link.from) && !SHARED_BASE.test(link.to))
    .map((link) => ({
      key: `${link.from} imports ${link.to}`,
      where: link.from,
      detail:
        `${link.from} belongs to the shared base (http/, db/, net/, the configuration), which ` +
        `every domain imports, and imports ${link.to}, outside it`,
    }));
}

/** The composition root: the files that build the app and its context, which nothing imports. */
const COMPOSITION_ROOT = /^(main|worker|app|app-context|startup-[a-z-]+)\.ts$/;

/**
 * A file's layer, top down: 3 the composition root, 2 route files (`routeFiles`), 1 the
 * domains' other files, 0 the shared base.
 */
export function layerOf(path: string, routeFiles: ReadonlySet<string>): number {
  if (COMPOSITION_ROOT.test(path)) return 3;
  if (routeFiles.has(path)) return 2;
  return SHARED_BASE.test(path) ? 0 : 1;
}

/** Imports of a file in a higher layer than the importer's, as breaches. */
export function backPointingBreaches(
  links: readonly ImportLink[],
  routeFiles: ReadonlySet<string>,
): Breach[] {
  const names = ["the shared base", "a domain file", "a route file", "the composition root"];
  return links
    .filter((link) => layerOf(link.to, routeFiles) > layerOf(link.from, routeFiles))
    .map((link) => ({
      key: `${link.from} imports ${link.to}`,
      where: link.from,
      detail:
        `${link.from} (${names[layerOf(link.from, routeFiles)]}) imports ${link.to} ` +
        `(${names[layerOf(link.to, routeFiles)]}), a layer above it`,
    }));
}

// The server's source as the house rules read it: every file parsed once, syntax only (no type
// checker, no program: the whole tree parses in well under a second).
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import ts from "typescript";

/** One source file: its path from `apps/server/src` (with `/`), and its syntax tree. */
export interface SourceFile {
  path: string;
  ast: ts.SourceFile;
}

/** Parses one file's text (the rules' fixtures build their files with this too). */
export function parseSource(path: string, text: string): SourceFile {
  return { path, ast: ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true) };
}

/** The paths of every `.ts` source under `root`: not the tests, not declaration files. */
export function sourcePaths(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter(
      (entry) =>
        entry.isFile() &&
        entry.name.endsWith(".ts") &&
        !entry.name.endsWith(".test.ts") &&
        !entry.name.endsWith(".d.ts"),
    )
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Every source file under `root` (sourcePaths), parsed, by path from `root`. */
export function readSourceTree(root: string): SourceFile[] {
  return sourcePaths(root)
    .map((full) =>
      parseSource(relative(root, full).split(sep).join("/"), readFileSync(full, "utf8")),
    )
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** `file:line` of a node, for a breach's message. */
export function where(file: SourceFile, node: ts.Node): string {
  const { line } = file.ast.getLineAndCharacterOfPosition(node.getStart(file.ast));
  return `${file.path}:${line + 1}`;
}

/** Calls `visit` on every node of a file. */
export function eachNode(file: SourceFile, visit: (node: ts.Node) => void): void {
  const walk = (node: ts.Node): void => {
    visit(node);
    ts.forEachChild(node, walk);
  };
  walk(file.ast);
}

/** The text of a string literal or a template without substitutions; null for anything else. */
export function literalText(node: ts.Node | undefined): string | null {
  if (node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))) {
    return node.text;
  }
  return null;
}

/** A method call's name (`db.insertInto(…)` → `insertInto`); null for other calls. */
export function calledMethod(node: ts.Node): string | null {
  if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
    return node.expression.name.text;
  }
  return null;
}

/** The fixed text of a `sql` tagged template (`sql\`…\``, `sql<T>\`…\``), or null. */
export function sqlTemplateText(node: ts.Node): string | null {
  if (!ts.isTaggedTemplateExpression(node)) return null;
  if (!ts.isIdentifier(node.tag) || node.tag.text !== "sql") return null;
  const template = node.template;
  if (ts.isNoSubstitutionTemplateLiteral(template)) return template.text;
  return [template.head.text, ...template.templateSpans.map((span) => span.literal.text)].join(
    " ? ",
  );
}

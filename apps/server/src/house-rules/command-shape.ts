// Rule: every file under a `commands/` folder is one action: it starts with a one-line
// `// Command: …` comment saying what it does, and exports one value, a documented function
// taking `(ctx, props)`. Types may be exported beside it.
import ts from "typescript";
import type { Breach } from "./breaches.js";
import { where, type SourceFile } from "./source-tree.js";

/** Whether a file is a command (lies in a folder named `commands`). */
export function isCommandFile(path: string): boolean {
  return /(^|\/)commands\//.test(path);
}

/** A value a file exports: its name and its declaration. */
interface ValueExport {
  name: string;
  node: ts.Node;
  /** The function's parameters, when the value is a function. */
  parameters: ts.NodeArray<ts.ParameterDeclaration> | null;
  /** The node a doc comment would be attached to. */
  documented: ts.Node;
}

const isExported = (node: ts.Node): boolean =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** The values a file exports (types and interfaces left out). */
export function valueExports(file: SourceFile): ValueExport[] {
  const found: ValueExport[] = [];
  for (const statement of file.ast.statements) {
    if (ts.isFunctionDeclaration(statement) && isExported(statement)) {
      found.push({
        name: statement.name?.text ?? "default",
        node: statement,
        parameters: statement.parameters,
        documented: statement,
      });
    } else if (ts.isVariableStatement(statement) && isExported(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const init = declaration.initializer;
        const fn =
          init && (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) ? init : null;
        found.push({
          name: declaration.name.getText(file.ast),
          node: declaration,
          parameters: fn ? fn.parameters : null,
          documented: statement,
        });
      }
    } else if (
      (ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement)) &&
      isExported(statement)
    ) {
      found.push({
        name: statement.name?.text ?? "default",
        node: statement,
        parameters: null,
        documented: statement,
      });
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
      const clause = statement.exportClause;
      if (clause && ts.isNamedExports(clause)) {
        for (const element of clause.elements) {
          if (!element.isTypeOnly) {
            found.push({
              name: element.name.text,
              node: element,
              parameters: null,
              documented: element,
            });
          }
        }
      } else {
        found.push({ name: "*", node: statement, parameters: null, documented: statement });
      }
    } else if (ts.isExportAssignment(statement)) {
      found.push({ name: "default", node: statement, parameters: null, documented: statement });
    }
  }
  return found;
}

/** Whether a function's parameters are `(ctx, props)` (props may be destructured). */
export function takesCtxAndProps(parameters: ts.NodeArray<ts.ParameterDeclaration>): boolean {
  if (parameters.length !== 2) return false;
  const [ctx, props] = parameters as unknown as [ts.ParameterDeclaration, ts.ParameterDeclaration];
  if (ctx.dotDotDotToken || props.dotDotDotToken) return false;
  if (!ts.isIdentifier(ctx.name) || ctx.name.text !== "ctx") return false;
  return (
    ts.isObjectBindingPattern(props.name) ||
    (ts.isIdentifier(props.name) && props.name.text === "props")
  );
}

/** Whether a node carries a `/** … *\/` doc comment. */
function hasDocComment(node: ts.Node): boolean {
  return ts.getJSDocCommentsAndTags(node).length > 0;
}

/** What breaks the command shape in the files under `commands/` folders. */
export function commandShapeBreaches(files: readonly SourceFile[]): Breach[] {
  const breaches: Breach[] = [];
  for (const file of files) {
    if (!isCommandFile(file.path)) continue;
    const breach = (problem: string, node: ts.Node, detail: string): void => {
      breaches.push({ key: `${file.path}: ${problem}`, where: where(file, node), detail });
    };
    const firstLine = file.ast.text.split("\n", 1)[0] ?? "";
    if (!/^\/\/ Command: \S.*$/.test(firstLine)) {
      breach(
        "no one-line comment",
        file.ast,
        "the file does not start with a one-line `// Command: <what it does>` comment",
      );
    }
    const values = valueExports(file);
    if (values.length !== 1) {
      breach(
        "not one export",
        values[1]?.node ?? file.ast,
        `exports ${values.length} values (${values.map((v) => v.name).join(", ") || "none"}); a command exports one action (types may go beside it)`,
      );
    }
    for (const value of values) {
      if (value.parameters === null) {
        if (values.length === 1) {
          breach(
            "no action",
            value.node,
            `${value.name} is not a function: a command exports its action`,
          );
        }
        continue;
      }
      if (!takesCtxAndProps(value.parameters)) {
        breach(
          `${value.name} is not (ctx, props)`,
          value.node,
          `${value.name} does not take (ctx, props): the context first, named ctx; then one props object`,
        );
      }
      if (!hasDocComment(value.documented)) {
        breach(
          `${value.name} has no doc comment`,
          value.node,
          `${value.name} has no /** … */ doc comment`,
        );
      }
    }
  }
  return breaches;
}

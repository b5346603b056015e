import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { eachNode, parseSource, sourcePaths } from "./house-rules/source-tree.js";

// The house rule (docs/architecture.md, "Untrusted work and failures"): every stream and child
// process the server opens has its 'error' heard before anything awaits. An 'error' event with
// no listener ends the process; a window where one can arrive unheard is how one URL import
// killed the server for everyone (issue 44: download-link.ts awaited mkdir between the fetch
// and the pipeline that would have heard the body's failure).
//
// This reads the server's and the engine's sources and finds each place that opens one —
// createReadStream, createWriteStream, spawn, fork, execFile without a callback, safeFetch (its
// body) — and checks that, in the statements that follow it in its block, the result is handed
// to something that hears its errors (an `.on("error")`/`.once("error")` listener, pipeline(),
// for await, destroy(), another function, a return) before the first `await` and before the
// block ends.

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const SCANNED = ["apps/server/src", "packages/engine/src"];

/** Calls that open a stream or child process whose errors someone must hear. */
const OPENERS = new Set([
  "createReadStream",
  "createWriteStream",
  "spawn",
  "fork",
  "execFile",
  "safeFetch",
]);

/** One place where an opened stream or child process can fail unheard. */
interface Unheard {
  file: string;
  line: number;
  opener: string;
  why: string;
}

function calleeName(call: ts.CallExpression): string | undefined {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return undefined;
}

/** execFile with a callback reports its errors there. */
function hasCallback(call: ts.CallExpression): boolean {
  const last = call.arguments.at(-1);
  return !!last && (ts.isArrowFunction(last) || ts.isFunctionExpression(last));
}

/** `name`, or a property of it (`response.body`, `child.stdout`). */
function refersTo(node: ts.Node, name: string): boolean {
  if (ts.isIdentifier(node)) return node.text === name;
  if (ts.isPropertyAccessExpression(node)) return refersTo(node.expression, name);
  if (ts.isParenthesizedExpression(node) || ts.isNonNullExpression(node))
    return refersTo(node.expression, name);
  return false;
}

/** Whether `node` itself hands `name` to something that hears its errors. */
function handles(node: ts.Node, name: string): boolean {
  if (ts.isCallExpression(node)) {
    const callee = node.expression;
    // x.on("error", …), x.once("error", …), x.body.on("error", …), x.destroy()
    if (ts.isPropertyAccessExpression(callee) && refersTo(callee.expression, name)) {
      const method = callee.name.text;
      const event = node.arguments[0];
      if (
        ["on", "once", "addListener", "prependListener"].includes(method) &&
        event &&
        ts.isStringLiteral(event) &&
        event.text === "error"
      ) {
        return true;
      }
      if (method === "destroy") return true;
    }
    // pipeline(x, …), anyFunction(x.body): handed on to what reads it.
    if (node.arguments.some((argument) => refersTo(argument, name))) return true;
  }
  if (ts.isForOfStatement(node) && node.awaitModifier && refersTo(node.expression, name)) {
    return true;
  }
  if (ts.isReturnStatement(node) && node.expression && refersTo(node.expression, name)) {
    return true;
  }
  if (ts.isYieldExpression(node) && node.expression && refersTo(node.expression, name)) {
    return true;
  }
  return false;
}

/** A `new Promise(executor)`'s executor, which runs at once (not later, as other functions). */
function promiseExecutor(node: ts.Node): ts.ArrowFunction | ts.FunctionExpression | undefined {
  if (!ts.isNewExpression(node) || !ts.isIdentifier(node.expression)) return undefined;
  if (node.expression.text !== "Promise") return undefined;
  const executor = node.arguments?.[0];
  return executor && (ts.isArrowFunction(executor) || ts.isFunctionExpression(executor))
    ? executor
    : undefined;
}

/** The parts of a statement that may not run: a handing-on there does not count. */
function conditionalParts(node: ts.Node): ts.Node[] {
  if (ts.isIfStatement(node)) return [node.thenStatement, node.elseStatement ?? node];
  if (ts.isConditionalExpression(node)) return [node.whenTrue, node.whenFalse];
  if (ts.isTryStatement(node)) return node.catchClause ? [node.catchClause] : [];
  if (ts.isCaseClause(node) || ts.isDefaultClause(node)) return [...node.statements];
  if (
    ts.isForStatement(node) ||
    ts.isForInStatement(node) ||
    (ts.isForOfStatement(node) && !node.awaitModifier) ||
    ts.isWhileStatement(node)
  ) {
    return [node.statement];
  }
  if (
    ts.isBinaryExpression(node) &&
    [
      ts.SyntaxKind.AmpersandAmpersandToken,
      ts.SyntaxKind.BarBarToken,
      ts.SyntaxKind.QuestionQuestionToken,
    ].includes(node.operatorToken.kind)
  ) {
    return [node.right];
  }
  return [];
}

/**
 * What comes first in `statement`, in the order it runs: a handing-on of `name` ("handled"),
 * an await that suspends before it ("await"), or neither. Functions are not entered (they run
 * later, if at all) except a Promise's executor; a handing-on in a branch that may not run
 * does not count, an await there does; an await whose operand hands `name` on counts as
 * handled (the operand runs before the suspension).
 */
function firstEvent(statement: ts.Node, name: string): "handled" | "await" | undefined {
  let found: "handled" | "await" | undefined;
  const visit = (node: ts.Node, maybe: boolean): void => {
    if (found) return;
    const executor = promiseExecutor(node);
    if (executor) return visit(executor.body, maybe);
    if (ts.isFunctionLike(node)) return;
    if (ts.isAwaitExpression(node)) {
      if (!maybe && containsHandling(node.expression, name)) found = "handled";
      else {
        // The operand runs first: an await inside it suspends earlier still.
        visit(node.expression, maybe);
        found ??= "await";
      }
      return;
    }
    if (ts.isForOfStatement(node) && node.awaitModifier) {
      visit(node.expression, maybe);
      if (!found) found = !maybe && handles(node, name) ? "handled" : "await";
      return;
    }
    if (!maybe && handles(node, name)) {
      found = "handled";
      return;
    }
    const branches = conditionalParts(node);
    ts.forEachChild(node, (child) => visit(child, maybe || branches.includes(child)));
  };
  visit(statement, false);
  return found;
}

function containsHandling(node: ts.Node, name: string): boolean {
  const executor = promiseExecutor(node);
  if (executor) return containsHandling(executor.body, name);
  if (ts.isFunctionLike(node)) return false;
  if (handles(node, name)) return true;
  return ts.forEachChild(node, (child) => containsHandling(child, name) || undefined) ?? false;
}

/** The statement of a block that holds `node`, and that block's statements. */
function enclosingStatement(
  node: ts.Node,
): { statement: ts.Statement; siblings: readonly ts.Statement[] } | undefined {
  let current: ts.Node = node;
  while (current.parent) {
    const parent = current.parent;
    if (ts.isBlock(parent) || ts.isSourceFile(parent) || ts.isCaseClause(parent)) {
      return { statement: current as ts.Statement, siblings: parent.statements };
    }
    if (ts.isFunctionLike(parent)) return undefined; // an arrow's expression body
    current = parent;
  }
  return undefined;
}

/** The variable an opening call's result is given to (`const x = open()`, `x = await open()`). */
function boundName(call: ts.CallExpression): string | undefined {
  let node: ts.Node = call;
  while (
    ts.isAwaitExpression(node.parent) ||
    ts.isParenthesizedExpression(node.parent) ||
    ts.isAsExpression(node.parent)
  ) {
    node = node.parent;
  }
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (
    ts.isBinaryExpression(parent) &&
    parent.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
    ts.isIdentifier(parent.left)
  ) {
    return parent.left.text;
  }
  return undefined;
}

/** Whether an opening call's result goes straight into something that hears it. */
function usedDirectly(call: ts.CallExpression): boolean {
  const parent = call.parent;
  // pipeline(createReadStream(…), …), yield* createReadStream(…), for await (… of open(…)),
  // return open(…): handed on where it is made.
  if (ts.isCallExpression(parent) && parent.arguments.includes(call)) return true;
  if (ts.isYieldExpression(parent) || ts.isReturnStatement(parent)) return true;
  if (ts.isForOfStatement(parent) && parent.awaitModifier) return true;
  if (ts.isArrowFunction(parent) && parent.body === call) return true;
  // open(…).on("error", …)
  if (ts.isPropertyAccessExpression(parent) && ts.isCallExpression(parent.parent)) {
    return handles(parent.parent, "") || parent.name.text === "on" || parent.name.text === "once";
  }
  return false;
}

/** The places in one source text where an opened stream or child process can fail unheard. */
function findUnheardErrors(file: string, text: string): Unheard[] {
  const source = parseSource(file, text);
  const found: Unheard[] = [];
  eachNode(source, (node) => {
    if (!ts.isCallExpression(node)) return;
    const opener = calleeName(node);
    if (!opener || !OPENERS.has(opener) || (opener === "execFile" && hasCallback(node))) return;
    const why = checkOpening(node);
    if (why) {
      const { line } = source.ast.getLineAndCharacterOfPosition(node.getStart());
      found.push({ file, line: line + 1, opener, why });
    }
  });
  return found;
}

function checkOpening(call: ts.CallExpression): string | undefined {
  if (usedDirectly(call)) return undefined;
  const name = boundName(call);
  if (!name) return "its result is neither kept nor handed to anything that hears its errors";
  const place = enclosingStatement(call);
  if (!place) return undefined;
  const after = place.siblings.slice(place.siblings.indexOf(place.statement) + 1);
  for (const statement of after) {
    const first = firstEvent(statement, name);
    if (first === "handled") return undefined;
    if (first === "await") {
      return `\`${name}\` can fail during an await before its 'error' is heard (listen, or hand it to pipeline, first)`;
    }
  }
  return `\`${name}\`'s 'error' is never heard in the block that opens it`;
}

describe("every stream and child process has its 'error' heard before anything awaits", () => {
  it("holds in the server's and the engine's sources", () => {
    const found = SCANNED.flatMap((dir) => sourcePaths(join(ROOT, dir))).flatMap((path) => {
      const text = readFileSync(path, "utf8");
      // Parsed only where an opener is named at all: the scan stays well under a second.
      if (![...OPENERS].some((opener) => text.includes(`${opener}(`))) return [];
      return findUnheardErrors(relative(ROOT, path), text);
    });
    expect(
      found.map((place) => `${place.file}:${place.line} ${place.opener}: ${place.why}`),
    ).toEqual([]);
  });

  it("finds the download that killed the server (issue 44): an await between fetch and pipeline", () => {
    const old = `
      export async function downloadLink(link: string, limits: DownloadLimits) {
        const response = await safeFetch(link, { rules: limits.rules });
        if (response.status === 404) {
          response.body.destroy();
          throw new AppError("URL_NOT_FOUND");
        }
        await mkdir(limits.dir, { recursive: true });
        const path = join(limits.dir, "x.upload");
        await pipeline(response.body, createWriteStream(path));
      }`;
    expect(findUnheardErrors("old-download-link.ts", old)).toEqual([
      expect.objectContaining({ line: 3, opener: "safeFetch" }),
    ]);
    const fixed = old.replace("await mkdir(limits.dir, { recursive: true });", "");
    expect(findUnheardErrors("download-link.ts", fixed)).toEqual([]);
  });

  it("finds a child process or stream nobody listens to, and lets a heard one be", () => {
    const unheard = `
      async function run() {
        const child = spawn("ffmpeg", []);
        child.stdout.on("data", () => undefined);
        await new Promise((resolve) => child.once("close", resolve));
      }
      function write(path: string) {
        const out = createWriteStream(path);
        out.write("x");
      }`;
    expect(findUnheardErrors("unheard.ts", unheard).map((place) => place.line)).toEqual([3, 8]);
    const heard = `
      async function run() {
        const child = spawn("ffmpeg", []);
        child.once("error", () => undefined);
        await new Promise((resolve) => child.once("close", resolve));
        for await (const chunk of createReadStream("a")) void chunk;
        await pipeline(createReadStream("a"), createWriteStream("b"));
        execFile("ffmpeg", ["-version"], () => undefined);
      }`;
    expect(findUnheardErrors("heard.ts", heard)).toEqual([]);
  });
});

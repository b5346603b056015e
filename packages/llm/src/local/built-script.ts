import { fileURLToPath } from "node:url";

/**
 * The compiled path of a script beside `moduleUrl` that runs as a child process: tests run
 * from sources, a child runs built code, so …/src/… becomes …/dist/… and .ts becomes .js.
 */
export function builtScriptPath(moduleUrl: string, scriptName: string): string {
  const here = fileURLToPath(moduleUrl);
  const script = here.replace(/[^/\\]+\.(ts|js)$/, `${scriptName}.js`);
  return script.replace(/([/\\])src([/\\])(?!.*[/\\]src[/\\])/, "$1dist$2");
}

/** Where the CLI cannot write its output: a clear message, exit code 5. */
export class OutputError extends Error {
  override readonly name = "OutputError";
}

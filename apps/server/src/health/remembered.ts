/**
 * A check that is asked once and then remembered: a success for as long as the process runs
 * (ffmpeg's version, the engine's build do not change under it), a failure for `retryMs` only,
 * so a missing tool is looked for again soon, but not once per request.
 */
export function remembered<T>(check: () => Promise<T>, retryMs: number): () => Promise<T> {
  let result: Promise<T> | undefined;
  return () => {
    result ??= check().catch((error: unknown) => {
      setTimeout(() => (result = undefined), retryMs).unref();
      throw error;
    });
    return result;
  };
}

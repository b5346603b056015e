/**
 * The niceness the engine process (and the upload probe helper) runs at: ENGINE_NICENESS (0 to
 * 19), default 10; 0 leaves its priority alone. What is not a niceness falls back to the default.
 */
export function engineNiceness(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.ENGINE_NICENESS ?? 10);
  return Number.isInteger(value) && value >= 0 && value <= 19 ? value : 10;
}

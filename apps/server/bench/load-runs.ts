// Drives one endpoint with autocannon: warm-up, a fixed 500 req/s run, then unthrottled.
import autocannon from "autocannon";

/** What one autocannon run achieved. */
export interface LoadFigures {
  label: string;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

interface Target {
  base: string;
  path: string;
  headers: Record<string, string>;
}

async function run(
  target: Target,
  label: string,
  options: { connections: number; duration: number; overallRate?: number },
): Promise<LoadFigures> {
  const result = await autocannon({
    url: `${target.base}${target.path}`,
    headers: target.headers,
    // Its own thread, so the client never competes with the in-process server's event loop.
    workers: 1,
    ...options,
  });
  return {
    label,
    reqPerSec: (result["2xx"] + result.non2xx) / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** Warm-up (discarded), 500 req/s for 10 s, then as fast as 20 connections go for 8 s. */
export async function loadEndpoint(target: Target): Promise<LoadFigures[]> {
  await run(target, "warm-up", { connections: 10, duration: 2 });
  const fixed = await run(target, `GET ${target.path} @500/s`, {
    connections: 20,
    duration: 10,
    overallRate: 500,
  });
  const max = await run(target, `GET ${target.path} max`, { connections: 20, duration: 8 });
  return [fixed, max];
}

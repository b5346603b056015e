// BENCH_CPU_PROFILE=<folder>: a CPU profile of this process while `run` runs, written as
// <folder>/<fileName> (open it in Chrome's DevTools or speedscope); without it, just runs.
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { join } from "node:path";

export async function withCpuProfile(fileName: string, run: () => Promise<void>): Promise<void> {
  const dir = process.env.BENCH_CPU_PROFILE;
  if (!dir) return run();
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.start");
  try {
    await run();
  } finally {
    const { profile } = await session.post("Profiler.stop");
    writeFileSync(join(dir, fileName), JSON.stringify(profile));
    session.disconnect();
  }
}

// The server's CPU time per read of the API bench's read routes, as a before/after figure for a
// change: `npx tsx apps/server/bench/read-cpu.ts` (READS=5000 sequential GETs per route and run,
// RUNS=3 runs, the median printed). The client runs in a process of its own, so this process's
// CPU time (process.cpuUsage: CPU time, which other load on the machine does not inflate) is
// the server's alone. BENCH_CPU_PROFILE=<folder>: a CPU profile of the server per route.
import { spawn } from "node:child_process";
import { startBenchServer } from "./bench-server.js";
import { withCpuProfile } from "./cpu-profile.js";

const READS = Number(process.env.READS ?? 5_000);
const RUNS = Number(process.env.RUNS ?? 3);
const ROUTES = (process.env.ROUTES ?? "/api/transcriptions,/api/auth/me").split(",");

/** `n` GETs of `path`, one after another, from a client in a process of its own. */
function sequentialGets(
  base: string,
  auth: Record<string, string>,
  path: string,
  n: number,
): Promise<void> {
  const source = `
    const [url, auth, n] = [process.argv[1], JSON.parse(process.argv[2]), Number(process.argv[3])];
    (async () => {
      for (let i = 0; i < n; i++) {
        const response = await fetch(url, { headers: auth });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(url + ": " + response.status);
      }
    })().catch((e) => { console.error(e); process.exit(1); });`;
  const args = ["-e", source, base + path, JSON.stringify(auth), String(n)];
  const child = spawn(process.execPath, args, { stdio: "inherit" });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`client: ${code}`))));
  });
}

const profiled = (name: string, run: () => Promise<void>) =>
  withCpuProfile(`read-${name}.cpuprofile`, run);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

const server = await startBenchServer(100);
try {
  for (const path of ROUTES) {
    await sequentialGets(server.base, server.auth, path, Math.ceil(READS / 5)); // warm-up
    const perRead: number[] = [];
    const userPerRead: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const before = process.cpuUsage();
      await profiled(`${path.replaceAll("/", "_")}-${run}`, () =>
        sequentialGets(server.base, server.auth, path, READS),
      );
      const used = process.cpuUsage(before);
      perRead.push((used.user + used.system) / READS);
      userPerRead.push(used.user / READS);
    }
    console.log(
      `GET ${path}`.padEnd(28) +
        ` ${median(perRead).toFixed(0)} µs CPU per read (median; runs ` +
        `${perRead.map((us) => us.toFixed(0)).join(", ")}; ${READS} reads each), of which ` +
        `${median(userPerRead).toFixed(0)} µs in user space (the rest the kernel's: the socket)`,
    );
  }
} finally {
  await server.close();
}

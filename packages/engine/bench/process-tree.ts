// Runs a command and measures its wall time and the peak memory of it and all its descendants
// (summed resident sizes, sampled every 20 ms from /proc).
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

export interface TreeRun {
  wallMs: number;
  peakMb: number;
  code: number | null;
  stderr: string;
}

function children(): Map<number, number[]> {
  const byParent = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const list = byParent.get(parent) ?? [];
      list.push(Number(entry));
      byParent.set(parent, list);
    } catch {
      // gone meanwhile
    }
  }
  return byParent;
}

function rssMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return Number(kb ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Summed resident size of a process and its descendants, in MB. */
export function treeRssMb(root: number): number {
  const byParent = children();
  let total = 0;
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    total += rssMb(pid);
    stack.push(...(byParent.get(pid) ?? []));
  }
  return total;
}

export function runMeasured(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<TreeRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "pipe"], env });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    let peak = 0;
    const timer = setInterval(() => (peak = Math.max(peak, treeRssMb(child.pid!))), 20);
    child.once("error", reject);
    child.once("exit", (code) => {
      clearInterval(timer);
      resolve({ wallMs: performance.now() - started, peakMb: peak, code, stderr });
    });
  });
}

/** The run itself, or an error with its standard error when it did not exit 0. */
export function succeeded(run: TreeRun, what: string): TreeRun {
  if (run.code !== 0) throw new Error(`${what} failed (${run.code}):\n${run.stderr}`);
  return run;
}

/** Rounds of one command read as one: the median wall time, the highest peak of any round. */
export function medianRun(list: TreeRun[]): TreeRun {
  const sorted = [...list].sort((a, b) => a.wallMs - b.wallMs);
  return {
    ...sorted[Math.floor(sorted.length / 2)]!,
    peakMb: Math.max(...list.map((r) => r.peakMb)),
  };
}

/** Each round's wall time in seconds, as the tables print it beside the median. */
export function roundWalls(list: TreeRun[]): string {
  return list.map((r) => (r.wallMs / 1000).toFixed(1)).join(", ");
}

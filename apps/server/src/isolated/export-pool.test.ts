import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  ExportLimitError,
  ExportPool,
  ExportQueueFullError,
  MOST_WAITING_PER_ACCOUNT,
  type ExportPoolLimits,
} from "./export-pool.js";
import type { ExportWork } from "./export-work-protocol.js";

// The export pool's own rules with a stand-in thread (the real one writes files: the HTTP tests
// in apps/server/test/export-isolation.test.ts): accounts take turns, a thread past its time or
// heap cap, or one that dies, fails its one export and is replaced.

const dir = mkdtempSync(join(tmpdir(), "verbatim-export-pool-"));
const STAND_IN = join(dir, "stand-in-thread.mjs");
// Answers after `duration_ms`, with the file's name as the body; the format says how to fail.
writeFileSync(
  STAND_IN,
  `import { parentPort } from "node:worker_threads";
parentPort.postMessage({ ready: true });
parentPort.on("message", ({ id, work }) => {
  const kind = work.query.format;
  if (kind === "hang") for (;;);
  if (kind === "exit") process.exit(3);
  if (kind === "grow") { const kept = []; for (;;) kept.push(new Array(100000).fill(kept.length)); }
  setTimeout(() => parentPort.postMessage({ id, reply: { ok: true, body: work.row.file_name, contentType: "text/plain" } }), work.row.duration_ms);
});
`,
);

const pools: ExportPool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
  rmSync(dir, { recursive: true, force: true });
});

function pool(limits: Partial<ExportPoolLimits> = {}): ExportPool {
  const made = new ExportPool({ threads: 2, heapMb: 64, timeMs: 10_000, ...limits }, STAND_IN);
  pools.push(made);
  return made;
}

/** Stand-in work: `name` comes back after `ms`; `format` "hang", "exit" or "grow" fails. */
function work(name: string, ms = 0, format = "srt"): ExportWork {
  return {
    row: { file_name: name, duration_ms: ms } as ExportWork["row"],
    query: { format } as ExportWork["query"],
    accountLocale: "en",
  };
}

describe("the export pool", () => {
  it("lets another account in while one account has many exports waiting", async () => {
    const exports = pool();
    const finished: string[] = [];
    const run = (account: string, name: string) =>
      exports.run(account, work(name, 100)).then((file) => finished.push(String(file.body)));
    const many = ["a1", "a2", "a3", "a4"].map((name) => run("a", name));
    const other = run("b", "b1");
    await Promise.all([...many, other]);
    // "a" holds one of the two threads at most: "b" runs beside a1, before a2.
    expect(finished.indexOf("b1")).toBeLessThan(finished.indexOf("a2"));
    expect(finished).toHaveLength(5);
  });

  it("refuses an account's export past the waiting limit, not another account's", async () => {
    const exports = pool({ threads: 1 });
    const waiting = Array.from({ length: MOST_WAITING_PER_ACCOUNT + 1 }, (_, i) =>
      exports.run("a", work(`a${i}`, 5)),
    );
    await expect(exports.run("a", work("too many"))).rejects.toBeInstanceOf(ExportQueueFullError);
    await expect(exports.run("b", work("b1"))).resolves.toMatchObject({ body: "b1" });
    await Promise.all(waiting);
  });

  it("fails an export past its time cap, and the next export runs on a fresh thread", async () => {
    const exports = pool({ threads: 1, timeMs: 300 });
    const hanging = exports.run("a", work("x", 0, "hang"));
    const next = exports.run("b", work("after"));
    const error = await hanging.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ExportLimitError);
    expect((error as ExportLimitError).limit).toBe("time");
    await expect(next).resolves.toMatchObject({ body: "after" });
  });

  it("fails an export past its heap cap, and the next export runs", async () => {
    const exports = pool({ threads: 1, heapMb: 32 });
    const error = await exports.run("a", work("x", 0, "grow")).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ExportLimitError);
    expect((error as ExportLimitError).limit).toBe("memory");
    await expect(exports.run("a", work("after"))).resolves.toMatchObject({ body: "after" });
  });

  it("fails the one export of a thread that dies, and the next export runs", async () => {
    const exports = pool({ threads: 1 });
    await expect(exports.run("a", work("x", 0, "exit"))).rejects.toThrow(/exit code 3/);
    await expect(exports.run("a", work("after"))).resolves.toMatchObject({ body: "after" });
  });
});

// What one GET /api/transcriptions costs the event loop, stage by stage, in CPU time (not wall
// time, so that a busy machine does not inflate it): `npx tsx apps/server/bench/read-cost.ts`.
import { TranscriptionSummary } from "@verbatim/contract/api";
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { JFK_MP3 } from "../../../packages/engine/test/helpers/media-files.js";
import { z } from "zod";
import { findUserBySessionToken } from "../src/users/repo.js";
import { listTranscriptions } from "../src/jobs/job-reads.js";
import { withCpuProfile } from "./cpu-profile.js";
import { completedInsightsOf } from "../src/insights/insight-store.js";
import { startBenchServer } from "./bench-server.js";

const ROUNDS = 2_000;

async function cpuPerCall(label: string, run: () => unknown): Promise<void> {
  for (let i = 0; i < 200; i++) await run();
  const before = process.cpuUsage();
  for (let i = 0; i < ROUNDS; i++) await run();
  const used = process.cpuUsage(before);
  console.log(`${label.padEnd(44)} ${((used.user + used.system) / ROUNDS / 1000).toFixed(3)} ms`);
}

const READ = `for (let i = 0; i < n; i++)
  await (await fetch(base + "/api/transcriptions", { headers: auth })).arrayBuffer();`;
const UPLOAD = `const bytes = require("node:fs").readFileSync(process.argv[4]);
for (let i = 0; i < n; i++) {
  const form = new FormData();
  form.append("file", new Blob([bytes], { type: "audio/mpeg" }), "jfk.mp3");
  form.append("source", "file");
  form.append("model", "whisper-1");
  const response = await fetch(base + "/api/transcribe", {
    method: "POST", body: form, headers: { ...auth, prefer: "respond-async" },
  });
  await response.arrayBuffer();
  if (response.status !== 202) throw new Error("upload: " + response.status);
}`;

/** `n` requests, one after another, from a client in a process of its own. */
function clientProcess(
  base: string,
  auth: Record<string, string>,
  n: number,
  loop = READ,
): Promise<void> {
  const source = `
    const [base, auth, n] = [process.argv[1], JSON.parse(process.argv[2]), Number(process.argv[3])];
    (async () => { ${loop} })().catch((e) => { console.error(e); process.exit(1); });`;
  const args = ["-e", source, base, JSON.stringify(auth), String(n), JFK_MP3];
  const child = spawn(process.execPath, args, { stdio: "inherit" });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`client: ${code}`))));
  });
}

// BENCH_CPU_PROFILE=<folder>: a CPU profile of the server during each server-side run.
const profiled = (label: string, run: () => Promise<void>) =>
  withCpuProfile(`cost-${label.split(" ")[0]!.toLowerCase()}.cpuprofile`, run);

const server = await startBenchServer(100);
try {
  const token = server.auth.authorization.slice("Bearer ".length);
  const tokenHash = createHash("sha256").update(token).digest("hex");
  const rows = await listTranscriptions(server.db, server.userId, { limit: 100 });
  const body = await (
    await fetch(`${server.base}/api/transcriptions`, { headers: server.auth })
  ).text();
  console.log(`${rows.length} rows, response ${body.length} bytes`);
  const schema = z.array(TranscriptionSummary);
  const parsed = schema.parse(JSON.parse(body));
  // The client in a process of its own: this process's CPU time is the server's alone.
  const serverSide = async (label: string, n: number, loop: string) => {
    await clientProcess(server.base, server.auth, Math.ceil(n / 5), loop);
    const before = process.cpuUsage();
    await profiled(label, () => clientProcess(server.base, server.auth, n, loop));
    const used = process.cpuUsage(before);
    console.log(`${label.padEnd(44)} ${((used.user + used.system) / n / 1000).toFixed(3)} ms`);
  };
  await serverSide("GET /api/transcriptions, server side", ROUNDS, READ);
  await serverSide("POST /api/transcribe (jfk.mp3), server side", 200, UPLOAD);
  await cpuPerCall("  session lookup (findUserBySessionToken)", () =>
    findUserBySessionToken(server.db, tokenHash, new Date()),
  );
  await cpuPerCall("  listTranscriptions (100 rows)", () =>
    listTranscriptions(server.db, server.userId, { limit: 100 }),
  );
  await cpuPerCall("  completedInsightsOf (100 ids)", () =>
    completedInsightsOf(
      server.db,
      rows.map((row) => row.id),
    ),
  );
  await cpuPerCall("  zod parse of the response", () => schema.parse(parsed));
  await cpuPerCall("  zod encode of the response (the serializer)", () =>
    z.safeEncode(schema, parsed),
  );
  await cpuPerCall("  JSON.stringify of the response", () => JSON.stringify(parsed));
} finally {
  await server.close();
}

// `npm run bench:api`: the server API under load on loopback (latency, throughput, upload speed,
// reads and health during uploads and a transcription). `npm run bench:api -- mixed`: only that.
import { startBenchServer } from "./bench-server.js";
import { loadEndpoint, type LoadFigures } from "./load-runs.js";
import { measureMixedLoad, printMixedLoad } from "./mixed-load.js";
import { measureUploads, type UploadFigures } from "./upload-speed.js";

const P99_TARGET_MS = 20;
const UPLOAD_TARGET_MB_PER_SEC = 200;
const ENDPOINTS = ["/api/auth/me", "/api/transcriptions"];

function printLoad(rows: LoadFigures[]): void {
  console.log(`\nTarget: p99 ≤ ${P99_TARGET_MS} ms at 500 req/s`);
  console.log(
    "run".padEnd(34) +
      "req/s".padStart(9) +
      "p50 ms".padStart(8) +
      "p99 ms".padStart(8) +
      "errors".padStart(8) +
      "non-2xx".padStart(9) +
      "  target",
  );
  for (const row of rows) {
    const verdict = row.label.endsWith("@500/s")
      ? row.p99Ms <= P99_TARGET_MS && row.errors + row.non2xx === 0
        ? "  met"
        : "  MISSED"
      : "";
    console.log(
      row.label.padEnd(34) +
        row.reqPerSec.toFixed(0).padStart(9) +
        String(row.p50Ms).padStart(8) +
        String(row.p99Ms).padStart(8) +
        String(row.errors).padStart(8) +
        String(row.non2xx).padStart(9) +
        verdict,
    );
  }
}

function printUpload(upload: UploadFigures): void {
  const met = upload.medianMbPerSec >= UPLOAD_TARGET_MB_PER_SEC ? "met" : "MISSED";
  console.log(
    `\nUpload ${(upload.bytes / 1e6).toFixed(1)} MB WAV to POST /api/transcribe (202, respond-async)`,
  );
  console.log(`  runs:   ${upload.runsMbPerSec.map((r) => r.toFixed(0)).join(", ")} MB/s`);
  console.log(
    `  best ${upload.bestMbPerSec.toFixed(0)} MB/s, median ${upload.medianMbPerSec.toFixed(0)} MB/s` +
      `  (target ≥ ${UPLOAD_TARGET_MB_PER_SEC} MB/s on the median: ${met})`,
  );
}

if (process.argv.includes("mixed")) {
  printMixedLoad(await measureMixedLoad());
  process.exit(0);
}

const server = await startBenchServer(100);
try {
  const rows: LoadFigures[] = [];
  for (const path of ENDPOINTS) {
    console.log(`Loading GET ${path} …`);
    rows.push(...(await loadEndpoint({ base: server.base, path, headers: server.auth })));
  }
  console.log("Uploading …");
  const upload = await measureUploads(server.base, server.auth, server.scratchDir);
  printLoad(rows);
  printUpload(upload);
} finally {
  await server.close();
}
console.log("\nMixed load …");
printMixedLoad(await measureMixedLoad());

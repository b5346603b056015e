import { monitorEventLoopDelay } from "node:perf_hooks";
import { jobOptions } from "@verbatim/contract";
import type { ExportFormat } from "@verbatim/contract";
import { writeExport } from "@verbatim/formats";
import { ExportPool } from "../src/isolated/export-pool.js";
import type { ExportWork } from "../src/isolated/export-work-protocol.js";

// The API's event-loop delay while a large export is written, before (writeExport on the event
// loop, as GET …/export did until issue 44) and after (the export pool's threads). Needs the
// built server (`npx tsc -b … apps/server`: the pool runs dist/isolated/export-thread.js).
//   npx tsx apps/server/scripts/export-loop-delay.ts [cues=3000] [formats=pdf,docx,xlsx]

const count = Number(process.argv[2] ?? 3000);
const formats = (process.argv[3] ?? "pdf,xlsx").split(",") as ExportFormat[];
const cues = Array.from({ length: count }, (_, i) => ({
  index: i + 1,
  start: i * 2000,
  end: i * 2000 + 1900,
  text: `Line ${i + 1}: Zürich ód straße — 會議記錄第 ${i + 1} 句，請核對。 Καλημέρα`,
}));
const row: ExportWork["row"] = {
  language: "en",
  duration_ms: count * 2000,
  cues_json: JSON.stringify(cues),
  speakers_json: null,
  options_json: JSON.stringify(jobOptions({ language: "en" })),
  file_name: "long.mp3",
  media_file_name: "long.mp3",
  created_at: new Date().toISOString(),
  video_frame_rate: null,
};
const query = (format: ExportFormat): ExportWork["query"] => ({
  format,
  speakerNames: true,
  timecodes: false,
  timestamps: false,
  karaoke: false,
  track: "both",
});

async function measure(label: string, write: (format: ExportFormat) => Promise<unknown>) {
  for (const format of formats) {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = performance.now();
    await write(format);
    const ms = performance.now() - started;
    delay.disable();
    const p = (n: number) => (delay.percentile(n) / 1e6).toFixed(0);
    console.log(
      `${label} ${format}: ${ms.toFixed(0)} ms to write; event-loop delay max ${(delay.max / 1e6).toFixed(0)} ms, p99 ${p(99)} ms, p50 ${p(50)} ms`,
    );
  }
}

await measure("before (event loop)", (format) =>
  writeExport(format, {
    transcript: { language: "en", duration: row.duration_ms, cues: JSON.parse(row.cues_json!) },
    title: row.file_name,
    createdAt: new Date(row.created_at),
    locale: "en",
  }),
);
// The pool's threads do not keep a process running (unref): the server's listener does; here
// this timer does.
const keepAlive = setInterval(() => undefined, 1000);
const pool = new ExportPool({ threads: 2, heapMb: 512, timeMs: 120_000 });
// The pool's threads start once; their start is not an export's cost.
await pool.run("warm-up", {
  row: { ...row, cues_json: "[]" },
  query: query("pdf"),
  accountLocale: "en",
});
await measure("after (export pool)", (format) =>
  pool.run("account", { row, query: query(format), accountLocale: "en" }),
);
await pool.close();
clearInterval(keepAlive);

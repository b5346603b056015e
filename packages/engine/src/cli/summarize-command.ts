import { INSIGHT_EXPORT_FORMATS, type InsightExportFormat } from "@verbatim/contract";
import { EngineError } from "../errors.js";
import { planOutputs, writeOutput } from "./cli-outputs.js";
import { ProgressBar } from "./progress-bar.js";
import { callServer, serverJson, ServerAnswerError, verbatimServer } from "./verbatim-server.js";

// `verbatim summarize TRANSCRIPT --server URL`: a transcription's insights on a Verbatim server
// (docs/insights.md): the ones it has, or a job asked for (its minutes reserved, charged when
// delivered) and followed to the end, then downloaded in the format asked for. Ctrl+C cancels
// a job this run asked for, so its minutes are given back.

export interface SummarizeCommandOptions {
  server?: string;
  apiKey?: string;
  chapters?: boolean;
  format?: string;
  output?: string;
  language?: string;
  regenerate?: boolean;
  /** How often the job's progress is read, in seconds. */
  poll: string;
}

/** The formats that hold the chapters alone (what --chapters writes). */
const CHAPTER_FORMATS: readonly InsightExportFormat[] = ["youtube", "vtt", "fcpxml", "edl", "avid"];

/** The part of the insights job the CLI reads (GET /api/transcriptions/{id}/insights). */
interface InsightsJob {
  status: "queued" | "running" | "completed" | "failed" | "cancelled";
  progress: number;
  stage: string | null;
  costSeconds: number;
  error: { code: string; message: string } | null;
}

export async function summarizeCommand(
  transcript: string,
  options: SummarizeCommandOptions,
): Promise<void> {
  const server = verbatimServer("summarize", options);
  const format = exportFormat(options);
  const pollMs = Math.round(Number(options.poll) * 1000);
  if (!Number.isFinite(pollMs) || pollMs < 50) {
    throw new EngineError("INVALID_OPTIONS", `--poll must be 0.05 seconds or more.`);
  }
  const output = (
    await planOutputs({
      ...(options.output !== undefined ? { output: options.output } : {}),
      inputs: 1,
      formats: 1,
    })
  )("", "txt");
  const path = `/api/transcriptions/${encodeURIComponent(transcript)}/insights`;
  let job = options.regenerate ? null : await currentJob(server, path);
  if (job?.status !== "completed") {
    if (!job || job.status === "failed" || job.status === "cancelled" || options.regenerate) {
      job = await serverJson<InsightsJob>(server, path, {
        method: "POST",
        json: { language: options.language ?? null },
      });
      process.stderr.write(
        `verbatim: generating insights (${minutes(job.costSeconds)} of your minutes, charged when delivered)\n`,
      );
    }
    await followJob(server, path, job, pollMs);
  }
  const file = await callServer(server, `${path}/export?format=${format}`);
  await writeOutput(new Uint8Array(await file.arrayBuffer()), output);
  if (output !== "-" && process.stderr.isTTY) process.stderr.write(`verbatim: wrote ${output}\n`);
}

/** The format: -f, else md, or youtube with --chapters (which takes the chapter formats only). */
function exportFormat(options: SummarizeCommandOptions): InsightExportFormat {
  const format = options.format ?? (options.chapters ? "youtube" : "md");
  if (!(INSIGHT_EXPORT_FORMATS as readonly string[]).includes(format)) {
    throw new EngineError(
      "INVALID_OPTIONS",
      `-f must be one of ${INSIGHT_EXPORT_FORMATS.join(", ")} (got "${format}").`,
    );
  }
  const chosen = format as InsightExportFormat;
  if (options.chapters && !CHAPTER_FORMATS.includes(chosen)) {
    throw new EngineError(
      "INVALID_OPTIONS",
      `--chapters writes the chapters alone: -f ${CHAPTER_FORMATS.join(", ")} (got "${format}").`,
    );
  }
  return chosen;
}

/** The transcription's newest job, or null when none was ever asked for. */
async function currentJob(
  server: Parameters<typeof serverJson>[0],
  path: string,
): Promise<InsightsJob | null> {
  try {
    return await serverJson<InsightsJob>(server, path);
  } catch (error) {
    if (error instanceof ServerAnswerError && error.serverCode === "INSIGHTS_NOT_READY")
      return null;
    throw error;
  }
}

/**
 * Reads the job until it ends, with progress on standard error; a failed or cancelled job is
 * an error with the server's reason. Ctrl+C cancels it (its minutes are given back) and exits 130.
 */
async function followJob(
  server: Parameters<typeof serverJson>[0],
  path: string,
  first: InsightsJob,
  pollMs: number,
): Promise<void> {
  const bar = new ProgressBar();
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once("SIGINT", onSignal);
  let job = first;
  try {
    while (job.status === "queued" || job.status === "running") {
      bar.update(
        job.progress / 100,
        job.status === "queued" ? "waiting" : (job.stage ?? "reading"),
      );
      await wait(pollMs, controller.signal);
      if (controller.signal.aborted) {
        bar.done();
        await serverJson(server, path, { method: "DELETE" }).catch(() => undefined);
        throw new EngineError("CANCELLED", "Interrupted: the insights job was cancelled.");
      }
      job = await serverJson<InsightsJob>(server, path);
    }
  } finally {
    bar.done();
    process.off("SIGINT", onSignal);
  }
  if (job.status === "failed") {
    throw new EngineError(
      job.error?.code === "INSIGHTS_MODEL_NOT_CONFIGURED" ? "MODEL_NOT_FOUND" : "ENGINE_FAILED",
      `The insights failed: ${job.error?.message ?? "no reason given"} (${job.error?.code ?? "?"})`,
    );
  }
  if (job.status === "cancelled") {
    throw new EngineError("ENGINE_FAILED", "The insights job was cancelled on the server.");
  }
}

/** Waits, or less when `signal` fires. */
function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((done) => {
    const timer = setTimeout(done, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        done();
      },
      { once: true },
    );
  });
}

/** Seconds of minutes in words: "3 min", "45 s". */
function minutes(seconds: number): string {
  return seconds >= 60 ? `${Math.round((seconds / 60) * 10) / 10} min` : `${seconds} s`;
}

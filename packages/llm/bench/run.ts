// `npm run bench` (LLM part; alone: `npm run bench:llm`): prompt and generation speed of the
// default model's real shape (Qwen3-1.7B: 28 layers, 2048 wide, 151,936 tokens) at Q4_K_M with
// random weights, through node-llama-cpp (the runtime Verbatim's child process uses), beside
// llama.cpp's own llama-bench built from the source tree node-llama-cpp ships, same file, same
// threads; then the time to translate 10 minutes of subtitles and to summarise one hour of
// transcript, projected from the requests the real code makes (jobs.ts) at the rates just
// measured; then one real request end to end through LocalLanguageModel (child process, IPC,
// chat template, JSON grammar) beside its own projection. Random weights: the arithmetic per
// token is the real model's, the words are not.
import { execFileSync } from "node:child_process";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";

import { getLlama, LlamaLogLevel } from "node-llama-cpp";

import { LocalLanguageModel } from "../src/index.js";
import { ensureRandomGguf } from "../src/testing/index.js";
import { countSummary, countTranslation, describeJob, qwen3Tokenizer } from "./jobs.js";
import { buildLlamaBench, llamaCppSource } from "./llama-bench.js";

const threads = Number(process.env.BENCH_THREADS ?? 2);
const reps = Math.max(1, Number(process.env.BENCH_LLM_REPS ?? 3));
const PROMPT = Number(process.env.BENCH_LLM_PROMPT ?? 512);
const GENERATE = Number(process.env.BENCH_LLM_GENERATE ?? 128);
const MODEL = fileURLToPath(
  new URL("../../../.cache/models/llm-random-qwen3-1.7b-q4_k_m-v1.gguf", import.meta.url),
);

const load = () => loadavg()[0]?.toFixed(1) ?? "?";
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const rate = (value: number) => `${value.toFixed(1)} tok/s`;

console.log(
  `\nLanguage model: Qwen3-1.7B shape, Q4_K_M, random weights; ${threads} threads, CPU; ` +
    `pp${PROMPT} and tg${GENERATE}, median of ${reps}; load average at start: ${load()}`,
);

let started = performance.now();
await ensureRandomGguf(MODEL, "qwen3-1.7b");
const written = performance.now() - started;
if (written > 1000)
  console.log(`wrote the random GGUF in ${(written / 1000).toFixed(1)} s (cached for later runs)`);

// The jobs' requests, counted before anything is timed (a second or two of tokenizing).
const tokenizer = qwen3Tokenizer();
const jobs = [await countTranslation(tokenizer), await countSummary(tokenizer)];

/** node-llama-cpp: evaluate PROMPT tokens, then generate GENERATE tokens one by one. */
async function nodeLlamaCpp(): Promise<{ pp: number; tg: number }> {
  const llama = await getLlama({ gpu: false, build: "never", logLevel: LlamaLogLevel.error });
  const model = await llama.loadModel({ modelPath: MODEL });
  const context = await model.createContext({ contextSize: 2048, threads, batchSize: PROMPT });
  const pp: number[] = [];
  const tg: number[] = [];
  try {
    for (let rep = 0; rep < reps; rep++) {
      const sequence = context.getSequence();
      // Ordinary tokens of the vocabulary, as llama-bench's random prompt.
      const prompt = Array.from({ length: PROMPT }, (_, i) => ((i * 7919) % 150_000) as never);
      started = performance.now();
      await sequence.evaluateWithoutGeneratingNewTokens(prompt);
      pp.push(PROMPT / ((performance.now() - started) / 1000));
      let count = 0;
      started = performance.now();
      for await (const token of sequence.evaluate([prompt[0] as never], { temperature: 0 })) {
        void token;
        if (++count >= GENERATE) break;
      }
      tg.push(count / ((performance.now() - started) / 1000));
      sequence.dispose();
    }
  } finally {
    await context.dispose();
    await model.dispose();
    await llama.dispose();
  }
  return { pp: median(pp), tg: median(tg) };
}

/** llama.cpp's llama-bench on the same file (JSON output: avg_ts per test). */
function llamaBench(binary: string): { pp: number; tg: number } {
  const output = execFileSync(
    binary,
    [
      "-m",
      MODEL,
      "-p",
      String(PROMPT),
      "-n",
      String(GENERATE),
      "-t",
      String(threads),
      "-r",
      String(reps),
      "-ngl",
      "0",
      "-o",
      "json",
    ],
    { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], maxBuffer: 16 * 1024 * 1024 },
  );
  const results = JSON.parse(output) as Array<{ n_prompt: number; n_gen: number; avg_ts: number }>;
  return {
    pp: results.find((r) => r.n_prompt > 0 && r.n_gen === 0)?.avg_ts ?? 0,
    tg: results.find((r) => r.n_gen > 0 && r.n_prompt === 0)?.avg_ts ?? 0,
  };
}

const ours = await nodeLlamaCpp();
let theirs: { pp: number; tg: number } | null = null;
try {
  if (process.env.BENCH_LLAMA_BENCH === "0") throw new Error("skipped (BENCH_LLAMA_BENCH=0)");
  theirs = llamaBench(buildLlamaBench());
} catch (error) {
  console.log(
    `llama-bench could not be built or run: ${error instanceof Error ? error.message : String(error)}`,
  );
}
const { release } = llamaCppSource();
console.log(`                       prompt (pp${PROMPT})    generation (tg${GENERATE})`);
console.log(
  `node-llama-cpp 3.21.1  ${rate(ours.pp).padStart(14)}    ${rate(ours.tg).padStart(14)}`,
);
if (theirs) {
  console.log(
    `llama-bench            ${rate(theirs.pp).padStart(14)}    ${rate(theirs.tg).padStart(14)}`,
  );
  console.log(
    `ratio (llama-bench / ours, 1.00 = as fast)  pp ${(theirs.pp / ours.pp).toFixed(2)}   tg ${(theirs.tg / ours.tg).toFixed(2)}` +
      `   (llama-bench from node-llama-cpp's bundled llama.cpp source, release ${release}, -march=native)`,
  );
}

console.log(
  `\nThe jobs, projected from this run's measured rates (node-llama-cpp's, above): the real code's ` +
    `requests counted with Qwen3's tokenizer; prompt tokens / pp rate + answer tokens / tg rate, ` +
    `answers at their budget (worst case) and at a realistic length`,
);
for (const job of jobs) for (const line of describeJob(job, ours)) console.log(line);

// One real request end to end (child process start, model load, chat template, grammar): the
// translation's first request as the code built it, answered under a small schema (a random
// model fills whatever it is allowed), timed beside its projection at the same rates.
const local = new LocalLanguageModel({ model: MODEL, modelsDir: ".", threads, gpu: "off" });
try {
  started = performance.now();
  await local.countTokens("warm up");
  const startMs = performance.now() - started;
  const messages = jobs[0]!.requests[0]!.messages;
  started = performance.now();
  const answer = await local.generateJson({
    messages,
    schema: {
      type: "object",
      properties: {
        lines: { type: "array", items: { type: "string", maxLength: 20 }, maxItems: 3 },
      },
      required: ["lines"],
    },
    validate: (value) => value,
    maxTokens: 64,
    accountId: "bench",
  });
  const seconds = (performance.now() - started) / 1000;
  const projected = answer.promptTokens / ours.pp + answer.outputTokens / ours.tg;
  console.log(
    `LocalLanguageModel (child process): start and load ${(startMs / 1000).toFixed(1)} s; the translation's ` +
      `first request (${answer.promptTokens} prompt tokens by the random GGUF's byte-level tokenizer, ` +
      `${jobs[0]!.requests[0]!.prompt} by Qwen3's) and ${answer.outputTokens} answer tokens: ` +
      `${seconds.toFixed(1)} s measured, ${projected.toFixed(1)} s projected (${(seconds / projected).toFixed(2)}x)`,
  );
} finally {
  await local.close();
}
console.log(`load average at the end: ${load()} (other work on the machine lowers every figure)`);

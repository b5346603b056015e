// The three model families side by side on the same recording and threads: the whole
// `verbatim transcribe` process for Whisper (the run above), Parakeet TDT 0.6B and SenseVoice-
// small, and Parakeet against whisper.cpp's own parakeet-cli on the same model file. Weights are
// random (no trained weights reach these machines), the shapes real: Parakeet's joint and
// SenseVoice's CTC output are biased towards blank, so they emit a few tokens a second as
// trained models do (test/support/random-parakeet-model.ts, random-sensevoice-model.ts).
import { resolve } from "node:path";
import {
  ensureRandomParakeetModel,
  type RandomParakeetShape,
} from "../test/support/random-parakeet-model.js";
import { ensureRandomModel, type RandomModelSize } from "../test/support/random-model.js";
import {
  ensureRandomSenseVoiceModel,
  type RandomSenseVoiceShape,
} from "../test/support/random-sensevoice-model.js";
import { medianRun, roundWalls, runMeasured, succeeded, type TreeRun } from "./process-tree.js";
import { buildParakeetCli } from "./whisper-cli.js";

const VERBATIM = resolve(import.meta.dirname, "../bin/verbatim.js");

/** What the families' comparison runs on. */
export interface FamiliesBench {
  /** 16 kHz mono WAVs of speech by length in seconds (parakeet-cli reads WAV). */
  recordings: Map<number, string>;
  threads: number;
  /** Rounds of Parakeet against parakeet-cli, alternated; each read as its median. */
  rounds: number;
  /** The Whisper runs of the same recordings (verbatim transcribe, VAD on), and their shape. */
  whisper: { runs: Map<number, TreeRun>; shape: string };
  /** "0.6b": the real shape; "test": the tests' tiny one (a smoke run). */
  parakeetShape: RandomParakeetShape;
  /** "small": SenseVoice-small's real shape; "test": the same graph, tiny (a smoke run). */
  senseVoiceShape: RandomSenseVoiceShape;
  /** Leave whisper.cpp's parakeet-cli out (it takes minutes to build the first time). */
  skipParakeetCli?: boolean;
  /** More Whisper shapes to run on the same recording (random weights; large ones take minutes). */
  moreWhisperShapes?: RandomModelSize[];
}

function transcribe(
  model: string,
  input: string,
  threads: number,
  extra: string[] = [],
): Promise<TreeRun> {
  return runMeasured(process.execPath, [
    ...[VERBATIM, "transcribe", input, "--model", model, "--language", "en", ...extra],
    ...["--threads", String(threads), "--format", "srt", "--output", "/dev/null"],
  ]);
}

/** Whisper decoding as the base row above does (greedy, no temperature fallback). */
const WHISPER_AS_ABOVE = ["--beam-size", "1", "--no-fallback"];

/** Prints real-time factor and peak memory per family, and Parakeet against parakeet-cli. */
export async function benchModelFamilies(bench: FamiliesBench): Promise<void> {
  const { recordings, threads } = bench;
  const parakeet = await ensureRandomParakeetModel(bench.parakeetShape);
  const senseVoice = await ensureRandomSenseVoiceModel(bench.senseVoiceShape);
  const parakeetCli = bench.skipParakeetCli ? null : buildParakeetCli();

  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  for (const [seconds, speech] of recordings) {
    // Parakeet and parakeet-cli alternated, as Whisper and whisper-cli are above.
    const ours: TreeRun[] = [];
    const theirs: TreeRun[] = [];
    for (let round = 0; round < bench.rounds; round++) {
      ours.push(succeeded(await transcribe(parakeet, speech, threads), "verbatim (Parakeet)"));
      if (parakeetCli) {
        const args = ["-m", parakeet, "-f", speech, "-t", String(threads)];
        theirs.push(succeeded(await runMeasured(parakeetCli, args), "parakeet-cli"));
      }
    }
    const senseVoiceRun = succeeded(
      await transcribe(senseVoice, speech, threads),
      "verbatim (SenseVoice)",
    );
    const whisperRuns: [RandomModelSize, TreeRun][] = [];
    for (const shape of bench.moreWhisperShapes ?? []) {
      const model = await ensureRandomModel(shape);
      const run = await transcribe(model, speech, threads, WHISPER_AS_ABOVE);
      whisperRuns.push([shape, succeeded(run, `whisper ${shape}`)]);
    }
    const row = (name: string, run: TreeRun, note = "") =>
      console.log(
        `${name.padEnd(48)} ${s(run.wallMs).padStart(9)}   RTF ${(run.wallMs / 1000 / seconds).toFixed(3)}   ${run.peakMb.toFixed(0).padStart(5)} MB${note}`,
      );
    console.log(
      `\nmodel families, ${seconds} s of speech, ${threads} threads, whole process      wall         RTF        peak`,
    );
    const whisper = bench.whisper.runs.get(seconds);
    if (whisper) row(`whisper ${bench.whisper.shape} (random weights, real shape)`, whisper);
    for (const [shape, run] of whisperRuns)
      row(`whisper ${shape} (random weights, real shape)`, run);
    const parakeetRun = medianRun(ours);
    row(
      `parakeet ${bench.parakeetShape} (random weights${bench.parakeetShape === "0.6b" ? ", real shape" : ", TEST shape"})`,
      parakeetRun,
      `   (${roundWalls(ours)} s)`,
    );
    if (theirs.length > 0) {
      const cliRun = medianRun(theirs);
      row("  whisper.cpp's parakeet-cli, same file", cliRun, `   (${roundWalls(theirs)} s)`);
      console.log(
        `  ours / parakeet-cli: wall ${(parakeetRun.wallMs / cliRun.wallMs).toFixed(3)}× (target ≤ 1.05), peak ${parakeetRun.peakMb >= cliRun.peakMb ? "+" : "-"}${Math.abs(parakeetRun.peakMb - cliRun.peakMb).toFixed(0)} MB (target ≤ +100 MB; ours includes VAD and media decoding)`,
      );
    }
    row(
      `sensevoice ${bench.senseVoiceShape} (random weights${bench.senseVoiceShape === "small" ? ", real shape, float32" : ", TEST shape"})`,
      senseVoiceRun,
    );
  }
  console.log(
    "Random weights decode differently from trained ones (how many tokens a window gives): the encoders' times are faithful, Whisper's decoder only roughly",
  );
}

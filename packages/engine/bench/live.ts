// `npm run bench:live`: live captions on this machine, random weights of Whisper's layout (the
// delays depend on the shapes, not the weights). Speech (LJ001-0002, 1.9 s) between 1.5 s
// silences is fed in real time in 100 ms frames to the live engine process (Silero VAD, partial
// and final decodes); measured: from the end of the speech in the input to the first partial
// that reaches it... and to its final; then how many sessions at once keep up. Arguments: the
// model shape (mini, tiny, base) and the threads per decode (LIVE_THREADS, 1 by default). One
// session is measured with Whisper's whole window and with the window fitted to the stretch.
import { decodePcm, SAMPLE_RATE } from "../src/media/decode.js";
import { LiveEngine } from "../src/live/live-engine.js";
import { ensureRandomModel } from "../test/support/random-model.js";

const SPEECH = new URL("../../../fixtures/media/lj001-0002.flac", import.meta.url).pathname;
const size = (process.argv[2] ?? "mini") as "mini" | "tiny" | "base";
/** Threads per decode (LIVE_THREADS): the third argument, 1 by default. */
const threads = Number(process.argv[3] ?? 1);
const model = await ensureRandomModel(size);
const blocks: Float32Array[] = [];
for await (const block of decodePcm(SPEECH)) blocks.push(block);
const speech = Float32Array.from(blocks.flatMap((b) => [...b]));
const gap = new Float32Array(SAMPLE_RATE * 1.5);
const rounds = 3;
const audio = Float32Array.from([...gap, ...[...Array(rounds)].flatMap(() => [...speech, ...gap])]);
const speechEndsMs = [...Array(rounds)].map(
  (_, i) => ((gap.length + (i + 1) * speech.length + i * gap.length) * 1000) / SAMPLE_RATE,
);

/** Runs `count` sessions at once in real time; the delays of the first session's texts. */
async function run(count: number, window: "fitted" | "full" = "fitted") {
  const engine = new LiveEngine();
  const started = performance.now();
  const partialDelays: number[] = [];
  const finalDelays: number[] = [];
  let lagMs = 0;
  const sessions = [...Array(count)].map((_, s) =>
    engine.open(
      `bench-${s}`,
      { modelPath: model, family: "whisper", language: "en", threads, gpu: false, window },
      {
        onText: (text) => {
          const at = performance.now() - started;
          const end = speechEndsMs.find((ms) => ms >= text.startMs && ms <= text.endMs + 600);
          if (s !== 0 || end === undefined) return;
          if (text.type === "final") finalDelays.push(at - end);
          else if (text.endMs >= end - 150) partialDelays.push(at - end);
          if (text.type === "final") lagMs = Math.max(lagMs, at - end);
        },
        onError: (code, message) => console.error(code, message),
      },
    ),
  );
  for (let i = 0; i < audio.length; i += SAMPLE_RATE / 10) {
    const frame = audio.slice(i, i + SAMPLE_RATE / 10);
    for (const session of sessions) session.push(frame);
    const due = started + ((i + frame.length) * 1000) / SAMPLE_RATE - performance.now();
    if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
  }
  await Promise.all(sessions.map((session) => session.finish()));
  engine.stop();
  const p50 = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return { partial: p50(partialDelays), final: p50(finalDelays), finals: finalDelays.length };
}

const ms = (value: number | undefined) => (value === undefined ? "none" : `${value.toFixed(0)} ms`);
const ratio = (a: number | undefined, b: number | undefined) =>
  a === undefined || b === undefined ? "" : ` (${(a / b).toFixed(2)}×)`;
// Whisper's whole 30-s window first (as uploads decode, LIVE_WINDOW=full), then the window
// fitted to each stretch (the default), side by side in one run.
const full = await run(1, "full");
const one = await run(1);
console.log(
  `live (${size}, ${threads} thread${threads === 1 ? "" : "s"}): end of speech → partial reaching it p50 ${ms(one.partial)}${ratio(one.partial, full.partial)} of the whole window's ${ms(full.partial)}; → final p50 ${ms(one.final)}${ratio(one.final, full.final)} of ${ms(full.final)} (${one.finals} and ${full.finals} finals)`,
);
let kept = one.final !== undefined && one.final <= 2_000 ? 1 : 0;
for (const count of kept ? [2, 4, 8] : []) {
  const result = await run(count);
  const ok = result.final !== undefined && result.final <= 2_000;
  console.log(
    `  ${count} sessions at once: final p50 ${result.final?.toFixed(0) ?? "none"} ms${ok ? "" : " (behind)"}`,
  );
  if (!ok) break;
  kept = count;
}
console.log(
  `  ${threads} thread${threads === 1 ? "" : "s"} per decode keep ${kept} session(s) within 2 s of each pause`,
);

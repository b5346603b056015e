// What speaker diarization adds to a transcription: the same recording transcribed in the engine
// process without and with diarization, side by side — real-time factors of transcription,
// diarization alone (it runs after transcription, over the speech VAD kept) and the whole job,
// and the engine process's peak memory. The diarization models are the test stand-ins (tiny
// ONNX graphs with the real models' interface), so the numbers show the cost of the pipeline
// around them (keeping the speech, sherpa-onnx's windows, embeddings and clustering), not of
// the real pyannote and 3D-Speaker networks, whose cost is not measured here.
import { transcribeFile, type Transcription } from "../src/transcribe-file.js";
import { ensureDiarizationModels } from "../test/helpers/diarization-models.js";
import { treeRssMb } from "./process-tree.js";

interface Measured {
  result: Transcription;
  wallMs: number;
  peakMb: number;
}

async function measure(
  input: string,
  model: string,
  threads: number,
  modelsDir: string | undefined,
): Promise<Measured> {
  let peak = 0;
  let timer: NodeJS.Timeout | undefined;
  const started = performance.now();
  const result = await transcribeFile(
    {
      input,
      model,
      language: "en",
      threads,
      beamSize: 1,
      temperatureFallback: false,
      ...(modelsDir ? { modelsDir, diarize: {} } : {}),
    },
    {
      onEngineStart: (pid) => {
        timer = setInterval(() => (peak = Math.max(peak, treeRssMb(pid))), 50);
      },
    },
  );
  clearInterval(timer);
  return { result, wallMs: performance.now() - started, peakMb: peak };
}

/** Prints the comparison for `input` (a recording of speech) with the whisper `model`. */
export async function benchDiarizationCost(input: string, model: string, threads: number) {
  const modelsDir = await ensureDiarizationModels();
  // Warm the engine process first so neither run pays for loading the whisper model alone.
  await measure(input, model, threads, undefined);
  const plain = await measure(input, model, threads, undefined);
  const diarized = await measure(input, model, threads, modelsDir);
  const plain2 = await measure(input, model, threads, undefined);
  const base = plain.wallMs <= plain2.wallMs ? plain : plain2;
  const media = diarized.result.durationMs;
  const rtf = (ms: number) => (ms / media).toFixed(3);
  const diarizeMs = diarized.result.timings.diarizeMs ?? 0;
  console.log(
    `\nSpeaker diarization cost — ${(media / 1000).toFixed(0)} s recording, ${threads} threads, ` +
      `STAND-IN diarization models (the real networks' cost is not measured here)`,
  );
  console.log("                                     wall      RTF     engine peak");
  console.log(
    `transcription only                ${(base.wallMs / 1000).toFixed(2).padStart(7)} s   ${rtf(base.wallMs)}   ${base.peakMb.toFixed(0)} MB`,
  );
  console.log(
    `transcription + diarization       ${(diarized.wallMs / 1000).toFixed(2).padStart(7)} s   ${rtf(diarized.wallMs)}   ${diarized.peakMb.toFixed(0)} MB`,
  );
  console.log(
    `  of which diarization alone      ${(diarizeMs / 1000).toFixed(2).padStart(7)} s   ${rtf(diarizeMs)}   (+${Math.max(0, diarized.peakMb - base.peakMb).toFixed(0)} MB over transcription only)`,
  );
  console.log(
    `  speakers found: ${diarized.result.speakers?.length ?? 0}; time added: ${((diarized.wallMs / base.wallMs - 1) * 100).toFixed(1)}% (target: diarization at most doubles a base-model transcription)`,
  );
}

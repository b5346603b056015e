// Speaker diarization of the speech a transcription kept (engine process side): sherpa-onnx's
// offline diarization (pyannote segmentation, speaker embeddings, fast clustering) over the
// concatenated speech, turns mapped back to media time, speakers numbered S1, S2… by first
// turn, and named after the user's saved voices when their embeddings match.
import { EngineError } from "../errors.js";
import { SAMPLE_RATE } from "../media/decode.js";
import type { DiarizationModelPaths } from "./model-files.js";
import { processDiarizationAsync, sherpaOnnx } from "./sherpa-runtime.js";
import { embedSpeech, embeddingExtractor } from "./speaker-embedding.js";
import type { SpeakerCount } from "./speaker-count.js";
import type { SpeakerTurn } from "./speaker-turns.js";
import type { SpeechRecorder } from "./speech-recorder.js";
import { matchVoices } from "./voice-match.js";
import type * as Sherpa from "sherpa-onnx-node";

/**
 * Cosine-distance cut when the number of speakers is found rather than given: sherpa-onnx's
 * default for its clustering, which its documentation pairs with these models.
 */
export const CLUSTER_THRESHOLD = 0.5;

/** Less kept speech than this is not diarized (one speaker, or none). */
const MIN_SPEECH_SAMPLES = SAMPLE_RATE / 2;

/** At most this much of a speaker's longest turns makes the embedding compared with voices. */
const VOICE_SAMPLE_LIMIT = 30 * SAMPLE_RATE;

/** What the engine process needs to diarize a job. */
export interface DiarizationJob {
  models: DiarizationModelPaths;
  count: SpeakerCount;
  voices: { name: string; embedding: number[] }[];
  threads: number;
}

export interface DiarizedSpeaker {
  id: string;
  name: string | null;
  speechMs: number;
}

export interface DiarizationResult {
  turns: SpeakerTurn[];
  speakers: DiarizedSpeaker[];
}

let cachedDiarizer: { key: string; diarizer: Sherpa.OfflineSpeakerDiarization } | undefined;

function diarizerFor(job: DiarizationJob): Sherpa.OfflineSpeakerDiarization {
  const key = `${job.models.segmentation}\n${job.models.embedding}\n${job.threads}`;
  if (cachedDiarizer?.key !== key) {
    const sherpa = sherpaOnnx();
    cachedDiarizer = {
      key,
      diarizer: new sherpa.OfflineSpeakerDiarization({
        segmentation: {
          pyannote: { model: job.models.segmentation },
          numThreads: job.threads,
        },
        embedding: { model: job.models.embedding, numThreads: job.threads },
        clustering: { numClusters: -1, threshold: CLUSTER_THRESHOLD },
      }),
    };
  }
  return cachedDiarizer.diarizer;
}

/**
 * Diarizes the recorded speech. With a min–max count, the speakers are first found by the
 * distance threshold; if their number falls outside the bounds, diarization runs again asking
 * for the nearest bound exactly (a second pass, as sherpa-onnx has no bounded clustering).
 */
export async function diarizeRecorded(
  recorder: SpeechRecorder,
  job: DiarizationJob,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<DiarizationResult> {
  if (recorder.length < MIN_SPEECH_SAMPLES) {
    recorder.dropSamples();
    return { turns: [], speakers: [] };
  }
  const diarizer = diarizerFor(job);
  let samples: Float32Array | null = recorder.toFloat32();
  // The samples are needed again only to compare speakers with saved voices.
  if (job.voices.length === 0) recorder.dropSamples();
  const passes = "exact" in job.count ? 1 : 2;
  const run = async (clustering: Sherpa.FastClusteringConfig, pass: number) => {
    if (signal?.aborted) throw new EngineError("CANCELLED", "Cancelled.");
    diarizer.setConfig({ clustering });
    return processDiarizationAsync(diarizer, samples!, (done, total) =>
      onProgress((pass + (total > 0 ? done / total : 0)) / passes),
    );
  };
  let segments: Sherpa.SpeakerDiarizationSegment[];
  if ("exact" in job.count) {
    segments = await run({ numClusters: job.count.exact }, 0);
  } else {
    segments = await run({ numClusters: -1, threshold: CLUSTER_THRESHOLD }, 0);
    const found = new Set(segments.map((s) => s.speaker)).size;
    const wanted = Math.min(job.count.max, Math.max(job.count.min, found));
    if (found !== wanted && segments.length > 0) segments = await run({ numClusters: wanted }, 1);
  }
  samples = null;
  onProgress(1);

  const ids = new Map<number, string>();
  const turns: SpeakerTurn[] = [];
  const bySpeaker = new Map<string, { from: number; to: number }[]>();
  for (const segment of [...segments].sort((a, b) => a.start - b.start)) {
    let id = ids.get(segment.speaker);
    if (!id) ids.set(segment.speaker, (id = `S${ids.size + 1}`));
    const from = Math.round(segment.start * SAMPLE_RATE);
    const to = Math.min(recorder.length, Math.round(segment.end * SAMPLE_RATE));
    if (to <= from) continue;
    for (const span of recorder.sourceSpans(from, to)) turns.push({ ...span, speaker: id });
    bySpeaker.set(id, [...(bySpeaker.get(id) ?? []), { from, to }]);
  }
  const speakers: DiarizedSpeaker[] = [...ids.values()].map((id) => ({
    id,
    name: null,
    speechMs: turns.filter((t) => t.speaker === id).reduce((sum, t) => sum + t.end - t.start, 0),
  }));
  if (job.voices.length > 0) {
    const names = matchVoices(speakerEmbeddings(recorder, bySpeaker, job), job.voices);
    for (const speaker of speakers) speaker.name = names.get(speaker.id) ?? null;
    recorder.dropSamples();
  }
  return { turns, speakers };
}

/** Each speaker's embedding, from their longest turns (up to VOICE_SAMPLE_LIMIT in all). */
function speakerEmbeddings(
  recorder: SpeechRecorder,
  bySpeaker: Map<string, { from: number; to: number }[]>,
  job: DiarizationJob,
): { id: string; embedding: number[] }[] {
  const extractor = embeddingExtractor(job.models.embedding, job.threads);
  const out: { id: string; embedding: number[] }[] = [];
  for (const [id, spans] of bySpeaker) {
    const longest = [...spans].sort((a, b) => b.to - b.from - (a.to - a.from));
    const parts: Float32Array[] = [];
    let total = 0;
    for (const span of longest) {
      if (total >= VOICE_SAMPLE_LIMIT) break;
      const to = Math.min(span.to, span.from + VOICE_SAMPLE_LIMIT - total);
      parts.push(recorder.slice(span.from, to));
      total += to - span.from;
    }
    const joined = new Float32Array(total);
    let offset = 0;
    for (const part of parts) {
      joined.set(part, offset);
      offset += part.length;
    }
    const embedding = embedSpeech(extractor, joined);
    if (embedding) out.push({ id, embedding });
  }
  return out;
}

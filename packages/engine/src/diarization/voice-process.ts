// Child process that turns a voice clip into a speaker embedding: ffmpeg decodes it, Silero VAD
// keeps only its speech, sherpa-onnx's embedding model embeds that. Native code runs here, not
// in the caller (sherpa-onnx ends the process on a model it cannot read).
import { EngineError, isEngineError } from "../errors.js";
import { decodePcm, SAMPLE_RATE } from "../media/decode.js";
import { SpeechDetector, type SpeechRegion } from "../vad/speech-detector.js";
import { embedSpeech, embeddingExtractor } from "./speaker-embedding.js";
import type { VoiceReply, VoiceRequest } from "./voice-protocol.js";

/** Less speech than this makes no usable voice. */
const MIN_SPEECH_SAMPLES = SAMPLE_RATE;

async function embedClip(request: VoiceRequest): Promise<number[]> {
  const from = Math.floor((request.startMs * SAMPLE_RATE) / 1000);
  const to = Number.isFinite(request.endMs)
    ? Math.floor((request.endMs * SAMPLE_RATE) / 1000)
    : Infinity;
  const detector = await SpeechDetector.create();
  const blocks: Float32Array[] = [];
  const regions: SpeechRegion[] = [];
  let position = 0;
  try {
    for await (const block of decodePcm(request.input)) {
      const lo = Math.max(from - position, 0);
      const hi = Math.min(to - position, block.length);
      position += block.length;
      if (hi <= lo) {
        if (position >= to) break; // leaving the loop stops ffmpeg
        continue;
      }
      const part = block.subarray(lo, hi);
      blocks.push(part);
      regions.push(...(await detector.push(part)));
      if (position >= to) break;
    }
    regions.push(...detector.finish());
  } finally {
    await detector.close();
  }
  const clip = concat(blocks);
  const speech = concat(regions.map((r) => clip.subarray(r.start, Math.min(r.end, clip.length))));
  if (speech.length < MIN_SPEECH_SAMPLES)
    throw new EngineError(
      "NO_SPEECH",
      "No speech was found in the clip (at least a second of one person speaking is needed).",
    );
  const embedding = embedSpeech(embeddingExtractor(request.model, 1), speech);
  if (!embedding) throw new EngineError("NO_SPEECH", "The clip's speech is too short to use.");
  return embedding;
}

function concat(parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function reply(message: VoiceReply): void {
  process.send!(message, undefined, {}, () => process.disconnect());
}

process.once("disconnect", () => process.exit(0));
process.once("message", (request: VoiceRequest) => {
  embedClip(request).then(
    (embedding) => reply({ type: "done", embedding }),
    (error: unknown) =>
      reply(
        isEngineError(error)
          ? { type: "error", code: error.code, message: error.message }
          : {
              type: "error",
              code: "ENGINE_FAILED",
              message: `Voice embedding failed: ${String(error)}`,
            },
      ),
  );
});

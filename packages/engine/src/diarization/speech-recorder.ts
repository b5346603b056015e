import { SAMPLE_RATE } from "../media/decode.js";
import type { TimeMapPiece } from "../pipeline/time-map.js";

/**
 * Keeps the speech that voice activity detection found, chunk after chunk, for diarization
 * once transcription is done (clustering needs every speaker's voice from the whole file).
 * Only speech is kept, as 16-bit samples: about 115 MB per hour of speech, half of float.
 */
export class SpeechRecorder {
  private blocks: Int16Array[] = [];
  /** Where each stretch of kept speech came from; chunkStart counts in the kept speech. */
  private readonly pieces: TimeMapPiece[] = [];
  length = 0;

  /** Adds a chunk's speech (the concatenated pieces of one chunk, with their source offsets). */
  add(pcm: Float32Array, pieces: readonly TimeMapPiece[]): void {
    if (pcm.length === 0) return;
    const block = new Int16Array(pcm.length);
    for (let i = 0; i < pcm.length; i++) {
      const s = Math.max(-1, Math.min(1, pcm[i]!));
      block[i] = Math.round(s * 32767);
    }
    this.blocks.push(block);
    for (const piece of pieces)
      this.pieces.push({ ...piece, chunkStart: piece.chunkStart + this.length });
    this.length += pcm.length;
  }

  /** The kept speech as one float array, as sherpa-onnx takes it. */
  toFloat32(): Float32Array {
    const out = new Float32Array(this.length);
    let offset = 0;
    for (const block of this.blocks) {
      for (let i = 0; i < block.length; i++) out[offset + i] = block[i]! / 32768;
      offset += block.length;
    }
    return out;
  }

  /** Samples [from, to) of the kept speech as floats. */
  slice(from: number, to: number): Float32Array {
    const out = new Float32Array(Math.max(0, to - from));
    let blockStart = 0;
    for (const block of this.blocks) {
      const lo = Math.max(from, blockStart);
      const hi = Math.min(to, blockStart + block.length);
      for (let i = lo; i < hi; i++) out[i - from] = block[i - blockStart]! / 32768;
      blockStart += block.length;
    }
    return out;
  }

  /** Lets go of the samples (the time map stays). */
  dropSamples(): void {
    this.blocks = [];
  }

  /**
   * The media time (ms) spans that samples [from, to) of the kept speech came from: one span
   * per piece they cross (a turn that runs over a cut-out silence becomes two).
   */
  sourceSpans(from: number, to: number): { start: number; end: number }[] {
    const spans: { start: number; end: number }[] = [];
    for (const piece of this.pieces) {
      const lo = Math.max(from, piece.chunkStart);
      const hi = Math.min(to, piece.chunkStart + piece.length);
      if (lo >= hi) continue;
      const offset = piece.sourceStart - piece.chunkStart;
      spans.push({ start: toMs(lo + offset), end: toMs(hi + offset) });
    }
    return spans;
  }
}

function toMs(samples: number): number {
  return Math.round((samples * 1000) / SAMPLE_RATE);
}

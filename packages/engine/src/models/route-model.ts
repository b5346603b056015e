// Which model runs a job, from what the user chose in plain words (Fast, Accurate, Cantonese)
// and the language: the user never needs a model's name. Operators change the table.
import { familySupports, findRecogniserModel } from "./recogniser-registry.js";

/** What the user chooses. */
export type TranscriptionMode = "fast" | "accurate" | "cantonese";

export const TRANSCRIPTION_MODES: readonly TranscriptionMode[] = ["fast", "accurate", "cantonese"];

/** The models behind each mode (registry names); an operator's setting may replace any. */
export interface RoutingTable {
  /** Fast, for the languages it covers; null: Fast is always Whisper. */
  fastParakeet: string | null;
  /** Fast, everywhere else. */
  fastWhisper: string;
  /** Accurate, in order of preference: the first installed one runs. */
  accurate: readonly string[];
  /** Cantonese, and Chinese detected in "auto" when installed; null: Whisper (accurate). */
  cantonese: string | null;
}

export const DEFAULT_ROUTING: RoutingTable = {
  fastParakeet: "parakeet-tdt-0.6b-v3",
  fastWhisper: "base",
  accurate: ["large-v3-turbo", "small"],
  cantonese: "sensevoice-small",
};

/** The chosen model and why, for the job's record. */
export interface Route {
  model: string;
  /** The language to transcribe in ("auto" only when nothing was detected). */
  language: string;
}

/**
 * Routes a job. `language` is the user's choice, or for "auto" the detected language when
 * detection ran (null: not detected). Chinese audio never reaches Parakeet; Cantonese goes to
 * SenseVoice when it is installed, and Whisper otherwise.
 */
export function routeModel(
  mode: TranscriptionMode,
  language: string,
  detected: string | null,
  installed: ReadonlySet<string>,
  table: RoutingTable = DEFAULT_ROUTING,
): Route {
  const spoken = language === "auto" ? (detected ?? "auto") : language;
  const has = (name: string | null): name is string => name !== null && installed.has(name);
  const accurate = table.accurate.find(has) ?? table.accurate[table.accurate.length - 1]!;
  const cantonese = has(table.cantonese) ? table.cantonese : null;
  const senseVoice = cantonese ? findRecogniserModel(cantonese) : undefined;
  if (mode === "cantonese" || spoken === "yue") {
    return { model: cantonese ?? accurate, language: "yue" };
  }
  if (mode === "accurate") return { model: accurate, language: spoken };
  const fastParakeet = has(table.fastParakeet) ? table.fastParakeet : null;
  const parakeet = fastParakeet ? findRecogniserModel(fastParakeet) : undefined;
  if (
    fastParakeet &&
    spoken !== "auto" &&
    parakeet &&
    familySupports(parakeet.family, spoken, parakeet)
  ) {
    return { model: fastParakeet, language: spoken };
  }
  // Chinese found by "auto" in Hong Kong speech: SenseVoice when installed.
  if (
    cantonese &&
    language === "auto" &&
    spoken === "zh" &&
    senseVoice &&
    familySupports(senseVoice.family, spoken, senseVoice)
  ) {
    return { model: cantonese, language: spoken };
  }
  return { model: table.fastWhisper, language: spoken };
}

/**
 * Whether, on "auto", the detected language could send a job of this choice to another family
 * than Whisper (SenseVoice or, on Fast, Parakeet is installed): when not, detecting it would
 * cost a decode for nothing.
 */
export function routesByLanguage(
  mode: TranscriptionMode,
  installed: ReadonlySet<string>,
  table: RoutingTable = DEFAULT_ROUTING,
): boolean {
  const has = (name: string | null) => name !== null && installed.has(name);
  return has(table.cantonese) || (mode === "fast" && has(table.fastParakeet));
}

// The model families besides whisper.cpp's Whisper models (registry.ts): which files they are,
// where they are published, their licences and the languages they transcribe. One place for
// the facts every surface shows (CLI `models list`, /v1/models, the routing).
import type { RecogniserFamily } from "../recognisers/recogniser.js";
import { SENSEVOICE_LANGUAGES } from "../recognisers/sensevoice-model.js";

/** A model's licence as its publisher states it. */
export interface ModelLicence {
  /** SPDX id where there is one. */
  name: string;
  url: string;
  /** The attribution the licence asks for, shown wherever the model is listed. */
  attribution?: string;
}

/** A Parakeet or SenseVoice model. */
export interface RecogniserModelEntry {
  /** Registry name, as users and /v1 clients give it. */
  name: string;
  family: Exclude<RecogniserFamily, "whisper">;
  /** The file (Parakeet) or folder (SenseVoice) in the models folder. */
  fileName: string;
  /** What to download: a GGML file, or sherpa-onnx's release archive of the folder. */
  url: string;
  /**
   * The published size in bytes, or null where it could not be confirmed from here (then the
   * format is checked instead: header and tensors, or the probe).
   */
  sizeBytes: number | null;
  /** Published SHA-256, or null where it could not be confirmed from here. */
  sha256: string | null;
  /** ISO 639 codes it transcribes. */
  languages: readonly string[];
  licence: ModelLicence;
  description: string;
}

/** Whisper's models: MIT, as whisper.cpp and OpenAI publish them. */
export const WHISPER_LICENCE: ModelLicence = {
  name: "MIT",
  url: "https://github.com/openai/whisper/blob/main/LICENSE",
};

/** The 25 European languages Parakeet TDT 0.6B v3 transcribes (NVIDIA's model card). */
export const PARAKEET_V3_LANGUAGES = [
  "bg",
  "hr",
  "cs",
  "da",
  "nl",
  "en",
  "et",
  "fi",
  "fr",
  "de",
  "el",
  "hu",
  "it",
  "lv",
  "lt",
  "mt",
  "pl",
  "pt",
  "ro",
  "sk",
  "sl",
  "es",
  "sv",
  "ru",
  "uk",
] as const;

export const RECOGNISER_MODEL_REGISTRY: readonly RecogniserModelEntry[] = [
  {
    name: "parakeet-tdt-0.6b-v3",
    family: "parakeet",
    fileName: "parakeet-tdt-0.6b-v3-f16.bin",
    // As whisper.cpp's examples/parakeet-cli/README.md downloads it.
    url: "https://huggingface.co/ggml-org/parakeet-GGUF/resolve/main/parakeet-tdt-0.6b-v3-f16.bin",
    sizeBytes: null,
    sha256: null,
    languages: PARAKEET_V3_LANGUAGES,
    licence: {
      name: "CC-BY-4.0",
      url: "https://creativecommons.org/licenses/by/4.0/",
      attribution:
        "Parakeet TDT 0.6B v3 by NVIDIA (huggingface.co/nvidia/parakeet-tdt-0.6b-v3), CC BY 4.0; " +
        "converted to GGML by ggml-org.",
    },
    description: "Fast: English and 24 other European languages, with punctuation.",
  },
  {
    name: "sensevoice-small",
    family: "sensevoice",
    fileName: "sherpa-onnx-sense-voice-zh-en-ja-ko-yue-2024-07-17",
    url: "https://github.com/k2-fsa/sherpa-onnx/releases/download/asr-models/sherpa-onnx-sense-voice-zh-en-ja-ko-yue-2024-07-17.tar.bz2",
    sizeBytes: null,
    sha256: null,
    languages: SENSEVOICE_LANGUAGES,
    licence: {
      name: "FunASR Model Open Source License 1.1",
      url: "https://github.com/modelscope/FunASR/blob/main/MODEL_LICENSE",
      attribution: "SenseVoice-Small by Alibaba's FunAudioLLM team; ONNX export by sherpa-onnx.",
    },
    description: "Cantonese written as spoken, Mandarin, English, Japanese, Korean.",
  },
];

/** The Parakeet or SenseVoice entry of that name, or undefined. */
export function findRecogniserModel(name: string): RecogniserModelEntry | undefined {
  return RECOGNISER_MODEL_REGISTRY.find((entry) => entry.name === name);
}

/**
 * The family of a model file or folder: a folder is SenseVoice (sherpa-onnx's layout), a file
 * whose name says parakeet is Parakeet, anything else whisper.cpp's Whisper.
 */
export function familyOfModelPath(fileName: string, isFolder: boolean): RecogniserFamily {
  if (isFolder) return "sensevoice";
  return /parakeet/i.test(fileName) ? "parakeet" : "whisper";
}

/**
 * The language codes a model of that family transcribes (its entry's, else the family's); null
 * for Whisper: every language it knows.
 */
export function familyLanguages(
  family: RecogniserFamily,
  entry?: RecogniserModelEntry,
): readonly string[] | null {
  if (family === "whisper") return null;
  return entry?.languages ?? (family === "parakeet" ? PARAKEET_V3_LANGUAGES : SENSEVOICE_LANGUAGES);
}

/** Whether a family transcribes a language (Whisper: every language it knows). */
export function familySupports(
  family: RecogniserFamily,
  language: string,
  entry?: RecogniserModelEntry,
): boolean {
  if (language === "auto") return true;
  return familyLanguages(family, entry)?.includes(language) ?? true;
}

/**
 * The registry's model names that transcribe `language`: every Whisper model does (named by
 * family), and the Parakeet and SenseVoice models that list it.
 */
export function modelsSupporting(language: string): string[] {
  return [
    "whisper (any size)",
    ...RECOGNISER_MODEL_REGISTRY.filter((entry) => familySupports(entry.family, language, entry)).map(
      (entry) => entry.name,
    ),
  ];
}

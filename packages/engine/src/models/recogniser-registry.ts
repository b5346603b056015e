// The model families besides whisper.cpp's Whisper models (registry.ts): which files they are,
// where they are published, their licences and the languages they transcribe. One place for
// the facts every surface shows (CLI `models list`, /v1/models, the routing).
import type { RecogniserFamily } from "../recognisers/recogniser.js";
import { SENSEVOICE_LANGUAGES } from "../recognisers/sensevoice-model.js";
import type { DownloadableFile } from "./registry.js";

/** A model's licence as its publisher states it. */
export interface ModelLicence {
  /** SPDX id where there is one. */
  name: string;
  url: string;
  /** The attribution the licence asks for, shown wherever the model is listed. */
  attribution?: string;
}

/** How a downloaded archive is unpacked: its limits, so that a hostile one cannot fill the disk. */
export interface ArchiveSpec {
  format: "tar.bz2";
  /** The most bytes its files may add up to once unpacked (the published total, with room). */
  maxUnpackedBytes: number;
  /** The most entries (files and folders) it may hold. */
  maxEntries: number;
}

/** A Parakeet or SenseVoice model. */
export interface RecogniserModelEntry {
  /** Registry name, as users and /v1 clients give it. */
  name: string;
  family: Exclude<RecogniserFamily, "whisper">;
  /** The file (Parakeet) or folder (SenseVoice) in the models folder. */
  fileName: string;
  /**
   * Other names the same model is found under in a models folder: the publisher's own file name
   * (saved by hand), the folder of another release of the same weights.
   */
  alsoFoundAs: readonly string[];
  /** The publisher's URL of what is downloaded: the model file, or an archive of the folder. */
  url: string;
  /** The name of the downloaded file (the last part of `url`), on a mirror too. */
  downloadName: string;
  /** The published size in bytes of the downloaded file. */
  sizeBytes: number;
  /**
   * The published SHA-256 of the downloaded file, or null where none could be found: such a
   * download is installed after its size and format checks but never reported as verified.
   */
  sha256: string | null;
  /** The download is an archive of the folder (SenseVoice), unpacked with these limits. */
  archive: ArchiveSpec | null;
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

// Sizes and SHA-256 values: the ones several independent projects pin for these exact files
// (ggml-org/parakeet-GGUF at revision 35156454d1a39de06863303dd209fd2bed6ee079; sherpa-onnx's
// `asr-models` release). This machine cannot reach the publishers to check them against a
// download of its own; a mismatch fails the download and deletes it, nothing is installed.
export const RECOGNISER_MODEL_REGISTRY: readonly RecogniserModelEntry[] = [
  {
    name: "parakeet-tdt-0.6b-v3",
    family: "parakeet",
    fileName: "parakeet-tdt-0.6b-v3-f16.bin",
    alsoFoundAs: ["ggml-parakeet-tdt-0.6b-v3-f16.bin"],
    // The f16 conversion whisper.cpp's parakeet-cli runs (matrices in f16, as the bench's shape).
    url: "https://huggingface.co/ggml-org/parakeet-GGUF/resolve/main/ggml-parakeet-tdt-0.6b-v3-f16.bin",
    downloadName: "ggml-parakeet-tdt-0.6b-v3-f16.bin",
    sizeBytes: 1_255_897_319,
    sha256: "833bffc9513b2cae867ee9e51633cfd11e4d51aaa5597c8ac02159385a2b426f",
    archive: null,
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
    // int8: 163 MB to download and a 239 MB model, against about 1 GB and 895 MB for float32
    // (docs/engine.md, "Which SenseVoice file").
    fileName: "sherpa-onnx-sense-voice-zh-en-ja-ko-yue-int8-2024-07-17",
    alsoFoundAs: ["sherpa-onnx-sense-voice-zh-en-ja-ko-yue-2024-07-17"],
    url: "https://github.com/k2-fsa/sherpa-onnx/releases/download/asr-models/sherpa-onnx-sense-voice-zh-en-ja-ko-yue-int8-2024-07-17.tar.bz2",
    downloadName: "sherpa-onnx-sense-voice-zh-en-ja-ko-yue-int8-2024-07-17.tar.bz2",
    sizeBytes: 163_002_883,
    sha256: "7d1efa2138a65b0b488df37f8b89e3d91a60676e416f515b952358d83dfd347e",
    // Published unpacked: 240,506,435 bytes (model.int8.onnx 239,233,841, tokens.txt 315,894,
    // test recordings, README, LICENSE, the export script).
    archive: { format: "tar.bz2", maxUnpackedBytes: 300_000_000, maxEntries: 100 },
    languages: SENSEVOICE_LANGUAGES,
    licence: {
      name: "FunASR Model Open Source License 1.1",
      url: "https://github.com/modelscope/FunASR/blob/main/MODEL_LICENSE",
      attribution: "SenseVoice-Small by Alibaba's FunAudioLLM team; ONNX export by sherpa-onnx.",
    },
    description: "Cantonese written as spoken, Mandarin, English, Japanese, Korean.",
  },
];

/** What the download code fetches for a Parakeet or SenseVoice entry. */
export function recogniserDownload(entry: RecogniserModelEntry): DownloadableFile {
  return {
    name: entry.name,
    fileName: entry.downloadName,
    sizeBytes: entry.sizeBytes,
    checksum: entry.sha256 ? { algorithm: "sha256", value: entry.sha256 } : null,
    url: entry.url,
  };
}

/** The entry a file or folder of the models folder is (by its name or another it goes by). */
export function recogniserEntryForFile(
  fileName: string,
  registry: readonly RecogniserModelEntry[] = RECOGNISER_MODEL_REGISTRY,
): RecogniserModelEntry | undefined {
  return registry.find((e) => e.fileName === fileName || e.alsoFoundAs.includes(fileName));
}

/** The Parakeet or SenseVoice entry of that name, or undefined. */
export function findRecogniserModel(
  name: string,
  registry: readonly RecogniserModelEntry[] = RECOGNISER_MODEL_REGISTRY,
): RecogniserModelEntry | undefined {
  return registry.find((entry) => entry.name === name);
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

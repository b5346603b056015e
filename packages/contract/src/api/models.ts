import { z } from "zod";
import { MODEL_FAMILIES } from "../model-families.js";

// The speech models a transcription can be asked to use, and how far one still being
// installed has got.

/**
 * One configured model's preparation, as /api/health and /api/models show it:
 * - `ready`: installed and valid;
 * - `queued` / `downloading`: the server is fetching it (one model at a time);
 * - `failed`: the download did not work; `instructions` says which file to put where;
 * - `missing`: not installed and not being fetched (MODELS_AUTO_DOWNLOAD=false, or a file path).
 */
export const ModelPreparationSchema = z.object({
  state: z.enum(["ready", "queued", "downloading", "failed", "missing"]),
  /** Whole percent downloaded (downloading: 0–99; ready: 100). */
  percent: z.number().optional().describe("Whole percent downloaded (0–100)."),
  receivedBytes: z.number().optional().describe("Bytes downloaded so far."),
  totalBytes: z.number().optional().describe("Size of the model file in bytes."),
  /** Why the download failed (failed only). */
  reason: z.string().optional(),
  /** What to do by hand (failed or missing): the file name, the folder and where to get it. */
  instructions: z.string().optional(),
  /** The file the server looks for. */
  fileName: z.string().optional(),
  /** The folder it looks in. */
  folder: z.string().optional(),
  /** Where the file can be downloaded from. */
  url: z.string().optional(),
});

/** One model of GET /api/models. */
export const ModelListing = z.object({
  /** The name to send as `model`. */
  id: z.string(),
  /** The engine's model it runs on (a registry name, or a model file's name). */
  engineModel: z.string(),
  /** Which model family runs it. */
  family: z
    .enum(MODEL_FAMILIES)
    .describe(
      "`whisper` (whisper.cpp), `parakeet` (NVIDIA Parakeet TDT: fast, 25 European languages) or `sensevoice` (SenseVoice: Cantonese written as spoken, Mandarin, English, Japanese, Korean).",
    ),
  /** The language codes it transcribes; null: every language Whisper knows. */
  languages: z
    .array(z.string())
    .nullable()
    .describe("The language codes it transcribes; null for every language Whisper knows."),
  installed: z.boolean(),
  description: z.string(),
  /** A configured model that is not installed yet: its download, or what to do by hand. */
  preparation: ModelPreparationSchema.optional(),
});

import { z } from "zod";
import { MODEL_FAMILIES } from "../model-families.js";
import { ModelPreparationSchema } from "./models.js";

// GET /api/health: whether each part of the service works, in plain words.

const Check = z.object({ ok: z.boolean(), detail: z.string() });

/** A model the server is configured to use (fast or accurate), as health reports it. */
export const ConfiguredModel = z.object({
  name: z.string(),
  /** The model family that runs it. */
  family: z.enum(MODEL_FAMILIES),
  installed: z.boolean(),
  /** Why a model given as a path cannot be used. */
  detail: z.string().optional(),
  /** Not installed: being downloaded (with progress), failed, or left to the admin. */
  preparation: ModelPreparationSchema.optional(),
});

export const HealthResponse = z.object({
  /** "preparing": everything works but a default model is still downloading (first start). */
  status: z.enum(["ok", "preparing", "degraded"]),
  database: Check,
  queue: Check.extend({
    /**
     * Jobs waiting in the whole fleet's queue (BullMQ's `wait` list and `prioritized` set), and
     * running: what an autoscaler scales workers on (deploy/kubernetes, KEDA). Absent when the
     * queue cannot be read.
     */
    waiting: z.number().int().optional(),
    running: z.number().int().optional(),
  }),
  ffmpeg: Check,
  engine: z.object({
    ok: z.boolean(),
    detail: z.string(),
    whisperVersion: z.string().optional(),
    backend: z
      .object({
        kind: z.enum(["cpu", "cuda", "vulkan"]),
        name: z.string(),
        fallback: z.string().optional(),
      })
      .optional(),
    /** Each model family and what runs it (e.g. whisper.cpp 1.9.1, sherpa-onnx 1.13.8). */
    recognisers: z
      .array(z.object({ family: z.enum(MODEL_FAMILIES), backend: z.string() }))
      .optional(),
  }),
  models: z.object({
    ok: z.boolean(),
    installed: z.array(z.string()),
    /** "preparing" while a default model downloads; "missing" when one needs the admin. */
    state: z.enum(["ready", "preparing", "missing"]),
    fast: ConfiguredModel,
    accurate: ConfiguredModel,
    hint: z.string().optional(),
    /**
     * Every model the server fetches on start, in the order it fetches them
     * (MODELS_DOWNLOAD_ORDER: Whisper base, SenseVoice-small, Parakeet, Whisper small by default),
     * each installed or with its download's progress. Older servers leave it out.
     */
    downloads: z.array(ConfiguredModel).optional(),
  }),
  /**
   * Whether the speaker models (diarization) are installed: without them an upload asking for
   * speakers is refused (503 DIARIZATION_MODEL_MISSING), so the upload form does not offer it.
   * Optional: they are an extra, not part of the service being up; older servers leave it out.
   */
  speakers: Check.optional(),
});

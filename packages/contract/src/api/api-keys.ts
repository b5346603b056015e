import { z } from "zod";
import { MAX_API_KEY_NAME } from "../limits.js";

// API keys: what the OpenAI-compatible API under /v1 is called with.

/** POST /api/keys. */
export const CreateApiKeyBody = z.object({
  /** A label the owner chooses ("laptop script"). */
  name: z
    .string()
    .trim()
    .min(1, "Name the key")
    .max(MAX_API_KEY_NAME, `At most ${MAX_API_KEY_NAME} characters`),
});

/** A key as lists show it: never the key itself. */
export const ApiKeyListing = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, to tell keys apart. */
  prefix: z.string(),
  createdAt: z.string().describe("ISO-8601 UTC time."),
  /** Null until a request uses it. */
  lastUsedAt: z.string().nullable().describe("ISO-8601 UTC time; null until a request uses it."),
});

/** The answer to creating a key: the only time the whole key is shown. */
export const CreatedApiKey = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  /** The whole key (`vb_…`): shown once, store it now. */
  key: z.string(),
  createdAt: z.string().describe("ISO-8601 UTC time."),
});

export const ApiKeyIdParams = z.object({ id: z.string().max(64) });

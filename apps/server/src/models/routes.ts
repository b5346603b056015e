import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ModelCatalog } from "./model-catalog.js";

/** Where a configured model's preparation stands (see ModelPreparationStatus). */
export const ModelPreparationSchema = z.object({
  state: z.enum(["ready", "queued", "downloading", "failed", "missing"]),
  percent: z.number().optional().describe("Whole percent downloaded (0–100)."),
  receivedBytes: z.number().optional().describe("Bytes downloaded so far."),
  totalBytes: z.number().optional().describe("Size of the model file in bytes."),
  reason: z.string().optional(),
  instructions: z.string().optional(),
  fileName: z.string().optional(),
  folder: z.string().optional(),
  url: z.string().optional(),
});

const ModelListing = z.object({
  /** The name to send as `model`. */
  id: z.string(),
  /** The whisper.cpp model it runs on. */
  engineModel: z.string(),
  installed: z.boolean(),
  description: z.string(),
  /** A configured model that is not installed yet: its download, or what to do by hand. */
  preparation: ModelPreparationSchema.optional(),
});

/** GET /api/models: the public names and every installed model, each saying if it can run. */
export function modelRoutes(models: ModelCatalog): FastifyPluginAsync {
  return async (plugin) => {
    plugin.withTypeProvider<ZodTypeProvider>().get(
      "/api/models",
      {
        schema: {
          summary: "Models that can be chosen for a transcription",
          tags: ["models"],
          response: { 200: z.array(ModelListing) },
        },
      },
      async () => models.list(),
    );
  };
}

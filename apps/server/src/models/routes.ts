import { ModelListing } from "@verbatim/contract/api";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ModelCatalog } from "./model-catalog.js";

/** GET /api/models: the public names and every installed model, each saying if it can run. */
export function modelRoutes(models: ModelCatalog): FastifyPluginAsync {
  return async (plugin) => {
    plugin.withTypeProvider<ZodTypeProvider>().get(
      "/api/models",
      {
        schema: {
          summary: "Models that can be chosen for a transcription",
          security: [],
          tags: ["models"],
          response: { 200: z.array(ModelListing) },
        },
      },
      async () => models.listForClients(),
    );
  };
}

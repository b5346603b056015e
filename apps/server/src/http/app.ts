import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { randomUUID } from "node:crypto";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { authRoutes, type AuthOptions } from "../auth/routes.js";
import { healthRoutes } from "../health/routes.js";
import { registerErrorHandling } from "./error-handler.js";

/** What the routes need: settings and the database. */
export interface AppContext {
  config: Config;
  db: Db;
  /** Auth settings tests override (rate limits, clock); defaults otherwise. */
  auth?: AuthOptions;
}

/** Builds the HTTP application (not listening yet). */
export async function buildApp(context: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: context.config.logLevel },
    genReqId: (request) => {
      const given = request.headers["x-request-id"];
      return typeof given === "string" && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  registerErrorHandling(app);

  await app.register(swagger, {
    openapi: {
      info: {
        title: "Verbatim API",
        version: "0.1.0",
        description: "Audio and video to subtitles and transcripts.",
      },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });

  await app.register(healthRoutes(context));
  await app.register(authRoutes(context));
  return app;
}

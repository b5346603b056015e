import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance } from "fastify";
import {
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { randomUUID } from "node:crypto";
import {
  billingContext,
  buildAppContext,
  startAppContext,
  type ContextOverrides,
} from "./app-context.js";
import type { Config } from "./config.js";
import type { Db } from "./db/database.js";
import { adminRoutes } from "./admin/routes.js";
import { adminSupportRoutes } from "./admin/support-routes.js";
import { apiKeyRoutes } from "./api-keys/routes.js";
import { registerCrossSiteCheck } from "./auth/cross-site-requests.js";
import { authRoutes } from "./auth/routes.js";
import { contactRoutes } from "./contact/routes.js";
import { healthRoutes } from "./health/routes.js";
import multipart from "@fastify/multipart";
import type { ModelCatalog } from "./models/model-catalog.js";
import type { ModelPreparation } from "./models/model-preparation.js";
import { devMailboxRoute } from "./mail/dev-mailbox-route.js";
import { modelRoutes } from "./models/routes.js";
import { answerOpenAINotFound } from "./openai/not-found.js";
import { openAIRoutes } from "./openai/routes.js";
import { subscriptionRoutes } from "./subscriptions/routes.js";
import { supportRoutes } from "./support/routes.js";
import { transcriptionEventsRoute } from "./transcriptions/events-route.js";
import { transcriptionRoutes } from "./transcriptions/routes.js";
import { batchRoute } from "./transcriptions/batch-route.js";
import { exportsRoute } from "./transcriptions/exports-route.js";
import { renderRequestRoutes } from "./renders/request-routes.js";
import { renderRoutes } from "./renders/render-routes.js";
import { translationRoutes } from "./translations/routes.js";
import { glossaryRoutes } from "./translations/glossary-routes.js";
import { insightRoutes } from "./insights/routes.js";
import { uploadRoutes } from "./uploads/routes.js";
import { urlImportRoutes } from "./url-import/routes.js";
import { webhookRoutes } from "./webhooks/routes.js";
import { voiceRoutes } from "./voices/routes.js";
import { billingRoutes } from "./billing/routes.js";
import { localCheckoutRoutes } from "./payments/local-checkout-routes.js";
import { stripeWebhookRoutes } from "./payments/stripe-webhook-routes.js";
import { accountRoutes } from "./users/routes.js";
import { serveWebApp } from "./web/serve-web-app.js";
import { shareOwnerRoutes } from "./sharing/owner-routes.js";
import { sharedRoutes } from "./sharing/shared-routes.js";
import { invitationRoutes } from "./teams/invitation-routes.js";
import { memberRoutes } from "./teams/member-routes.js";
import { teamRoutes } from "./teams/team-routes.js";
import { registerErrorHandling, registerNotFound } from "./http/error-handler.js";
import { responseSerializer } from "./http/response-serializer.js";
import { registerSecurityHeaders } from "./http/security-headers.js";
import { liveRoutes } from "./live/live-routes.js";
import { addNamedSchemas, nameOperations, nameSchemas } from "./http/openapi-docs.js";

/** What buildApp is given: the settings, the database, and what tests set differently. */
export interface AppOptions extends ContextOverrides {
  config: Config;
  db: Db;
  /** Hourly housekeeping, the daily report and billing's rollover; default on. */
  maintenance?: boolean;
}

/** Builds the HTTP application (not listening yet). */
export async function buildApp({
  config,
  db,
  maintenance,
  ...overrides
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    genReqId: (request) => {
      const given = request.headers["x-request-id"];
      return typeof given === "string" && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // Forwarded addresses only from the proxies TRUST_PROXY names: otherwise anyone could pick
    // the address that per-address limits (sign-in, contact) count against.
    trustProxy: trustProxyOption(config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  registerErrorHandling(app);
  acceptEmptyJsonBodies(app);
  await registerSecurityHeaders(app);
  registerCrossSiteCheck(app, config.publicUrl);

  nameSchemas();
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Verbatim API",
        version: "0.1.0",
        description: "Audio and video to subtitles and transcripts.",
      },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    },
    transform: jsonSchemaTransform,
    transformObject: addNamedSchemas,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });
  nameOperations(app);

  await app.register(multipart);

  const ctx = await buildAppContext(config, db, app.log, overrides);
  app.decorate("modelPreparation", ctx.modelPreparation);
  app.decorate("modelCatalog", ctx.models);
  const billing = billingContext(ctx);
  await app.register(healthRoutes(ctx));
  await app.register(authRoutes(ctx));
  await app.register(subscriptionRoutes(ctx));
  await app.register(modelRoutes(ctx.models));
  await app.register(transcriptionRoutes(ctx));
  await app.register(transcriptionEventsRoute(ctx));
  await app.register(exportsRoute(ctx));
  await app.register(renderRequestRoutes(ctx));
  await app.register(renderRoutes(ctx));
  await app.register(translationRoutes(ctx));
  await app.register(glossaryRoutes(ctx));
  await app.register(insightRoutes(ctx));
  await app.register(batchRoute(ctx));
  await app.register(shareOwnerRoutes(ctx));
  await app.register(sharedRoutes(ctx));
  await app.register(teamRoutes(ctx));
  await app.register(memberRoutes(ctx));
  await app.register(invitationRoutes(ctx));
  await app.register(uploadRoutes(ctx));
  await app.register(urlImportRoutes(ctx));
  await app.register(webhookRoutes(ctx));
  await app.register(voiceRoutes(ctx));
  await app.register(apiKeyRoutes(ctx));
  await app.register(openAIRoutes(ctx), { prefix: "/v1" });
  await app.register(billingRoutes(billing));
  if (ctx.payments.name === "local") await app.register(localCheckoutRoutes(ctx));
  if (ctx.payments.name === "stripe") await app.register(stripeWebhookRoutes(billing));
  await app.register(accountRoutes(ctx));
  await app.register(adminRoutes(ctx));
  await app.register(adminSupportRoutes(ctx));
  await app.register(contactRoutes(ctx));
  await app.register(supportRoutes(ctx));
  await app.register(liveRoutes(ctx, config.live));
  if (config.devMailbox) await app.register(devMailboxRoute(ctx));

  registerNotFound(app, [
    answerOpenAINotFound,
    await serveWebApp(app, config.webDir, config.publicUrl),
  ]);

  const running = await startAppContext(ctx, { maintenance: maintenance !== false });
  // Running jobs go back to the queue before Fastify waits for in-flight requests: an open
  // progress stream would otherwise hold the shutdown until its job finished.
  app.addHook("preClose", running.handBack);
  app.addHook("onClose", running.stop);
  return app;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The background download of missing default models (start-up summary, tests). */
    modelPreparation: ModelPreparation;
    /** The model catalogue the routes use (start-up summary). */
    modelCatalog: ModelCatalog;
  }
}

/** TRUST_PROXY as Fastify takes it: a hop count becomes "trust the nearest N proxies". */
function trustProxyOption(
  setting: Config["trustProxy"],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== "number") return setting;
  return (_address, hop) => hop < setting;
}

/**
 * Bodiless calls (logout, cancel) often still say `content-type: application/json`; Fastify
 * would refuse them with 400. An empty JSON body counts as none; anything else is parsed as
 * usual (prototype-poisoning checks included).
 */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text === "") return done(null, undefined);
    return parseJson(request, text, done);
  });
}

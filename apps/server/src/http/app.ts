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
import { scheduleDailyReport } from "../admin/daily-report.js";
import { adminRoutes } from "../admin/routes.js";
import { apiKeyRoutes } from "../api-keys/routes.js";
import { authRoutes, type AuthOptions } from "../auth/routes.js";
import { contactRoutes, type ContactOptions } from "../contact/routes.js";
import { healthRoutes } from "../health/routes.js";
import multipart from "@fastify/multipart";
import { createJobQueue } from "../jobs/job-queue.js";
import { createRateLimitStore } from "./rate-limit-store.js";
import { ModelCatalog } from "../models/model-choice.js";
import { ModelPreparation, type ModelPreparationOptions } from "../models/model-preparation.js";
import { devMailboxRoute } from "../mail/dev-mailbox-route.js";
import { modelRoutes } from "../models/routes.js";
import { openAIRoutes } from "../openai/routes.js";
import { scheduleMaintenance } from "../schedule/maintenance.js";
import { subscriptionRoutes } from "../subscriptions/routes.js";
import { transcriptionEventsRoute } from "../transcriptions/events-route.js";
import { transcriptionRoutes } from "../transcriptions/routes.js";
import type { TranscriptionServices } from "../transcriptions/service.js";
import { uploadRoutes } from "../uploads/routes.js";
import { voiceRoutes } from "../voices/routes.js";
import { billingRoutes } from "../billing/routes.js";
import { scheduleBillingRollover, type BillingServices } from "../billing/service.js";
import { createMailer } from "../mail/mailer.js";
import { createPaymentProvider } from "../payments/create-provider.js";
import { localCheckoutRoutes } from "../payments/local-checkout-routes.js";
import { stripeWebhookRoutes } from "../payments/stripe-webhook-routes.js";
import { accountRoutes } from "../users/routes.js";
import { serveWebApp } from "../web/serve-web-app.js";
import { registerErrorHandling, registerNotFound } from "./error-handler.js";
import { registerSecurityHeaders } from "./security-headers.js";
import { nameOperations } from "./openapi-docs.js";

/** What the routes need: settings and the database. */
export interface AppContext {
  config: Config;
  db: Db;
  /** Auth settings tests override (rate limits, clock); defaults otherwise. */
  auth?: AuthOptions;
  /** Contact-form settings tests override (rate limits); defaults otherwise. */
  contact?: ContactOptions;
  /** Hourly housekeeping (minute resets, expired uploads); default on. */
  maintenance?: boolean;
  /** Model downloads' registry and fetch (tests serve a small file from a local mirror). */
  modelDownloads?: ModelPreparationOptions;
}

/** Builds the HTTP application (not listening yet). */
export async function buildApp(context: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: context.config.logLevel },
    genReqId: (request) => {
      const given = request.headers["x-request-id"];
      return typeof given === "string" && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    // Forwarded addresses only from the proxies TRUST_PROXY names: otherwise anyone could pick
    // the address that per-address limits (sign-in, contact) count against.
    trustProxy: trustProxyOption(context.config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  registerErrorHandling(app);
  acceptEmptyJsonBodies(app);
  await registerSecurityHeaders(app);

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
  nameOperations(app);

  await app.register(multipart);

  // Missing default models are fetched in the background (MODELS_AUTO_DOWNLOAD); until one is
  // ready, requests for it answer MODEL_PREPARING instead of failing.
  const preparation = new ModelPreparation(context.config, app.log, context.modelDownloads);
  await preparation.start(context.config.models.autoDownload);
  const models = new ModelCatalog(context.config, preparation);
  app.decorate("modelPreparation", preparation);
  const jobs = createJobQueue({ db: context.db, config: context.config, log: app.log });
  const services: TranscriptionServices = {
    db: context.db,
    config: context.config,
    jobs,
    models,
    log: app.log,
    now: () => new Date(),
  };
  await app.register(healthRoutes(context, jobs, preparation));
  const rateLimits = createRateLimitStore(context.config, app.log);
  await app.register(authRoutes(context, rateLimits));
  await app.register(subscriptionRoutes(context));
  await app.register(modelRoutes(models));
  await app.register(transcriptionRoutes(services));
  await app.register(transcriptionEventsRoute(services));
  await app.register(uploadRoutes(services));
  await app.register(voiceRoutes(services));
  await app.register(apiKeyRoutes({ db: context.db }));
  await app.register(openAIRoutes(services, rateLimits), { prefix: "/v1" });
  const billing: BillingServices = {
    db: context.db,
    config: context.config,
    provider: createPaymentProvider(context.config, context.db),
    mailer: createMailer({ config: context.config, db: context.db, log: app.log }),
    log: app.log,
    now: () => new Date(),
  };
  await app.register(billingRoutes(billing));
  if (billing.provider.name === "local") {
    await app.register(localCheckoutRoutes({ db: context.db, now: billing.now }));
  }
  if (billing.provider.name === "stripe") {
    await app.register(stripeWebhookRoutes(billing));
  }
  await app.register(accountRoutes({ transcriptions: services, billing }));
  await app.register(adminRoutes(context));
  await app.register(contactRoutes(context, rateLimits));
  if (context.config.devMailbox) await app.register(devMailboxRoute(context));

  registerNotFound(app, await serveWebApp(app, context.config.webDir, context.config.publicUrl));

  await jobs.start();
  const stopMaintenance =
    context.maintenance === false
      ? () => undefined
      : scheduleMaintenance({ db: context.db, uploadDir: context.config.uploadDir, log: app.log });
  const stopDailyReport =
    context.maintenance === false
      ? () => undefined
      : scheduleDailyReport({ db: context.db, config: context.config, log: app.log });
  const stopBilling =
    context.maintenance === false ? () => undefined : scheduleBillingRollover(billing);
  // Running jobs go back to the queue before Fastify waits for in-flight requests: an open
  // progress stream would otherwise hold the shutdown until its job finished.
  app.addHook("preClose", async () => {
    await preparation.stop();
    await jobs.handBack();
  });
  app.addHook("onClose", async () => {
    stopMaintenance();
    stopBilling();
    billing.mailer.close();
    stopDailyReport();
    await jobs.stop();
    await rateLimits.close();
  });
  return app;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The background download of missing default models (start-up summary, tests). */
    modelPreparation: ModelPreparation;
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

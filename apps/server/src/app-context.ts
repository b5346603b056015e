import type { SharingOptions } from "./sharing/sharing-options.js";
import type { FastifyBaseLogger } from "fastify";
import { scheduleDailyReport } from "./admin/daily-report.js";
import { BackgroundWork } from "./background-work.js";
import type { AuthOptions } from "./auth/auth-options.js";
import type { BillingContext } from "./billing/billing-context.js";
import { scheduleBillingRollover } from "./billing/billing-schedule.js";
import type { Config } from "./config.js";
import type { ContactOptions } from "./contact/contact-options.js";
import type { Db } from "./db/database.js";
import type { HealthOptions } from "./health/health-options.js";
import { createRateLimitStore, type RateLimitStore } from "./http/rate-limit-store.js";
import { createJobQueue } from "./jobs/create-job-queue.js";
import type { JobQueue } from "./jobs/job-queue.js";
import { createMailer, type Mailer } from "./mail/mailer.js";
import { renderWorker, type RenderWorker } from "./renders/render-worker.js";
import { queuePendingTranslations } from "./translations/commands/queue-pending-translations.js";
import { queueRequestedTranslations } from "./translations/commands/queue-requested-translations.js";
import { translationWorker, type TranslationWorker } from "./translations/translation-worker.js";
import { insightWorker, type InsightWorker } from "./insights/insight-worker.js";
import { languageModelSource, type LanguageModelSource } from "./insights/language-model-source.js";
import { ModelCatalog } from "./models/model-catalog.js";
import { ModelPreparation, type ModelPreparationOptions } from "./models/model-preparation.js";
import { createPaymentProvider } from "./payments/create-provider.js";
import type { PaymentProvider } from "./payments/payment-provider.js";
import { removeOrphanUploads, scheduleMaintenance } from "./schedule/maintenance.js";
import { fileStoreOf } from "./storage/stored-files.js";
import {
  DEFAULT_COMMENT_MAIL_TIMING,
  scheduleCommentMails,
} from "./sharing/comment-notifications.js";
import { createSupportEvents, type SupportEventBus } from "./support/support-events.js";
import {
  DEFAULT_SUPPORT_MAIL_DELAY_MS,
  DEFAULT_SUPPORT_SWEEP_MS,
  scheduleSupportMails,
  type SupportOptions,
} from "./support/support-notifications.js";
import { dropUnfinishedClaims } from "./transcriptions/idempotency.js";
import { createDownloadProgress, type DownloadProgress } from "./url-import/download-progress.js";
import { WebhookDispatcher, type WebhookOptions } from "./webhooks/dispatcher.js";

// The composition root: every long-lived service (database, job queue, model catalogue, mailer,
// payment provider, rate-limit counters, clock) is built here, once, from the configuration, and
// handed to the route plugins and background schedules. Each consumer declares the narrow part it
// needs (TranscriptionContext, BillingContext, AuthContext…); this object has all of them.

/** What a worker process needs: the job queue and what running jobs takes. */
export interface WorkerContext {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  /** The clock. */
  now: () => Date;
  /** The job system: delivers jobs to workers, follows them, places them in the queue. */
  jobs: JobQueue;
  /** Captioned-video renders: their own queue (the renders table) and workers. */
  renders: RenderWorker;
  /** Translation jobs: their own queue (the translations table) and workers. */
  translations: TranslationWorker;
  /**
   * The language model of this process (LLM_* settings), made once on first use and shared by
   * translations, insights and questions (a local model loads once); null when none is set up.
   */
  languageModel: LanguageModelSource;
  /** Insights jobs: their own queue (the insights table) and workers. */
  insights: InsightWorker;
}

/** Everything the HTTP application's routes and schedules use. */
export interface AppContext extends WorkerContext {
  /** Public model names → installed engine models. */
  models: ModelCatalog;
  /** The background download of missing default models. */
  modelPreparation: ModelPreparation;
  /** One mailer (one SMTP pool) for sign-up, contact, billing and report e-mails. */
  mailer: Mailer;
  /** Work done after the answer (e-mails), awaited at shutdown before the mailer closes. */
  background: BackgroundWork;
  /** The configured payment provider (PAYMENT_PROVIDER). */
  payments: PaymentProvider;
  /** Rate-limit counters: in memory, or in Redis shared by every API process. */
  rateLimits: RateLimitStore;
  /** Sign-in settings tests override (rate limits, clock); defaults otherwise. */
  auth: AuthOptions;
  /** Contact-form settings tests override (rate limits); defaults otherwise. */
  contact: ContactOptions;
  /** Health-check settings tests and benchmarks override (rate limit); defaults otherwise. */
  health: HealthOptions;
  /** Live support chat: where its events go (in memory, or Redis for many processes). */
  supportEvents: SupportEventBus;
  /** Support-chat settings tests override (rate limit, e-mail delay); defaults otherwise. */
  support: SupportOptions;
  /** Webhook deliveries: written from ended jobs, sent and retried (docs/webhooks.md). */
  webhooks: WebhookDispatcher;
  /** Share-link settings tests override (rate limits); defaults otherwise. */
  sharing: SharingOptions;
  /** URL imports' download progress: this process's board, or Redis for many API processes. */
  importProgress: DownloadProgress;
}

/** What tests (and only tests) set differently from the configuration. */
export interface ContextOverrides {
  /** Auth settings tests override (rate limits, clock); defaults otherwise. */
  auth?: AuthOptions;
  /** Contact-form settings tests override (rate limits); defaults otherwise. */
  contact?: ContactOptions;
  /** Health-check settings tests and benchmarks override (rate limit); defaults otherwise. */
  health?: HealthOptions;
  /** Support-chat settings tests override (rate limit, e-mail delay); defaults otherwise. */
  support?: SupportOptions;
  /** Model downloads' registry and fetch (tests serve a small file from a local mirror). */
  modelDownloads?: ModelPreparationOptions;
  /** Webhook settings tests override (how often to look, retry timing); defaults otherwise. */
  webhooks?: WebhookOptions;
  /** Share-link settings tests override (password guesses, comments); defaults otherwise. */
  sharing?: SharingOptions;
  /** The language model (tests hand in a scripted one); from the LLM_* settings otherwise. */
  languageModel?: LanguageModelSource;
}

/** Builds what a worker process runs: the job queue (BullMQ with REDIS_URL, else embedded). */
export function buildWorkerContext(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  languageModel: LanguageModelSource = languageModelSource(config.languageModel, log),
): WorkerContext {
  const now = () => new Date();
  const translations = translationWorker({
    db,
    log,
    now,
    concurrency: config.translations.concurrency,
    alone: !config.redis,
    model: () => languageModel.get(),
  });
  const insights = insightWorker({
    db,
    log,
    now,
    languageModel,
    concurrency: config.insights.concurrency,
    alone: !config.redis,
    publicUrl: config.publicUrl,
  });
  const renders = renderWorker({
    db,
    log,
    now,
    uploadDir: config.uploadDir,
    files: fileStoreOf(config),
    concurrency: config.renders.concurrency,
    threads: config.renders.threads,
    niceness: config.renders.niceness,
    alone: !config.redis,
  });
  return {
    config,
    db,
    log,
    now,
    jobs: createJobQueue({
      db,
      config,
      log,
      now,
      // "Translate when done": the upload's languages are queued as its transcription completes.
      // The request is kept with the job (translations_pending): one this misses (the process
      // stopped first) is queued by maintenance's sweep (queuePendingTranslations).
      afterCompleted: async (jobId) => {
        await queueRequestedTranslations(
          { db, config, now, log, translations },
          { transcriptionId: jobId },
        );
      },
    }),
    renders,
    translations,
    languageModel,
    insights,
  };
}

/**
 * Builds every service of the HTTP application. Missing default models start downloading in
 * the background (MODELS_AUTO_DOWNLOAD); until one is ready, requests for it answer
 * MODEL_PREPARING instead of failing. Nothing else starts until startAppContext.
 */
export async function buildAppContext(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
  overrides: ContextOverrides = {},
): Promise<AppContext> {
  const modelPreparation = new ModelPreparation(config, log, overrides.modelDownloads);
  await modelPreparation.start(config.models.autoDownload);
  const worker = buildWorkerContext(config, db, log, overrides.languageModel);
  return {
    ...worker,
    models: new ModelCatalog(config, modelPreparation),
    modelPreparation,
    mailer: createMailer({ config, db, log }),
    background: new BackgroundWork(log),
    payments: createPaymentProvider(config, db),
    rateLimits: createRateLimitStore(config, log),
    auth: overrides.auth ?? {},
    contact: overrides.contact ?? {},
    health: overrides.health ?? {},
    supportEvents: createSupportEvents(config, log),
    support: overrides.support ?? {},
    webhooks: new WebhookDispatcher(worker, overrides.webhooks),
    sharing: overrides.sharing ?? {},
    importProgress: createDownloadProgress(config, log),
  };
}

/** How long a starting process waits for the rate-limit counters' Redis before going on. */
const RATE_LIMIT_CONNECT_WAIT_MS = 3_000;

/** A worker process at work (`npm run worker`): what it runs, and how it stops. */
export interface RunningWorker {
  /** Stops taking jobs (running ones go back to the queue) and sending webhooks. */
  stop(): Promise<void>;
}

/**
 * Starts a worker process's share of the work: its job workers, and the webhook dispatcher, so
 * that with many machines deliveries go out even from machines that take no requests (each
 * attempt claimed in the table by one process, whichever: docs/webhooks.md).
 */
export async function startWorker(
  ctx: WorkerContext,
  webhookOptions: WebhookOptions = {},
): Promise<RunningWorker> {
  const webhooks = new WebhookDispatcher(ctx, webhookOptions);
  await ctx.jobs.start();
  await ctx.renders.start();
  await ctx.translations.start();
  await ctx.insights.start();
  webhooks.start();
  return {
    stop: async () => {
      await webhooks.stop();
      await ctx.translations.stop();
      await ctx.insights.stop();
      await ctx.languageModel.close();
      await ctx.renders.stop();
      await ctx.jobs.stop();
    },
  };
}

/** Billing's view of the services: the payment provider under the name billing gives it. */
export function billingContext(ctx: AppContext): BillingContext {
  return { ...ctx, provider: ctx.payments };
}

/** How a running application is stopped, in two steps (see buildApp's shutdown hooks). */
export interface RunningContext {
  /** Stops taking jobs and downloads; running jobs go back to the queue. */
  handBack(): Promise<void>;
  /** Stops the schedules, then closes the queue, the mailer and the counters. */
  stop(): Promise<void>;
}

/**
 * Starts this process's workers and, unless `maintenance` is false (tests), the schedules:
 * hourly housekeeping, the daily report, billing's period rollover, the support chat's
 * e-mails about unread messages and the owners' e-mails about comments left through share links.
 */
export async function startAppContext(
  ctx: AppContext,
  { maintenance = true }: { maintenance?: boolean } = {},
): Promise<RunningContext> {
  const { db, config, log, jobs } = ctx;
  // Without Redis this is the one process taking requests (the embedded set-up): a claimed
  // Idempotency-Key with no job is one a previous run died taking in. With Redis, other API
  // processes may be taking theirs in now; their stale claims wait out CLAIM_TIMEOUT_MS.
  if (!config.redis) {
    const dropped = await dropUnfinishedClaims(db);
    if (dropped > 0) log.warn({ dropped }, "freed Idempotency-Keys a restart left in progress");
    // Likewise the files of requests a previous run died taking in (an upload no job holds):
    // nothing can be writing them now. With Redis another API process may be taking one in,
    // so they wait for the hourly sweep's ORPHAN_AGE_MS.
    const orphans = await removeOrphanUploads(db, config.uploadDir, new Date(), 0);
    if (orphans > 0) log.warn({ orphans }, "removed uploads a restart left behind");
  }
  // The first requests meet the limits shared with the other API processes, not this one's own.
  if (!(await ctx.rateLimits.connected(RATE_LIMIT_CONNECT_WAIT_MS)))
    log.warn("rate limits: Redis not reachable at start, counting in this process's memory");
  await jobs.start();
  await ctx.renders.start();
  await ctx.translations.start();
  await ctx.insights.start();
  ctx.webhooks.start();
  const stops = maintenance
    ? [
        scheduleMaintenance({
          db,
          uploadDir: config.uploadDir,
          files: fileStoreOf(config),
          log,
          pendingTranslations: () => queuePendingTranslations(ctx),
        }),
        scheduleDailyReport(ctx),
        scheduleBillingRollover(billingContext(ctx)),
        scheduleSupportMails(ctx, {
          delayMs: ctx.support.mailDelayMs ?? DEFAULT_SUPPORT_MAIL_DELAY_MS,
          sweepMs: ctx.support.sweepMs ?? DEFAULT_SUPPORT_SWEEP_MS,
        }),
        scheduleCommentMails(ctx, { ...DEFAULT_COMMENT_MAIL_TIMING, ...ctx.sharing.commentMails }),
      ]
    : [];
  return {
    handBack: async () => {
      await ctx.modelPreparation.stop();
      await ctx.renders.stop();
      await ctx.translations.stop();
      await ctx.insights.stop();
      await jobs.handBack();
    },
    stop: async () => {
      await Promise.all(stops.map((stop) => stop()));
      await ctx.webhooks.stop();
      await ctx.background.idle();
      ctx.mailer.close();
      await jobs.stop();
      await ctx.languageModel.close();
      await ctx.rateLimits.close();
      await ctx.supportEvents.close();
      await ctx.importProgress.close();
    },
  };
}

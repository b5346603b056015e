import { languageModelSettingsFromEnv, type LanguageModelSettings } from "@verbatim/llm";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { RoutingTable } from "@verbatim/engine";
import { z } from "zod";
import { isNetworkList } from "./net/address-rules.js";

const list = z
  .string()
  .default("")
  .transform((value) =>
    value
      .split(",")
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean),
  );

/** A model name, or "off" (null): a routing setting that can be turned off. */
const modelOrOff = (fallback: string) =>
  z
    .string()
    .trim()
    .min(1)
    .default(fallback)
    .transform((value) => (value.toLowerCase() === "off" ? null : value));

/**
 * Which model runs Fast, Accurate and Cantonese (the engine's routeModel reads it): Fast is
 * Parakeet for its languages and FAST_MODEL elsewhere; Accurate the preferred model when
 * installed, else ACCURATE_MODEL; Cantonese SenseVoice.
 */
function routingTable(env: {
  FAST_MODEL: string;
  ACCURATE_MODEL: string;
  FAST_PARAKEET_MODEL: string | null;
  ACCURATE_PREFERRED_MODEL: string | null;
  CANTONESE_MODEL: string | null;
}): RoutingTable {
  return {
    fastParakeet: env.FAST_PARAKEET_MODEL,
    fastWhisper: env.FAST_MODEL,
    accurate: [
      ...(env.ACCURATE_PREFERRED_MODEL ? [env.ACCURATE_PREFERRED_MODEL] : []),
      env.ACCURATE_MODEL,
    ],
    cantonese: env.CANTONESE_MODEL,
  };
}

/**
 * Where kept files go: null for the local folder (UPLOAD_DIR); for `s3://bucket/prefix`, the
 * bucket and the key prefix (ending in "/" when there is one).
 */
function storageSettings(
  url: string | undefined,
  forcePathStyle: boolean,
): { bucket: string; prefix: string; forcePathStyle: boolean } | null {
  if (!url) return null;
  const [bucket = "", ...rest] = url.slice("s3://".length).split("/");
  const prefix = rest.filter(Boolean).join("/");
  return { bucket, prefix: prefix ? `${prefix}/` : "", forcePathStyle };
}

/** What MODELS_DOWNLOAD_ORDER's words stand for: the model each routing setting names. */
const DOWNLOAD_ROLES = ["fast", "cantonese", "parakeet", "accurate", "accurate-preferred"] as const;

/**
 * The models to fetch on start, in order: each word of MODELS_DOWNLOAD_ORDER is a role (the
 * model its setting names; a role turned "off" or given as a file path is left out) or a model
 * name; each model once.
 */
function downloadOrder(env: {
  MODELS_DOWNLOAD_ORDER: string[];
  FAST_MODEL: string;
  ACCURATE_MODEL: string;
  FAST_PARAKEET_MODEL: string | null;
  ACCURATE_PREFERRED_MODEL: string | null;
  CANTONESE_MODEL: string | null;
}): string[] {
  const byRole: Record<(typeof DOWNLOAD_ROLES)[number], string | null> = {
    fast: env.FAST_MODEL,
    cantonese: env.CANTONESE_MODEL,
    parakeet: env.FAST_PARAKEET_MODEL,
    accurate: env.ACCURATE_MODEL,
    "accurate-preferred": env.ACCURATE_PREFERRED_MODEL,
  };
  const names = env.MODELS_DOWNLOAD_ORDER.map((word) =>
    (DOWNLOAD_ROLES as readonly string[]).includes(word)
      ? byRole[word as (typeof DOWNLOAD_ROLES)[number]]
      : word,
  );
  const isPath = (name: string) => /[/\\]|\.bin$/.test(name);
  return [...new Set(names)].filter((name): name is string => name !== null && !isPath(name));
}

/** Every setting of the server, read from the environment with embedded defaults. */
const ConfigSchema = z
  .object({
    /** HTTP port. */
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    /**
     * Interface to listen on. Default 127.0.0.1: only this machine reaches the server until you
     * choose otherwise (0.0.0.0 for every interface, e.g. behind a proxy or in a container).
     */
    HOST: z.string().trim().min(1).default("127.0.0.1"),
    /** "production" makes a missing SMTP_URL a start-up error and turns the dev mailbox off. */
    NODE_ENV: z.string().default("development"),
    /** Where all data lives by default: the database, uploads. */
    DATA_DIR: z.string().default("data"),
    /** `postgres://…` for PostgreSQL; otherwise a SQLite file path (default DATA_DIR/verbatim.db). */
    DATABASE_URL: z.string().optional(),
    /** PostgreSQL connections this process may open (many processes: keep the sum under the server's limit). */
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).optional(),
    /**
     * Where uploads are streamed before transcription. With the local store (no STORAGE_URL) the
     * kept files stay here too (every node must see it); with a bucket it is this process's
     * scratch folder only.
     */
    UPLOAD_DIR: z.string().optional(),
    /**
     * Where kept files live: unset (the local folder, UPLOAD_DIR) or `s3://bucket/prefix` (an S3
     * bucket; endpoint, region and credentials through the AWS SDK's own variables).
     */
    STORAGE_URL: z
      .string()
      .regex(
        /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/.*)?$/,
        "must be s3://bucket or s3://bucket/prefix",
      )
      .optional(),
    /** "true" for S3-compatible servers that address buckets by path (Garage, SeaweedFS, s3rver). */
    S3_FORCE_PATH_STYLE: z
      .enum(["true", "false"])
      .default("false")
      .transform((value) => value === "true"),
    /** Where whisper.cpp models are installed. */
    MODELS_DIR: z.string().default("models"),
    /**
     * Download FAST_MODEL and ACCURATE_MODEL in the background at start when they are missing
     * ("false" for fleets that provision the models folder themselves).
     */
    MODELS_AUTO_DOWNLOAD: z
      .enum(["true", "false"])
      .default("true")
      .transform((value) => value === "true"),
    /**
     * What MODELS_AUTO_DOWNLOAD fetches, one at a time in this order: roles (fast, cantonese,
     * parakeet, accurate, accurate-preferred: the model each routing setting names) or model names.
     */
    MODELS_DOWNLOAD_ORDER: z
      .string()
      .default("fast,cantonese,parakeet,accurate")
      .transform((value) =>
        value
          .split(",")
          .map((item) => item.trim())
          .filter(Boolean),
      ),
    /** Another server to download models from (a mirror): files are fetched as BASE/ggml-NAME.bin. */
    VERBATIM_MODEL_BASE_URL: z.url().optional(),
    /** Model behind the public name `whisper-1` (fast). */
    FAST_MODEL: z.string().default("base"),
    /** Model behind the public name `gpt-4o-transcribe` (accurate). */
    ACCURATE_MODEL: z.string().default("small"),
    /** Fast, in the languages it covers, when installed ("off": Fast is always FAST_MODEL). */
    FAST_PARAKEET_MODEL: modelOrOff("parakeet-tdt-0.6b-v3"),
    /** Accurate when installed, before ACCURATE_MODEL ("off": always ACCURATE_MODEL). */
    ACCURATE_PREFERRED_MODEL: modelOrOff("large-v3-turbo"),
    /** Cantonese (`yue`), when installed ("off": Cantonese runs on the accurate Whisper model). */
    CANTONESE_MODEL: modelOrOff("sensevoice-small"),
    /** Largest accepted upload in megabytes. */
    MAX_UPLOAD_MB: z.coerce.number().int().min(1).max(4096).default(100),
    /** `all`: API and workers in one process; `api`: HTTP only; `worker`: workers only (`npm run worker`). */
    ROLE: z.enum(["all", "api", "worker"]).default("all"),
    /** Redis for the job queue (BullMQ) and live progress across processes; unset: embedded queue. */
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
      .optional(),
    /** Prefix of every Redis key, so several deployments can share one Redis. */
    REDIS_PREFIX: z
      .string()
      .regex(/^[\w.-]+$/)
      .default("verbatim"),
    /** How long a worker's claim on a job lasts without renewal before others take the job over. */
    JOB_LOCK_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
    /** Transcriptions run at once by this process's workers (0: this process runs none). */
    WORKER_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(1),
    /** Decoder threads per transcription (default: every core). */
    ENGINE_THREADS: z.coerce.number().int().min(1).max(256).optional(),
    /** Captioned-video renders run at once by this process (0: it runs none); apart from transcriptions. */
    RENDER_CONCURRENCY: z.coerce.number().int().min(0).max(16).default(1),
    /** Export threads (PDF, DOCX, XLSX, … and the ZIP's files), kept loaded between exports. */
    EXPORT_THREADS: z.coerce.number().int().min(1).max(32).default(2),
    /** The heap one export thread may use, in MB: past it that export fails, not the server. */
    EXPORT_HEAP_MB: z.coerce.number().int().min(16).max(8192).default(512),
    /** Seconds one export file may take to write before its thread is stopped. */
    EXPORT_TIME_LIMIT_S: z.coerce.number().positive().max(3600).default(60),
    /** ffmpeg threads per render: a render leaves the other cores to transcriptions. */
    RENDER_THREADS: z.coerce.number().int().min(1).max(64).default(2),
    /** ffmpeg's niceness for renders (0 to 19): below the speech engine's, so transcriptions go first. */
    RENDER_NICENESS: z.coerce.number().int().min(0).max(19).default(15),
    /** Translation jobs run at once by this process (0: it runs none); each one request at a time to the language model. */
    TRANSLATION_CONCURRENCY: z.coerce.number().int().min(0).max(16).default(1),
    /** Insights jobs (summaries, chapters) run at once by this process (0: it runs none); docs/insights.md. */
    INSIGHTS_CONCURRENCY: z.coerce.number().int().min(0).max(16).default(1),
    /** Live captioning sessions one user may have open at a time (docs/live.md). */
    LIVE_SESSIONS_PER_USER: z.coerce.number().int().min(1).max(100).default(1),
    /** A live session that receives no audio this long is stopped and saved. */
    LIVE_IDLE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /**
     * Threads per live decode (the decodes of all live sessions take turns, so each may use the
     * cores): unset, the cores up to 8 (whisper.cpp gains little past 8).
     */
    LIVE_THREADS: z.coerce.number().int().min(1).max(64).optional(),
    /** Whisper's window for live decodes: "fitted" to the stretch (fast), or "full" (30 s, as uploads). */
    LIVE_WINDOW: z.enum(["fitted", "full"]).default("fitted"),
    /** Beam size (1 = greedy, faster; 5 = whisper.cpp's default, more accurate). */
    ENGINE_BEAM_SIZE: z.coerce.number().int().min(1).max(16).default(5),
    /** Re-decode unreliable windows at higher temperatures ("false" to turn off). */
    ENGINE_TEMPERATURE_FALLBACK: z
      .enum(["true", "false"])
      .default("true")
      .transform((value) => value === "true"),
    /**
     * SMTP server for e-mail (`smtp://user:pass@host:587`). Unset: every mail's links are printed
     * on the console and shown at /dev/mailbox (development only; production refuses to start).
     */
    SMTP_URL: z.string().optional(),
    /** Sender of e-mails. */
    MAIL_FROM: z.string().default("Verbatim <no-reply@verbatim.local>"),
    /** Address users reach the web app at, for links in e-mails. */
    PUBLIC_URL: z.string().optional(),
    /** The designated admin accounts, comma-separated e-mails. */
    ADMIN_EMAILS: list,
    /** Where contact-form messages go (reply-to is the sender). */
    SUPPORT_EMAIL: z.string().default("support@verbatim.local"),
    /**
     * "stripe", "local" (a built-in test checkout page: nothing is paid) or "none" (nothing can be
     * bought). Unset: "local" while the server listens on loopback only, otherwise "none".
     */
    PAYMENT_PROVIDER: z.enum(["local", "stripe", "none"]).optional(),
    /** Stripe secret key (sk_live_… or sk_test_…), for PAYMENT_PROVIDER=stripe. */
    STRIPE_SECRET_KEY: z.string().optional(),
    /** Signing secret of the Stripe webhook endpoint (whsec_…). */
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    /** Another Stripe API address (tests point it at a local stand-in): http://127.0.0.1:12111. */
    STRIPE_API_URL: z.url().optional(),
    /** The built web app (default: apps/web/dist of this repository). */
    WEB_DIR: z.string().optional(),
    /**
     * Which proxies' X-Forwarded-For/-Proto to believe: unset or "false" (default: none, the
     * client's own address counts), a hop count ("1": one load balancer in front), or the
     * proxies' addresses/CIDRs ("127.0.0.1,10.0.0.0/8"). "true" believes anyone: only behind a
     * proxy that overwrites the header, never on a server clients reach directly.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .default("false")
      .transform((value, context): boolean | number | string[] => {
        if (value === "" || value === "false") return false;
        if (value === "true") return true;
        if (/^\d+$/.test(value)) return Number(value);
        const addresses = value
          .split(",")
          .map((item) => item.trim())
          .filter(Boolean);
        if (addresses.every((item) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(item))) return addresses;
        context.addIssue({
          code: "custom",
          message:
            'must be "false", "true", a hop count, or proxy addresses/CIDRs separated by commas',
        });
        return z.NEVER;
      }),
    /**
     * Networks that URL import, webhooks and yt-dlp may reach although the address rules refuse
     * them (private, loopback…): CIDRs or addresses, comma-separated. Empty by default: only
     * public addresses (docs/url-import.md).
     */
    URL_IMPORT_ALLOWED_NETWORKS: z
      .string()
      .default("")
      .transform((value, context) => {
        const items = value
          .split(",")
          .map((item) => item.trim())
          .filter(Boolean);
        if (isNetworkList(items)) return items;
        context.addIssue({
          code: "custom",
          message: "must be CIDRs or addresses separated by commas",
        });
        return z.NEVER;
      }),
    /** Longest a URL import may take to download, in seconds. */
    URL_IMPORT_TIMEOUT_S: z.coerce
      .number()
      .int()
      .min(5)
      .max(6 * 3600)
      .default(600),
    /**
     * yt-dlp, for links to pages rather than media files: a path or a command on PATH; "off"
     * turns page links off. Unset: `yt-dlp` when it is installed.
     */
    YT_DLP: z.string().trim().default("yt-dlp"),
    /** pino log level. */
    LOG_LEVEL: z
      .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
      .default("info"),
  })
  .transform((env) => {
    const dataDir = resolve(env.DATA_DIR);
    const databaseUrl = env.DATABASE_URL ?? resolve(dataDir, "verbatim.db");
    return {
      port: env.PORT,
      host: env.HOST,
      dataDir,
      database: /^postgres(ql)?:\/\//.test(databaseUrl)
        ? ({
            kind: "postgres",
            url: databaseUrl,
            ...(env.DATABASE_POOL_MAX ? { poolMax: env.DATABASE_POOL_MAX } : {}),
          } as const)
        : ({
            kind: "sqlite",
            path: databaseUrl === ":memory:" ? databaseUrl : resolve(databaseUrl),
          } as const),
      uploadDir: resolve(env.UPLOAD_DIR ?? resolve(dataDir, "uploads")),
      storage: storageSettings(env.STORAGE_URL, env.S3_FORCE_PATH_STYLE),
      modelsDir: resolve(env.MODELS_DIR),
      models: {
        fast: env.FAST_MODEL,
        accurate: env.ACCURATE_MODEL,
        routing: routingTable(env),
        autoDownload: env.MODELS_AUTO_DOWNLOAD,
        downloads: downloadOrder(env),
        baseUrl: env.VERBATIM_MODEL_BASE_URL,
      },
      maxUploadBytes: env.MAX_UPLOAD_MB * 1024 * 1024,
      role: env.ROLE,
      redis: env.REDIS_URL ? { url: env.REDIS_URL, prefix: env.REDIS_PREFIX } : undefined,
      workers: {
        concurrency: env.ROLE === "api" ? 0 : env.WORKER_CONCURRENCY,
        lockMs: env.JOB_LOCK_MS,
        threads: env.ENGINE_THREADS ?? availableParallelism(),
        beamSize: env.ENGINE_BEAM_SIZE,
        temperatureFallback: env.ENGINE_TEMPERATURE_FALLBACK,
      },
      exports: {
        threads: env.EXPORT_THREADS,
        heapMb: env.EXPORT_HEAP_MB,
        timeMs: Math.round(env.EXPORT_TIME_LIMIT_S * 1000),
      },
      live: {
        sessionsPerUser: env.LIVE_SESSIONS_PER_USER,
        idleMs: env.LIVE_IDLE_SECONDS * 1000,
        threads: env.LIVE_THREADS ?? Math.min(8, availableParallelism()),
        window: env.LIVE_WINDOW,
      },
      renders: {
        concurrency: env.ROLE === "api" ? 0 : env.RENDER_CONCURRENCY,
        threads: env.RENDER_THREADS,
        niceness: env.RENDER_NICENESS,
      },
      translations: {
        concurrency: env.ROLE === "api" ? 0 : env.TRANSLATION_CONCURRENCY,
      },
      insights: { concurrency: env.ROLE === "api" ? 0 : env.INSIGHTS_CONCURRENCY },
      production: env.NODE_ENV === "production",
      smtpUrl: env.SMTP_URL,
      /** No SMTP outside production: mails are kept for /dev/mailbox and their links printed. */
      devMailbox: !env.SMTP_URL && env.NODE_ENV !== "production",
      mailFrom: env.MAIL_FROM,
      publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
      adminEmails: env.ADMIN_EMAILS,
      supportEmail: env.SUPPORT_EMAIL,
      webDir: resolve(env.WEB_DIR ?? fileURLToPath(new URL("../../web/dist", import.meta.url))),
      payments: {
        provider: env.PAYMENT_PROVIDER ?? (isLoopback(env.HOST) ? "local" : "none"),
        stripeSecretKey: env.STRIPE_SECRET_KEY,
        stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
        stripeApiUrl: env.STRIPE_API_URL,
      },
      trustProxy: env.TRUST_PROXY,
      urlImport: {
        allowedNetworks: env.URL_IMPORT_ALLOWED_NETWORKS,
        timeoutMs: env.URL_IMPORT_TIMEOUT_S * 1000,
        ytDlp: env.YT_DLP === "off" ? undefined : env.YT_DLP,
      },
      logLevel: env.LOG_LEVEL,
    };
  });

/** True for addresses only this machine can reach: 127.0.0.0/8, ::1, localhost. */
export function isLoopback(host: string): boolean {
  return /^127\.\d+\.\d+\.\d+$/.test(host) || host === "::1" || host === "localhost";
}

/** The server's typed settings. */
export type Config = z.output<typeof ConfigSchema> & {
  /** The language model translations use (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL, LLM_CONTEXT_SIZE…: docs/language-models.md). */
  languageModel: LanguageModelSettings;
};

/** Database settings: PostgreSQL by URL, or a SQLite file. */
export type DatabaseConfig = Config["database"];

/** Reads the configuration; an invalid setting stops start-up with one clear line per problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // `KEY=` (as a copied .env.example leaves it) means "use the default", not an empty value.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = ConfigSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join(".")}: ${issue.message}`,
    );
    throw new Error(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const { payments } = parsed.data;
  if (
    payments.provider === "stripe" &&
    !(payments.stripeSecretKey && payments.stripeWebhookSecret)
  ) {
    throw new Error(
      "Invalid configuration:\n  PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.",
    );
  }
  if (parsed.data.production && !parsed.data.smtpUrl) {
    throw new Error(
      "Invalid configuration:\n  NODE_ENV=production needs SMTP_URL: without it, sign-up confirmations and password resets would reach nobody.",
    );
  }
  if (parsed.data.role !== "all" && !parsed.data.redis) {
    throw new Error(
      `Invalid configuration:\n  ROLE=${parsed.data.role} needs REDIS_URL: API and worker processes find each other's jobs through Redis.`,
    );
  }
  let languageModel: LanguageModelSettings;
  try {
    languageModel = languageModelSettingsFromEnv(given);
  } catch (error) {
    throw new Error(`Invalid configuration:\n  ${(error as Error).message}`, { cause: error });
  }
  return { ...parsed.data, languageModel };
}

import type { FastifyInstance } from "fastify";
import type { AuthOptions } from "../../src/auth/auth-options.js";
import { loadConfig } from "../../src/config.js";
import type { Db } from "../../src/db/database.js";
import { buildApp, type AppOptions } from "../../src/app.js";
import { createTestDatabase, type DatabaseKind } from "../test-database.js";

/** A running API over real HTTP on a test database. */
export interface TestApi {
  app: FastifyInstance;
  db: Db;
  /** `http://127.0.0.1:port`. */
  base: string;
  /** POSTs JSON (or nothing) with optional extra headers. */
  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

/** Generous limits, so only the rate-limit tests ever meet one. */
export const RELAXED_LIMITS = {
  perIp: { max: 10_000, windowMs: 60_000 },
  perEmail: { max: 10_000, windowMs: 60_000 },
};

/**
 * Starts the API on a fresh database of that kind; `env` adds settings (SMTP_URL, ADMIN_EMAILS),
 * `context` other app settings (contact-form rate limits).
 */
export async function startTestApi(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  auth: AuthOptions = { rateLimits: RELAXED_LIMITS },
  context: Pick<
    AppOptions,
    "contact" | "modelDownloads" | "support" | "webhooks" | "sharing" | "languageModel"
  > = {},
): Promise<TestApi> {
  const database = await createTestDatabase(kind);
  const config = {
    ...loadConfig({
      LOG_LEVEL: "silent",
      MODELS_DIR: "/nonexistent-models",
      MODELS_AUTO_DOWNLOAD: "false",
      PUBLIC_URL: "https://verbatim.test",
      ...env,
    }),
    database: database.config,
  };
  const app = await buildApp({ config, db: database.db, auth, ...context });
  const base = await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    app,
    db: database.db,
    base,
    post: (path, body, headers = {}) =>
      fetch(`${base}${path}`, {
        method: "POST",
        headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** The `token` query parameter of the first link in an e-mail's text. */
export function tokenFromMail(text: string): { token: string; url: URL } {
  const link = text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in e-mail:\n${text}`);
  const url = new URL(link);
  const token = url.searchParams.get("token");
  if (!token) throw new Error(`no token in ${link}`);
  return { token, url };
}

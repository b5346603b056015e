import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { addressRulesOf } from "../url-import/fetch-linked-media.js";
import { DEFAULT_DELIVERY_TIMING, sendDueDeliveries, type DeliveryTiming } from "./deliver.js";
import { recordJobEvents } from "./job-events.js";

/** Settings tests change: how often to look, and the retry timing. */
export interface WebhookOptions {
  /** How often ended jobs and due deliveries are looked for (default 2 s). */
  sweepMs?: number;
  timing?: Partial<DeliveryTiming>;
}

/** What the dispatcher needs. */
export interface WebhookContext {
  db: Db;
  config: Pick<Config, "publicUrl" | "urlImport">;
  log: FastifyBaseLogger;
  now: () => Date;
}

/**
 * Writes the events of ended jobs as deliveries and sends the due ones, every `sweepMs`, in
 * every API process (claims in the table keep each attempt to one process); `wake` runs a
 * pass now (a test event, so it goes at once).
 */
export class WebhookDispatcher {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #again = false;
  #stopped = false;

  constructor(
    private readonly ctx: WebhookContext,
    private readonly options: WebhookOptions = {},
  ) {}

  start(): void {
    this.#stopped = false;
    this.#timer = setInterval(() => this.wake(), this.options.sweepMs ?? 2_000);
    this.#timer.unref();
    this.wake();
  }

  /** Runs a pass now (or right after the one under way). */
  wake(): void {
    if (this.#stopped || !this.#timer) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#pass()
      .catch((error: unknown) => this.ctx.log.warn({ err: error }, "webhook pass failed"))
      .finally(() => {
        this.#running = undefined;
        if (this.#again) {
          this.#again = false;
          this.wake();
        }
      });
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await this.#running;
  }

  async #pass(): Promise<void> {
    const { ctx } = this;
    await recordJobEvents(ctx.db, ctx.config.publicUrl, ctx.now());
    await sendDueDeliveries({
      ...ctx,
      rules: addressRulesOf(ctx.config),
      userAgent: `Verbatim-Webhooks (+${ctx.config.publicUrl})`,
      timing: { ...DEFAULT_DELIVERY_TIMING, ...this.options.timing },
    });
  }
}

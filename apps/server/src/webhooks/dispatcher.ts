import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config.js";
import type { Db } from "../db/database.js";
import { addressRulesOf } from "../url-import/fetch-linked-media.js";
import {
  DEFAULT_DELIVERY_LIMITS,
  DEFAULT_DELIVERY_TIMING,
  fairDueDeliveries,
  sendDelivery,
  type DeliveryContext,
  type DeliveryLimits,
  type DeliveryTiming,
} from "./deliver.js";
import { recordJobEvents } from "./job-events.js";
import { recordTranslationEvents } from "./translation-events.js";
import { repeatEvery, type RepeatingPass } from "../schedule/repeat-every.js";

/** Settings tests change: how often to look, and the retry timing. */
export interface WebhookOptions {
  /** How often ended jobs and due deliveries are looked for (default 2 s). */
  sweepMs?: number;
  timing?: Partial<DeliveryTiming>;
  limits?: Partial<DeliveryLimits>;
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
 * pass now (a test event, so it goes at once). A pass starts attempts and does not wait for
 * them: up to `limits.concurrency` run at once, at most `limits.perAccount` of one account's,
 * chosen in turns across accounts (`fairDueDeliveries`), and each one that ends wakes a pass.
 * So a receiver that never answers holds only its own account's share of the line.
 */
export class WebhookDispatcher {
  #passes: RepeatingPass | undefined;
  /** Attempts under way: delivery id → account. */
  readonly #inFlight = new Map<string, string>();
  readonly #attempts = new Set<Promise<void>>();

  constructor(
    private readonly ctx: WebhookContext,
    private readonly options: WebhookOptions = {},
  ) {}

  start(): void {
    this.#passes = repeatEvery(this.options.sweepMs ?? 2_000, () => this.#pass(), {
      onError: (error) => this.ctx.log.warn({ err: error }, "webhook pass failed"),
      atStart: true,
    });
  }

  /** Runs a pass now (or right after the one under way); nothing before start or after stop. */
  wake(): void {
    this.#passes?.runNow();
  }

  /**
   * Writes the events of a job that has just ended and is about to be deleted (the sweep
   * would not find its row any more), then sends them.
   */
  async recordEnded(jobId: string): Promise<void> {
    await recordJobEvents(this.ctx.db, this.ctx.config.publicUrl, this.ctx.now(), jobId);
    this.wake();
  }

  async stop(): Promise<void> {
    await this.#passes?.stop();
    await Promise.all(this.#attempts);
  }

  async #pass(): Promise<void> {
    const { ctx, options } = this;
    await recordJobEvents(ctx.db, ctx.config.publicUrl, ctx.now());
    await recordTranslationEvents(ctx.db, ctx.config.publicUrl, ctx.now());
    const limits = { ...DEFAULT_DELIVERY_LIMITS, ...options.limits };
    const busy = new Map<string, number>();
    for (const userId of this.#inFlight.values()) busy.set(userId, (busy.get(userId) ?? 0) + 1);
    const due = await fairDueDeliveries(ctx.db, ctx.now(), busy, {
      slots: limits.concurrency - this.#inFlight.size,
      perAccount: limits.perAccount,
    });
    const deliveryCtx: DeliveryContext = {
      ...ctx,
      rules: addressRulesOf(ctx.config),
      userAgent: `Verbatim-Webhooks (+${ctx.config.publicUrl})`,
      timing: { ...DEFAULT_DELIVERY_TIMING, ...options.timing },
    };
    for (const { id, user_id } of due) {
      if (this.#inFlight.has(id)) continue;
      this.#inFlight.set(id, user_id);
      const attempt = sendDelivery(deliveryCtx, id)
        .catch((error: unknown) => ctx.log.warn({ err: error, id }, "webhook attempt failed"))
        .then(() => {
          this.#inFlight.delete(id);
          this.#attempts.delete(attempt);
          this.wake(); // a slot is free
        });
      this.#attempts.add(attempt);
    }
  }
}

import type { Generated } from "kysely";

// One schema for SQLite and PostgreSQL: ids are UUID text, times are ISO-8601 UTC text
// (they sort correctly as text), durations and minutes are integer seconds.

/** A person with an account. */
export interface UsersTable {
  id: string;
  email: string;
  name: string | null;
  /** scrypt hash (`scrypt$N$r$p$salt$hash`), null until the set-up link is used. */
  password_hash: string | null;
  /** Interface language chosen at sign-up, for e-mails: "en" or "zh-HK". */
  locale: string;
  created_at: string;
  updated_at: string;
}

/** Session, refresh and one-time tokens; only a SHA-256 of each token is stored. */
export interface AuthTokensTable {
  token_hash: string;
  user_id: string;
  /** "session", "reset" or "setup". */
  kind: string;
  expires_at: string;
  /** Set when a one-time token is used or a session is revoked. */
  used_at: string | null;
  created_at: string;
}

/** Every e-mail the service sends, kept whether or not SMTP is configured. */
export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** "logged" (no SMTP), "sent" or "failed". */
  status: string;
  error: string | null;
  created_at: string;
}

/** A user's plan; one current row per user. */
export interface SubscriptionsTable {
  id: string;
  user_id: string;
  /** "free", "basic", "standard" or "pro". */
  plan_type: string;
  /** "active", "inactive", "cancelled" or "incomplete". */
  status: string;
  current_period_start: string;
  /** Null for Free, which resets monthly from the period start. */
  current_period_end: string | null;
  /** Payment provider's subscription id, when paid. */
  provider_subscription_id: string | null;
  created_at: string;
  updated_at: string;
}

/** The minutes ledger (DESIGN.md §5): every change of a user's minutes, in seconds. */
export interface MinuteLedgerTable {
  id: Generated<number>;
  user_id: string;
  /** "grant", "reserve", "charge", "release", "reset", "purchase" or "forfeit". */
  kind: string;
  /** "plan" or "pack": which pool the entry moves. */
  pool: string;
  /** Signed change in seconds. */
  seconds: number;
  /** Unique: a replayed request or retried job never counts twice. */
  idempotency_key: string;
  /** What caused it (a job id, a payment session id). */
  reference: string | null;
  created_at: string;
}

/** The whole database, for Kysely. */
export interface Database {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  mail_outbox: MailOutboxTable;
  subscriptions: SubscriptionsTable;
  minute_ledger: MinuteLedgerTable;
}

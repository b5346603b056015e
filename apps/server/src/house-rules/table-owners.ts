// Who writes which table: the source of truth. Each table names its one writer, a file or a
// folder (ending in `/`, e.g. a `commands/` folder), the only code that may insert into it,
// update it or delete from it; everyone else asks that owner's verbs. The rules test
// (house-rules.test.ts) fails on any other writer, and checks the table "Who writes which table"
// in docs/architecture.md against this map. A new table gets its owner here (the type below
// refuses a table of the schema without one).
import type { Database } from "../db/schema.js";

/** Each table's one writer, by path from `apps/server/src`. */
export const TABLE_OWNERS = {
  users: "users/repo.ts",
  auth_tokens: "auth/tokens.ts",
  mail_outbox: "mail/mailer.ts",
  subscriptions: "billing/subscription-changes.ts",
  minute_ledger: "minutes/ledger-entries.ts",
  transcriptions: "jobs/lifecycle/",
  deleted_job_usage: "jobs/lifecycle/",
  upload_sessions: "uploads/upload-sessions.ts",
  upload_chunks: "uploads/upload-sessions.ts",
  idempotency_keys: "transcriptions/idempotency.ts",
  checkout_sessions: "billing/checkout-repo.ts",
  payment_events: "billing/checkout-repo.ts",
  contact_messages: "contact/receive-contact-message.ts",
  api_keys: "api-keys/repo.ts",
  task_runs: "schedule/once-per-period.ts",
  voices: "voices/voice-library.ts",
  support_messages: "support/conversations.ts",
  webhooks: "webhooks/webhook-store.ts",
  webhook_signing_secrets: "webhooks/job-events.ts",
  job_callbacks: "webhooks/job-events.ts",
  webhook_job_events: "webhooks/job-events.ts",
  webhook_deliveries: "webhooks/webhook-store.ts",
  share_links: "sharing/share-links.ts",
  share_comments: "sharing/comments.ts",
  teams: "teams/teams-repo.ts",
  team_members: "teams/teams-repo.ts",
  team_invitations: "teams/invitations.ts",
  renders: "renders/render-store.ts",
  translations: "translations/translation-store.ts",
  glossaries: "translations/glossary-store.ts",
  insights: "insights/insight-store.ts",
  insight_questions: "insights/insight-store.ts",
  live_sessions: "live/live-store.ts",
} as const satisfies Record<keyof Database, string>;

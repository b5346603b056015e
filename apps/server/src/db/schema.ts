import type { ColumnType, Generated } from "kysely";
import type { ModelFamily } from "@verbatim/contract";

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
  /** 1: e-mail the user about comments left through their share links (default); 0: don't. */
  comment_mails: number;
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
  /** 1 when the plan ends at the period end (a downgrade from Standard or Pro), else 0. */
  cancel_at_period_end: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** The minutes ledger (docs/architecture.md): every change of a user's minutes, in seconds. */
export interface MinuteLedgerTable {
  id: Generated<number>;
  user_id: string;
  /** "grant", "reserve", "charge", "release", "reset", "purchase", "forfeit" or "admin_grant". */
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

/** A request that started paid work under an Idempotency-Key (one per user and key, a day). */
export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  /** SHA-256 of what the request sent (route, fields, file bytes). */
  fingerprint: string;
  /** The job it made; null while the first request is still being taken in. */
  transcription_id: string | null;
  created_at: string;
}

/** A transcription job and, once done, its result. */
/** The usage figures of a job that was deleted (no name, text, file or owner). */
export interface DeletedJobUsageTable {
  id: string;
  status: string;
  error_code: string | null;
  duration_ms: number;
  charged_seconds: number | null;
  created_at: string;
  finished_at: string | null;
}

export interface TranscriptionsTable {
  id: string;
  user_id: string;
  /**
   * The transcription's name: the file's name as uploaded until the owner renames it (shown in
   * history, used for download names).
   */
  file_name: string;
  /** The media file's name as uploaded, kept through renames (null on rows from before 0025). */
  media_file_name: string | null;
  /** "queued", "processing", "completed", "failed" or "cancelled". */
  status: string;
  /** The public model name the client asked for (`whisper-1`, `gpt-4o-transcribe`, …). */
  model: string;
  /** The engine model it ran on (a registry name or a file path). */
  engine_model: string;
  /** Its model family (whisper, parakeet, sensevoice); null for jobs from before families. */
  model_family: ColumnType<ModelFamily | null, ModelFamily | null | undefined, ModelFamily | null>;
  /** The job's engine options as JSON (language, task, word timestamps, Chinese script). */
  options_json: string;
  /** The uploaded media while the job waits or runs; null once deleted. */
  media_path: string | null;
  /** A small audio copy of a finished job for the editor's player; null when there is none. */
  audio_path: ColumnType<string | null, string | null | undefined, string | null>;
  /** Once completed: the name and text in lower case, for history search. */
  search_text: ColumnType<string | null, string | null | undefined, string | null>;
  /** While running: the segments recognised so far, as JSON (start, end, text). */
  partial_json: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the audio copy is deleted (the plan's retention after completion). */
  audio_expires_at: ColumnType<string | null, string | null | undefined, string | null>;
  media_bytes: number;
  /**
   * The intake's probe of the media and the identity of the file it read (the engine's
   * ProbedMedia as JSON), handed to the engine so that a job is probed once; null on rows from
   * before 0031.
   */
  media_probe_json: ColumnType<string | null, string | null | undefined, string | null>;
  /** Probed duration at upload; the decoded duration once completed. */
  duration_ms: number;
  /** Detected (or requested) spoken language. */
  language: string | null;
  /** The cues as JSON, once completed (and after edits). */
  cues_json: string | null;
  /** Once completed: Whisper's segments as JSON (StoredSegment[]: times in ms, token ids). */
  segments_json: ColumnType<string | null, string | null | undefined, string | null>;
  /** Once diarized: the speakers as JSON (StoredSpeaker[]); null when not diarized. */
  speakers_json: ColumnType<string | null, string | null | undefined, string | null>;
  /** How many speakers the list holds, for history; null when not diarized. */
  speaker_count: ColumnType<number | null, number | null | undefined, number | null>;
  /** The video's timecode rate ("25", "29.97"…); null for audio or an unusual rate. */
  video_frame_rate: ColumnType<string | null, string | null | undefined, string | null>;
  /** Shot changes found in the video: a JSON array of times in ms; null for none looked for. */
  shot_changes_json: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * 1 while the upload's "translate when done" languages (`translateTo`) wait to be queued, 0
   * once they are or when none were asked (0033).
   */
  translations_pending: ColumnType<number, number | undefined, number>;
  /** 0..1 of the media transcribed. */
  progress: number;
  /**
   * How far into the media (ms) the text delivered while the job ran reaches: what a job that
   * stops before completing is charged for (0: nothing delivered, nothing charged).
   */
  transcribed_ms: ColumnType<number, number | undefined, number>;
  /** What the job's settlement charged, in seconds; null until it is settled. */
  charged_seconds: ColumnType<number | null, number | null | undefined, number | null>;
  eta_ms: number | null;
  error_code: string | null;
  error_message: string | null;
  /** The batch the file was sent in (the client's id for files sent together); null alone. */
  batch_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The team it belongs to (docs/teams.md); null: its uploader's own. */
  team_id: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * The account whose minutes pay for it (the team owner's for a team's job); null for jobs
   * from before teams, paid by `user_id`.
   */
  payer_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** How many times a worker has started the job. */
  attempts: number;
  worker_id: string | null;
  heartbeat_at: string | null;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  finished_at: string | null;
}

/** A chunked upload in progress; it belongs to one user and expires after 24 hours. */
export interface UploadSessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  /** When it expires if no further chunk comes (pushed back by each chunk, up to a day). */
  expires_at: string;
  /** "open" (takes chunks) or "combining" (one combine request holds it). */
  state: ColumnType<string, string | undefined, string>;
  /** How many chunks the chunks said the file has (their `totalChunks`); null when none said. */
  declared_chunks: ColumnType<number | null, number | null | undefined, number | null>;
}

/** One received chunk; its bytes live under the upload folder, named by session and index. */
export interface UploadChunksTable {
  session_id: string;
  chunk_index: number;
  bytes: number;
  created_at: string;
  /** A bucket's location of the chunk (STORAGE_URL); null: in the upload folder (chunkPath). */
  location: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A hosted checkout started with a payment provider (the billing issue fills it in). */
export interface CheckoutSessionsTable {
  id: string;
  user_id: string;
  /** "stripe" or "local". */
  provider: string;
  provider_session_id: string;
  /** "plan" or "pack". */
  kind: string;
  /** The plan type or pack size bought. */
  product: string;
  amount_cents: number;
  /**
   * "open", "paid" (the local test page took the card), "completed" (granted), "failed",
   * "expired" (the provider let it lapse unpaid), or for a pack paid after the account moved to
   * Free, or a plan paid after the plan it was priced against changed: "refunding" (decided),
   * then "refunded".
   */
  status: string;
  created_at: string;
  completed_at: string | null;
  /** Where the hosted page sends the buyer back (the local provider's page needs them). */
  success_url: string | null;
  cancel_url: string | null;
  /** The provider's subscription, for plan purchases. */
  provider_subscription_id: string | null;
  /**
   * For plan purchases: the plan the price was quoted against (`planBasis`); a payment
   * confirmed after it changed is refunded. Null for packs and for checkouts made before.
   */
  quoted_plan: string | null;
}

/** Webhook events already handled, so a replayed event changes nothing. */
export interface PaymentEventsTable {
  id: string;
  provider: string;
  type: string;
  received_at: string;
}

/** A message sent through the contact form; it is also e-mailed to support. */
export interface ContactMessagesTable {
  id: string;
  /** The sender's account when they were signed in. */
  user_id: string | null;
  name: string;
  /** The sender's address: the reply-to of the mail to support. */
  email: string;
  /** One of the form's subjects ("General Inquiry", "Technical Support", …). */
  subject: string;
  message: string;
  /** The sender's interface language: "en" or "zh-HK". */
  locale: string;
  created_at: string;
}

/** A personal API key for the OpenAI-compatible API (`/v1`); only its SHA-256 is stored. */
/** A scheduled task's run for one period (once across the fleet). */
export interface TaskRunsTable {
  task: string;
  period: string;
  ran_at: string;
  runner: string;
}

export interface ApiKeysTable {
  id: string;
  user_id: string;
  /** The owner's label for it ("laptop script"). */
  name: string;
  /** The key's first characters (`vb_AbC1dEf2`), shown in lists so the owner can tell keys apart. */
  prefix: string;
  /** SHA-256 of the whole key, base64url; unique. */
  key_hash: string;
  created_at: string;
  /** When a request last used it; null until then. */
  last_used_at: string | null;
  /** When the owner revoked it; a revoked key no longer works. */
  revoked_at: string | null;
}

/**
 * A voice a user saved under a name: the speaker embedding of a short clip, never the audio.
 * Later diarized transcriptions of theirs label a matching speaker with the name.
 */
export interface VoicesTable {
  id: string;
  user_id: string;
  name: string;
  /** The name trimmed and in lower case: unique per user. */
  name_key: string;
  /** The embedding vector, a JSON array of numbers. */
  embedding_json: string;
  /** The embedding model that made it (vectors of different models do not compare). */
  model: string;
  /** Length of the speech it was made from, in milliseconds. */
  duration_ms: number;
  created_at: string;
}

/** One message of a user's support conversation (live chat), from the user or from support. */
export interface SupportMessagesTable {
  id: string;
  /** The user whose conversation it is. */
  user_id: string;
  /** "user" or "support". */
  sender: "user" | "support";
  /** The admin who wrote it (support messages); null for the user's. */
  admin_id: string | null;
  body: string;
  /** One of the user's transcriptions they linked; kept as the id when it is deleted later. */
  transcription_id: string | null;
  created_at: string;
  /** When the other side read it; null while unread. */
  read_at: string | null;
  /** When the e-mail telling the other side about it was claimed (sent once, restart-safe). */
  notified_at: string | null;
}

/** A user's webhook endpoint (docs/webhooks.md). */
export interface WebhooksTable {
  id: string;
  user_id: string;
  url: string;
  /** The event types it receives, a JSON array. */
  events_json: string;
  /** Signs its deliveries (HMAC-SHA256); shown once, when it is made. */
  secret: string;
  created_at: string;
}

/** The secret that signs a user's per-request callbacks (`callback_url`). */
export interface WebhookSigningSecretsTable {
  user_id: string;
  secret: string;
  created_at: string;
}

/** The URL a request asked to be called back at when its job ends. */
export interface JobCallbacksTable {
  transcription_id: string;
  user_id: string;
  url: string;
  created_at: string;
}

/** An ended job whose webhook events were written (once, across processes). */
export interface WebhookJobEventsTable {
  transcription_id: string;
  recorded_at: string;
}

/** One event for one endpoint: sent, retried with back-off for a day, or given up. */
export interface WebhookDeliveriesTable {
  /** Sent as `Verbatim-Delivery` (the same on every attempt). */
  id: string;
  user_id: string;
  /** The endpoint; null for a per-request callback. */
  webhook_id: string | null;
  transcription_id: string | null;
  event_id: string;
  event_type: string;
  url: string;
  /** The exact body sent (and signed). */
  payload: string;
  status: "pending" | "delivered" | "failed";
  attempts: Generated<number>;
  next_attempt_at: string;
  /** A process sending it holds it until then. */
  claimed_until: string | null;
  last_attempt_at: string | null;
  response_status: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
}

/** A read-only link to one transcription (docs/sharing.md). */
export interface ShareLinksTable {
  id: string;
  transcription_id: string;
  /** The owner (who made it). */
  user_id: string;
  /** 256 random bits, base64url: the link's address; shown to the owner only. */
  token: string;
  /** scrypt hash of the link's password; null: none. */
  password_hash: string | null;
  /** 1 or 0. */
  allow_download: number;
  /** 1 or 0. */
  allow_comments: number;
  /** 1: the page shows the owner's short summary and chapters (default); 0: it leaves them off. */
  show_overview: number;
  /** Null: until revoked. */
  expires_at: string | null;
  created_at: string;
}

/** A live captioning session (docs/live.md). */
export interface LiveSessionsTable {
  id: string;
  user_id: string;
  /** `open` while it runs; `stopped` once saved as a transcription; `ended` (nothing saved). */
  status: "open" | "stopped" | "ended";
  language: string;
  /** The model name asked for, and the one that runs and its family. */
  model: string;
  engine_model: string;
  model_family: string;
  /** 256 random bits, base64url: the watch link's address (/l/{token}). */
  watch_token: string;
  /** scrypt hash of the watch link's password; null: none. */
  watch_password_hash: string | null;
  /** Null: while the session lasts. */
  watch_expires_at: string | null;
  /** 1 while the speaker has paused the captions for viewers. */
  paused: number;
  /** Audio captured and stored (ms). */
  captured_ms: number;
  /** Reservation steps taken in the ledger (each LIVE_STEP_SECONDS). */
  reserved_steps: number;
  /** The captured audio (16 kHz mono 16-bit PCM) while the session runs. */
  audio_path: string;
  /** The final text so far (segments with word timings), for the transcription it becomes. */
  finals_json: string;
  transcription_id: string | null;
  created_at: string;
  heartbeat_at: string;
  ended_at: string | null;
}

/** A time-coded comment (or reply) on a transcription, from a link's viewer or the owner. */
export interface ShareCommentsTable {
  id: string;
  transcription_id: string;
  /** The link it came through; null for the owner's, or once that link was revoked. */
  share_link_id: string | null;
  parent_id: string | null;
  /** The name the viewer typed (the owner's display name for theirs). */
  author_name: string;
  /** 1 when the owner wrote it. */
  by_owner: number;
  body: string;
  start_ms: number;
  end_ms: number;
  cue_id: number | null;
  resolved_at: string | null;
  /**
   * The owner's e-mail about it: "pending" (a viewer's, not yet in one), "sent", "skipped" (the
   * owner turned these e-mails off); null for the owner's and members' own (never mailed).
   */
  owner_mail: string | null;
  created_at: string;
}

/** A team (docs/teams.md): its owner's plan and packs pay for its transcriptions. */
export interface TeamsTable {
  id: string;
  name: string;
  /** The owner (billing); also a member with the role "owner". */
  owner_id: string;
  created_at: string;
}

/** A member of a team and their role ("owner", "admin", "member" or "viewer"). */
export interface TeamMembersTable {
  team_id: string;
  user_id: string;
  role: string;
  joined_at: string;
}

/** An invitation by e-mail to join a team with a role; only a SHA-256 of its token is kept. */
export interface TeamInvitationsTable {
  id: string;
  team_id: string;
  /** The address invited (lower case); only an account with it may accept. */
  email: string;
  role: string;
  token_hash: string;
  invited_by: string | null;
  expires_at: string;
  /** Set once accepted (an invitation works once). */
  accepted_at: string | null;
  created_at: string;
}

/** A captioned-video render of a transcription (docs/captioned-video.md). */
/** An insights job of a transcription and, once completed, the insights (docs/insights.md). */
export interface InsightsTable {
  id: string;
  user_id: string;
  transcription_id: string;
  /** queued | running | completed | failed | cancelled. */
  status: string;
  /** What was asked (InsightsBody: language, Chinese script) as JSON. */
  options_json: string;
  /** Percent done, 0..100. */
  progress: ColumnType<number, number | undefined, number>;
  /** `sections` or `combining` while running. */
  stage: string | null;
  /** Seconds of minutes reserved (the ledger's reference is the row's id). */
  cost_seconds: number;
  /** The insights (InsightsContent) as JSON, once completed; edits replace it. */
  content_json: string | null;
  /** Its `shortSummary.text` (History's line), written with it; null before 0035's rows were filled. */
  short_summary: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 once someone edited the insights. */
  edited: ColumnType<number, number | undefined, number>;
  error_code: string | null;
  created_at: string;
  started_at: string | null;
  /** Written by the worker running it; a stale one is requeued. */
  heartbeat_at: string | null;
  finished_at: string | null;
}

/** A question asked about a transcription and its checked answer (QuestionReply's parts, JSON). */
export interface InsightQuestionsTable {
  id: string;
  user_id: string;
  transcription_id: string;
  question: string;
  answer_json: string;
  created_at: string;
}

export interface RendersTable {
  id: string;
  user_id: string;
  transcription_id: string;
  /** queued | running | completed | failed | cancelled. */
  status: string;
  /** The style and controls as JSON (CaptionOptions). */
  options_json: string;
  /** Percent done, 0..100. */
  progress: ColumnType<number, number | undefined, number>;
  /** Seconds of minutes reserved for it (the ledger's reference is the render's id). */
  cost_seconds: number;
  /** The finished MP4; null until completed and once deleted. */
  file_path: string | null;
  /** What the captions are drawn over: `waveform` (the kept audio) or `video` (uploaded for it). */
  picture: ColumnType<string, string | undefined, string>;
  /** The video uploaded for the render, while it waits or runs; null once it has ended (deleted). */
  source_path: string | null;
  size_bytes: number | null;
  width: number | null;
  height: number | null;
  error_code: string | null;
  created_at: string;
  started_at: string | null;
  /** Written by the worker running it at least every few seconds; a stale one is requeued. */
  heartbeat_at: string | null;
  finished_at: string | null;
  /** When the finished file is deleted (the audio's retention). */
  expires_at: string | null;
}

/**
 * A translation job of a transcription into one language (docs/translation.md); the completed
 * row of a language is that language's track.
 */
export interface TranslationsTable {
  id: string;
  /** Who asked (and pays). */
  user_id: string;
  transcription_id: string;
  /** BCP-47 code of the target. */
  language: string;
  /** queued | running | completed | failed | cancelled. */
  status: string;
  /** The request's options as JSON (glossary, style, register). */
  options_json: string;
  /** The translated cues by position ({ text, flags }[], null where not yet translated). */
  cues_json: string | null;
  /** Percent done, 0..100. */
  progress: ColumnType<number, number | undefined, number>;
  /** How far into the media the translated cues reach (ms): what a stopped job is charged for. */
  translated_ms: ColumnType<number, number | undefined, number>;
  /** Seconds of minutes reserved (the ledger's reference is the row's id). */
  cost_seconds: number;
  /** What its settlement charged; null until settled. */
  charged_seconds: number | null;
  /** The language model's name. */
  model: string | null;
  /** Times a worker took it (a job that kills its worker is not run forever). */
  starts: ColumnType<number, number | undefined, number>;
  error_code: string | null;
  created_at: string;
  started_at: string | null;
  heartbeat_at: string | null;
  finished_at: string | null;
  /** When its webhook event was written (once, across processes). */
  event_recorded_at: string | null;
}

/** A saved glossary: a user's own (`team_id` null) or a team's. */
export interface GlossariesTable {
  id: string;
  /** Who made it. */
  user_id: string;
  team_id: string | null;
  name: string;
  /** The entries as JSON ({ source, target }[]). */
  entries_json: string;
  created_at: string;
  updated_at: string;
}

/** The whole database, for Kysely. */
export interface Database {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  mail_outbox: MailOutboxTable;
  subscriptions: SubscriptionsTable;
  minute_ledger: MinuteLedgerTable;
  transcriptions: TranscriptionsTable;
  deleted_job_usage: DeletedJobUsageTable;
  upload_sessions: UploadSessionsTable;
  idempotency_keys: IdempotencyKeysTable;
  upload_chunks: UploadChunksTable;
  checkout_sessions: CheckoutSessionsTable;
  payment_events: PaymentEventsTable;
  contact_messages: ContactMessagesTable;
  api_keys: ApiKeysTable;
  task_runs: TaskRunsTable;
  voices: VoicesTable;
  support_messages: SupportMessagesTable;
  webhooks: WebhooksTable;
  webhook_signing_secrets: WebhookSigningSecretsTable;
  job_callbacks: JobCallbacksTable;
  webhook_job_events: WebhookJobEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  share_links: ShareLinksTable;
  share_comments: ShareCommentsTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  team_invitations: TeamInvitationsTable;
  renders: RendersTable;
  translations: TranslationsTable;
  glossaries: GlossariesTable;
  insights: InsightsTable;
  insight_questions: InsightQuestionsTable;
  live_sessions: LiveSessionsTable;
}

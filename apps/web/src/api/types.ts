import type * as api from "@verbatim/contract/api";
import type { z } from "zod";

// The shapes the API answers with and is sent, named for the web app. Each is taken from the
// contract's schema of the route (the one the server validates and documents with), never
// written out again: what the server answers is the schema's output, what it is sent its input.
// Type-only imports: no zod code enters the bundle from here.

type Answer<Schema extends z.ZodType> = z.output<Schema>;
type Sent<Schema extends z.ZodType> = z.input<Schema>;

/** Every error body: `{ code, message, details? }`. */
export type ErrorBody = Answer<typeof api.ErrorResponse>;
/** A plain `{ ok: true }`. */
export type Ok = Answer<typeof api.OkResponse>;

// Accounts and sessions.
export type User = Answer<typeof api.UserResponse>;
export type SessionResponse = Answer<typeof api.SessionResponse>;
export type LoginResponse = Answer<typeof api.LoginResponse>;
export type RegisterResponse = Answer<typeof api.RegisterResponse>;
export type EmailConfirmed = Answer<typeof api.EmailConfirmed>;
export type LoginBody = Sent<typeof api.LoginBody>;
export type RegisterBody = Sent<typeof api.RegisterBody>;
export type ForgotPasswordBody = Sent<typeof api.ForgotPasswordBody>;
export type ResetPasswordBody = Sent<typeof api.ResetPasswordBody>;
export type NameBody = Sent<typeof api.NameBody>;
export type LanguageBody = Sent<typeof api.LanguageBody>;
export type MailPreferencesBody = Sent<typeof api.MailPreferencesBody>;
export type EmailChangeBody = Sent<typeof api.EmailChangeBody>;
export type EmailConfirmBody = Sent<typeof api.EmailConfirmBody>;
export type PasswordChangeBody = Sent<typeof api.PasswordChangeBody>;
export type DeleteAccountBody = Sent<typeof api.DeleteAccountBody>;

// Plans, checkouts and minutes.
export type ActiveSubscription = Answer<typeof api.ActiveSubscription>;
export type CheckoutResponse = Answer<typeof api.CheckoutResponse>;
/** A confirmed purchase: minutes available now and those it added. */
export type ConfirmationResponse = Answer<typeof api.MinutesAdded>;
export type DowngradeResponse = Answer<typeof api.DowngradeResponse>;
export type UpgradeQuote = Answer<typeof api.UpgradeQuote>;
export type QuoteQuery = Sent<typeof api.QuoteQuery>;
export type PlanCheckoutDone = Sent<typeof api.PlanCheckoutDone>;
export type PackCheckoutDone = Sent<typeof api.PackCheckoutDone>;

// Transcriptions.
/** A history row: the transcription and its job's state. */
export type TranscriptionSummary = Answer<typeof api.TranscriptionSummary>;
export type TranscriptionDetail = Answer<typeof api.TranscriptionDetail>;
/** One subtitle as the API sends and takes it: times as `hh:mm:ss,mmm`. */
export type Subtitle = Answer<typeof api.Subtitle>;
export type ListQuery = Sent<typeof api.ListQuery>;
export type ExportQuery = Sent<typeof api.ExportQuery>;
/** PATCH /api/transcriptions/:id: rename, or save subtitles and speakers. */
export type UpdateBody = Sent<typeof api.UpdateBody>;
/** The fields of an upload, as multipart sends them (text). */
export type UploadFields = Sent<typeof api.UploadOptions>;
export type CombineBody = Sent<typeof api.CombineBody>;
export type AcceptedResponse = Answer<typeof api.AcceptedResponse>;
/** GET /api/batches/{id}: a batch's jobs with their queue places. */
export type BatchResponse = Answer<typeof api.BatchResponse>;
/** POST /api/exports: the ZIP of many. */
export type ExportsBody = Sent<typeof api.ExportsBody>;
export type ImportBody = Sent<typeof api.ImportBody>;
export type ChunkResponse = Answer<typeof api.ChunkResponse>;
export type { JobEventName } from "@verbatim/contract/api";
/** The data of the job event stream's event `Name`. */
export type JobEventData<Name extends api.JobEventName> = Answer<(typeof api.JobEventData)[Name]>;

// Voices and API keys.
export type Voice = Answer<typeof api.Voice>;
export type VoiceList = Answer<typeof api.VoiceList>;
export type VoiceNameBody = Sent<typeof api.VoiceName>;
export type VoiceFromTranscription = Sent<typeof api.VoiceFromTranscription>;
export type ApiKey = Answer<typeof api.ApiKeyListing>;
export type CreatedApiKey = Answer<typeof api.CreatedApiKey>;
export type CreateApiKeyBody = Sent<typeof api.CreateApiKeyBody>;

// Models and health.
export type ModelListing = Answer<typeof api.ModelListing>;
export type Health = Answer<typeof api.HealthResponse>;
export type UploadLimits = Answer<typeof api.UploadLimits>;

// Admin.
export type UsageReport = Answer<typeof api.UsageResponse>;
export type DailyReport = Answer<typeof api.DailyReportResponse>;
export type AdminUser = Answer<typeof api.AdminUser>;
export type AdminUsersQuery = Sent<typeof api.AdminUsersQuery>;
export type GrantMinutesBody = Sent<typeof api.GrantMinutesBody>;
export type GrantMinutesResponse = Answer<typeof api.GrantMinutesResponse>;

// Support chat.
export type SupportMessage = Answer<typeof api.SupportMessage>;
export type SupportConversation = Answer<typeof api.SupportConversationResponse>;
export type SupportConversationList = Answer<typeof api.SupportConversationList>;
export type SupportMessageBody = Sent<typeof api.SupportMessageBody>;

// The contact form.
export type ContactBody = Sent<typeof api.ContactBody>;

// Webhooks.
export type WebhookSummary = Answer<typeof api.WebhookSummary>;
export type WebhookCreated = Answer<typeof api.WebhookCreated>;
export type WebhookDelivery = Answer<typeof api.WebhookDelivery>;
export type CreateWebhookBody = Sent<typeof api.CreateWebhookBody>;

// Sharing: links to a transcription, their page, and the comments left on it.
export type ShareLink = Answer<typeof api.ShareLink>;

// Captioned video.
export type Render = Answer<typeof api.RenderReply>;
export type RenderBody = Sent<typeof api.RenderBody>;
export type CreateShareBody = Sent<typeof api.CreateShareBody>;
export type ShareExpiry = CreateShareBody["expiresIn"];
export type SharedTranscription = Answer<typeof api.SharedTranscription>;
export type ShareGrant = Answer<typeof api.ShareGrant>;
export type Comment = Answer<typeof api.Comment>;
export type CreateCommentBody = Sent<typeof api.CreateCommentBody>;

// Teams: shared transcriptions, roles and one minutes pool (docs/teams.md).
export type Team = Answer<typeof api.Team>;
export type TeamDetail = Answer<typeof api.TeamDetail>;
export type TeamMember = Answer<typeof api.TeamMember>;
export type TeamInvitation = Answer<typeof api.TeamInvitation>;
export type TeamUsage = Answer<typeof api.TeamUsage>;
export type TeamRoleName = Answer<typeof api.TeamMember>["role"];
export type CreateTeamBody = Sent<typeof api.CreateTeamBody>;
export type CreateInvitationBody = Sent<typeof api.CreateInvitationBody>;
export type UpdateMemberBody = Sent<typeof api.UpdateMemberBody>;
export type MoveToTeamBody = Sent<typeof api.MoveToTeamBody>;
export type ChecksResponse = Answer<typeof api.ChecksResponse>;
export type CheckIssueItem = ChecksResponse["issues"][number];

// Translation tracks and saved glossaries (docs/translation.md).
export type TranslationTrack = Answer<typeof api.TranslationTrackReply>;
export type TranslationList = Answer<typeof api.TranslationListReply>;
export type TranslationBody = Sent<typeof api.TranslationBody>;
export type TranslationEditBody = Sent<typeof api.TranslationEditBody>;
export type SavedGlossary = Answer<typeof api.SavedGlossary>;
export type GlossaryBody = Sent<typeof api.GlossaryBody>;

// Insights: summary, chapters, action items and answers, each cited (docs/insights.md).
export type InsightsJob = Answer<typeof api.InsightsReply>;
export type Insights = NonNullable<InsightsJob["insights"]>;
export type InsightsBody = Sent<typeof api.InsightsBody>;
export type InsightsEdit = Sent<typeof api.InsightsEdit>;
export type Citation = Answer<typeof api.Citation>;
export type CitedText = Answer<typeof api.CitedText>;
export type QuestionBody = Sent<typeof api.QuestionBody>;
export type QuestionsAcrossBody = Sent<typeof api.QuestionsAcrossBody>;
export type AnsweredQuestion = Answer<typeof api.QuestionReply>;
export type AnswerPart = AnsweredQuestion["parts"][number];

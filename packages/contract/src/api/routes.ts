import { z } from "zod";
import { ApiKeyIdParams, ApiKeyListing, CreateApiKeyBody, CreatedApiKey } from "./api-keys.js";
import {
  EmailChangeBody,
  EmailConfirmBody,
  EmailConfirmed,
  LanguageBody,
  MailPreferencesBody,
  NameBody,
  PasswordChangeBody,
  UserResponse,
} from "./account.js";
import { ActiveSubscription } from "./billing.js";
import { OkResponse } from "./replies.js";
import { AcceptedResponse, CombineBody, StartJobHeaders, UploadLimits } from "./uploads.js";
import { ChecksQuery, ChecksResponse } from "./quality-checks.js";
import {
  AcceptInvitationBody,
  CreateInvitationBody,
  CreateTeamBody,
  DeleteTeamQuery,
  MoveToTeamBody,
  Team,
  TeamDetail,
  TeamIdParams,
  TeamInvitation,
  TeamInvitationParams,
  TeamMember,
  TeamMemberParams,
  TeamUsage,
  UpdateMemberBody,
} from "./teams.js";
import type { RouteName } from "./route-paths.js";
import {
  IdParams,
  ListQuery,
  TranscriptionDetail,
  TranscriptionSummary,
  UpdateBody,
} from "./transcriptions.js";
import {
  CallbackSecret,
  CreateWebhookBody,
  WebhookCreated,
  WebhookDelivery,
  WebhookIdParams,
  WebhookSummary,
} from "./webhooks.js";

// The route table: for each route named in ./route-paths.ts, what it takes and what it answers.
// The server registers the route with these schemas (validation, the OpenAPI document, the
// handler's types); the web app's `call(name, …)` takes its types from them. A route's
// summary and description stay beside its handler (the server's words, not the contract).

/** A success status a route answers with. */
export type SuccessStatus = 200 | 201 | 202 | 204;

/** What one route takes and answers. */
export interface RouteSchemas {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  /** The answer's schema for each success status (204: `z.null()`, no body). */
  response: Partial<Record<SuccessStatus, z.ZodType>>;
  /** The error statuses it answers with; each body is ErrorResponse. */
  errors: readonly number[];
}

/** Every route of the table, by name. */
export const ROUTES = {
  // Transcriptions: the signed-in user's own, or a team's.
  listTranscriptions: {
    querystring: ListQuery,
    response: { 200: z.array(TranscriptionSummary) },
    errors: [400, 401],
  },
  getTranscription: {
    params: IdParams,
    response: { 200: TranscriptionDetail },
    errors: [401, 404],
  },
  checkTranscription: {
    params: IdParams,
    querystring: ChecksQuery,
    response: { 200: ChecksResponse },
    errors: [400, 401, 404, 409, 422],
  },
  updateTranscription: {
    params: IdParams,
    body: UpdateBody,
    response: { 200: TranscriptionDetail },
    errors: [400, 401, 404, 409],
  },
  deleteTranscription: {
    params: IdParams,
    response: { 204: z.null() },
    errors: [401, 404],
  },
  cancelTranscription: {
    params: IdParams,
    response: { 200: TranscriptionSummary },
    errors: [401, 404, 409],
  },

  // API keys (a session's, never a key's).
  listApiKeys: { response: { 200: z.array(ApiKeyListing) }, errors: [401] },
  createApiKey: {
    body: CreateApiKeyBody,
    response: { 201: CreatedApiKey },
    errors: [400, 401, 409],
  },
  deleteApiKey: { params: ApiKeyIdParams, response: { 204: z.null() }, errors: [401, 404] },

  // Webhooks.
  createWebhook: {
    body: CreateWebhookBody,
    response: { 201: WebhookCreated },
    errors: [400, 401, 409],
  },
  listWebhooks: { response: { 200: z.array(WebhookSummary) }, errors: [401] },
  getCallbackSecret: { response: { 200: CallbackSecret }, errors: [401] },
  deleteWebhook: { params: WebhookIdParams, response: { 204: z.null() }, errors: [401, 404] },
  listWebhookDeliveries: {
    params: WebhookIdParams,
    response: { 200: z.array(WebhookDelivery) },
    errors: [401, 404],
  },
  testWebhook: {
    params: WebhookIdParams,
    response: { 202: WebhookDelivery },
    errors: [401, 404, 429],
  },

  // Teams (docs/teams.md).
  createTeam: { body: CreateTeamBody, response: { 201: Team }, errors: [400, 401, 409] },
  listTeams: { response: { 200: z.array(Team) }, errors: [401] },
  getTeam: { params: TeamIdParams, response: { 200: TeamDetail }, errors: [401, 404] },
  deleteTeam: {
    params: TeamIdParams,
    querystring: DeleteTeamQuery,
    response: { 204: z.null() },
    errors: [401, 403, 404, 409],
  },
  listTeamMembers: {
    params: TeamIdParams,
    response: { 200: z.array(TeamMember) },
    errors: [401, 404],
  },
  updateTeamMember: {
    params: TeamMemberParams,
    body: UpdateMemberBody,
    response: { 200: TeamMember },
    errors: [400, 401, 403, 404],
  },
  removeTeamMember: {
    params: TeamMemberParams,
    response: { 204: z.null() },
    errors: [401, 403, 404, 409],
  },
  leaveTeam: { params: TeamIdParams, response: { 204: z.null() }, errors: [401, 403, 404] },
  inviteTeamMember: {
    params: TeamIdParams,
    body: CreateInvitationBody,
    response: { 201: TeamInvitation },
    errors: [400, 401, 403, 404, 409, 429],
  },
  listTeamInvitations: {
    params: TeamIdParams,
    response: { 200: z.array(TeamInvitation) },
    errors: [401, 403, 404],
  },
  revokeTeamInvitation: {
    params: TeamInvitationParams,
    response: { 204: z.null() },
    errors: [401, 403, 404],
  },
  acceptTeamInvitation: {
    body: AcceptInvitationBody,
    response: { 200: Team },
    errors: [400, 401, 403, 404],
  },
  getTeamUsage: { params: TeamIdParams, response: { 200: TeamUsage }, errors: [401, 403, 404] },
  moveToTeam: {
    params: IdParams,
    body: MoveToTeamBody,
    response: { 200: TranscriptionSummary },
    errors: [400, 401, 403, 404, 409],
  },

  // Uploads: the limits, and the JSON end of a chunked upload (the chunks are multipart).
  getUploadLimits: { response: { 200: UploadLimits }, errors: [] },
  combineUpload: {
    headers: StartJobHeaders,
    body: CombineBody,
    response: { 200: TranscriptionDetail, 202: AcceptedResponse },
    errors: [400, 401, 402, 403, 404, 409, 413, 415, 422, 500, 503, 507],
  },

  // Account: one's own name, language, mails, e-mail address and password.
  changeName: { body: NameBody, response: { 200: UserResponse }, errors: [400, 401, 429] },
  setLanguage: { body: LanguageBody, response: { 200: OkResponse }, errors: [400, 401, 429] },
  setMailPreferences: {
    body: MailPreferencesBody,
    response: { 200: UserResponse },
    errors: [400, 401, 429],
  },
  changeEmail: {
    body: EmailChangeBody,
    response: { 202: OkResponse },
    errors: [400, 401, 409, 429],
  },
  confirmEmail: {
    body: EmailConfirmBody,
    response: { 200: EmailConfirmed },
    errors: [400, 401, 409, 429],
  },
  changePassword: {
    body: PasswordChangeBody,
    response: { 200: OkResponse },
    errors: [400, 401, 429],
  },

  // Subscriptions.
  getActiveSubscription: { response: { 200: ActiveSubscription }, errors: [401, 404] },
} as const satisfies { [Name in RouteName]: RouteSchemas };

/** The table's entry for `Name`. */
export type Route<Name extends RouteName> = (typeof ROUTES)[Name];

/** What a route answers on success (`undefined` for 204: no body). */
export type RouteAnswer<Name extends RouteName> = Route<Name>["response"] extends infer Response
  ? {
      [Status in keyof Response]: Status extends 204
        ? undefined
        : Response[Status] extends z.ZodType
          ? z.output<Response[Status]>
          : never;
    }[keyof Response]
  : never;

/** What a route's `part` is sent as (its schema's input), or never when it has none. */
export type RouteInput<
  Name extends RouteName,
  Part extends "params" | "querystring" | "body" | "headers",
> = Route<Name> extends { [P in Part]: infer Schema extends z.ZodType } ? z.input<Schema> : never;

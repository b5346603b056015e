// The route table's names, methods and paths (zod-free: the web app bundles this file, and
// its calls name a route instead of writing its path). The schemas of each route are in
// ./routes.ts, under the same name; the server registers each route from both.

/** Each route's `METHOD /path` (Fastify's `:param` form), by the name both sides call it. */
export const ROUTE_PATHS = {
  // Transcriptions.
  listTranscriptions: "GET /api/transcriptions",
  getTranscription: "GET /api/transcriptions/:id",
  checkTranscription: "GET /api/transcriptions/:id/checks",
  updateTranscription: "PATCH /api/transcriptions/:id",
  deleteTranscription: "DELETE /api/transcriptions/:id",
  cancelTranscription: "POST /api/transcriptions/:id/cancel",
  // API keys.
  listApiKeys: "GET /api/keys",
  createApiKey: "POST /api/keys",
  deleteApiKey: "DELETE /api/keys/:id",
  // Webhooks.
  createWebhook: "POST /api/webhooks",
  listWebhooks: "GET /api/webhooks",
  getCallbackSecret: "GET /api/webhooks/callback-secret",
  deleteWebhook: "DELETE /api/webhooks/:id",
  listWebhookDeliveries: "GET /api/webhooks/:id/deliveries",
  testWebhook: "POST /api/webhooks/:id/test",
  // Teams.
  createTeam: "POST /api/teams",
  listTeams: "GET /api/teams",
  getTeam: "GET /api/teams/:id",
  deleteTeam: "DELETE /api/teams/:id",
  listTeamMembers: "GET /api/teams/:id/members",
  updateTeamMember: "PATCH /api/teams/:id/members/:userId",
  removeTeamMember: "DELETE /api/teams/:id/members/:userId",
  leaveTeam: "POST /api/teams/:id/leave",
  inviteTeamMember: "POST /api/teams/:id/invitations",
  listTeamInvitations: "GET /api/teams/:id/invitations",
  revokeTeamInvitation: "DELETE /api/teams/:id/invitations/:invitationId",
  acceptTeamInvitation: "POST /api/team-invitations/accept",
  getTeamUsage: "GET /api/teams/:id/usage",
  moveToTeam: "POST /api/transcriptions/:id/team",
  // Uploads.
  getUploadLimits: "GET /api/uploads/limits",
  combineUpload: "POST /api/uploads/combine",
  // Account (one's own profile).
  changeName: "PATCH /api/account/name",
  setLanguage: "PUT /api/account/language",
  setMailPreferences: "PUT /api/account/mail-preferences",
  changeEmail: "POST /api/account/email",
  confirmEmail: "POST /api/account/email/confirm",
  changePassword: "POST /api/account/password",
  // Subscriptions.
  getActiveSubscription: "GET /api/subscriptions/active",
} as const;

/** A route's name in the table. */
export type RouteName = keyof typeof ROUTE_PATHS;

/** The HTTP methods the table uses. */
export type RouteMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A route's method and path, from its `METHOD /path`. */
export function routeLine(name: RouteName): { method: RouteMethod; path: string } {
  const [method, path] = ROUTE_PATHS[name].split(" ") as [RouteMethod, string];
  return { method, path };
}

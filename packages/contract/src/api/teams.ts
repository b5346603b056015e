import { z } from "zod";
import { ASSIGNABLE_TEAM_ROLES, TEAM_ROLES as TEAM_ROLE_NAMES } from "../team-roles.js";

// Teams (docs/teams.md): a team shares transcriptions and its owner's minutes; each member's
// role decides what they may do (the policy table in docs/teams.md).

export { ASSIGNABLE_TEAM_ROLES, TEAM_ROLES as TEAM_ROLE_NAMES } from "../team-roles.js";

const TeamName = z.string().trim().min(1).max(80);

/** POST /api/teams. */
export const CreateTeamBody = z.object({ name: TeamName.describe("Shown to its members.") });

/** A team as one of its members sees it. */
export const Team = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(TEAM_ROLE_NAMES).describe("Your role in it."),
  ownerId: z.string(),
  memberCount: z.number().int(),
  createdAt: z.string().describe("ISO-8601 UTC time."),
});

/** GET /api/teams/{id}: the team, and what deleting it would delete. */
export const TeamDetail = Team.extend({
  transcriptionCount: z
    .number()
    .int()
    .describe("How many transcriptions the team holds (all deleted with it)."),
  /** What your role allows, from the policy table. */
  allowed: z.array(z.string()).describe("The actions your role allows (docs/teams.md)."),
  /** The team's minutes: what its owner has left, which every member's team uploads spend. */
  pool: z
    .object({
      credits: z.number().int().describe("The owner's plan minutes left this period."),
      additionalCredits: z.number().int().describe("The owner's pack minutes left."),
    })
    .describe(
      "The team's minutes, shown to every member: the owner's plan and pack minutes left, which transcriptions uploaded into the team spend.",
    ),
});

export const TeamIdParams = z.object({ id: z.string().max(64) });
export const TeamMemberParams = z.object({ id: z.string().max(64), userId: z.string().max(64) });
export const TeamInvitationParams = z.object({
  id: z.string().max(64),
  invitationId: z.string().max(64),
});

/** A member of a team. */
export const TeamMember = z.object({
  userId: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  role: z.enum(TEAM_ROLE_NAMES),
  joinedAt: z.string().describe("ISO-8601 UTC time."),
});

/** POST /api/teams/{id}/invitations. */
export const CreateInvitationBody = z.object({
  email: z.email().max(254),
  role: z.enum(ASSIGNABLE_TEAM_ROLES).describe("An admin may invite members and viewers only."),
});

/** An open invitation (the link itself is only in the e-mail). */
export const TeamInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(TEAM_ROLE_NAMES),
  expiresAt: z.string().describe("ISO-8601 UTC time."),
  createdAt: z.string().describe("ISO-8601 UTC time."),
});

/** POST /api/team-invitations/accept: the `invitation` of the e-mail's link. */
export const AcceptInvitationBody = z.object({ token: z.string().min(1).max(200) });

/** PATCH /api/teams/{id}/members/{userId}. */
export const UpdateMemberBody = z.object({ role: z.enum(ASSIGNABLE_TEAM_ROLES) });

/** DELETE /api/teams/{id}: the transcription count the warning showed. */
export const DeleteTeamQuery = z.object({
  confirmTranscriptions: z.coerce
    .number()
    .int()
    .min(0)
    .optional()
    .describe(
      "The team's transcription count, as GET /api/teams/{id} or the 409 TEAM_DELETE_UNCONFIRMED warning said it; anything else is refused with that warning.",
    ),
});

/** GET /api/teams/{id}/usage: the pool and each person's use (the owner's view). */
export const TeamUsage = z.object({
  since: z.string().describe("Start of the owner's current plan period (ISO-8601 UTC)."),
  credits: z.number().int().describe("Plan minutes left in the pool (the owner's)."),
  additionalCredits: z.number().int().describe("Pack minutes left in the pool (the owner's)."),
  members: z.array(
    z.object({
      userId: z.string(),
      name: z.string().nullable(),
      email: z.string(),
      role: z.string().describe("Their role; empty for someone no longer in the team."),
      chargedSeconds: z.number().int().describe("Seconds charged to the pool for their jobs."),
      transcriptions: z.number().int().describe("Transcriptions they sent into the team."),
      current: z.boolean().describe("Still a member."),
    }),
  ),
});

/** POST /api/transcriptions/{id}/team: move one's own transcription into a team. */
export const MoveToTeamBody = z.object({ teamId: z.uuid() });

/** POST /api/transcribe?teamId=…: upload into a team (its owner's minutes pay). */
export const TranscribeTeamQuery = z.object({
  teamId: z
    .uuid()
    .optional()
    .describe(
      "Upload into this team: the team owner's minutes pay, and the members see it by their role (needs a role that may upload).",
    ),
});

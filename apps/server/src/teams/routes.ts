import rateLimit from "@fastify/rate-limit";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../app-context.js";
import { currentUser, requireUser } from "../auth/require-user.js";
import { AppError, fail } from "../http/app-error.js";
import { tableRoute } from "../http/table-route.js";
import { actorOf } from "../policies/actor.js";
import { minuteCredits } from "../minutes/minute-ledger.js";
import { authorize } from "../policies/authorize.js";
import { transcription } from "../policies/policies.js";
import {
  isTeamRole,
  mayAssignRole,
  TEAM_ACTIONS,
  roleAllows,
  type TeamRole,
} from "../policies/team-roles.js";
import { ownTranscription } from "../transcriptions/transcription-context.js";
import { presentSummary } from "../transcriptions/presenter.js";
import { acceptInvitation } from "./commands/accept-invitation.js";
import { changeMemberRole, type TeamMemberRow } from "./commands/change-member-role.js";
import { createTeam } from "./commands/create-team.js";
import { deleteTeam } from "./commands/delete-team.js";
import { inviteMember } from "./commands/invite-member.js";
import { leaveTeam } from "./commands/leave-team.js";
import { moveToTeam } from "./commands/move-to-team.js";
import { removeMember } from "./commands/remove-member.js";
import { openInvitations, revokeInvitation, type InvitationRow } from "./invitations.js";
import { teamFor, type TeamRow } from "./membership.js";
import { memberCount, membersOf, teamsOf, teamTranscriptionCount } from "./teams-repo.js";
import { teamUsage } from "./team-usage.js";

// Teams (docs/teams.md): make one, invite by e-mail, give roles, see usage, leave, delete.
// Every route asks the policies (team-roles.ts: the one table of role → actions) through
// teamFor or ownTranscription; a team the user is not in is "not found". What a route changes,
// one command of teams/commands/ does.

const tags = ["teams"];

/** Invitation mails one account may have sent in an hour (each is an e-mail to someone). */
export const INVITATIONS_PER_HOUR = 30;
const security = [{ bearer: [] }];

function presentTeam(team: TeamRow, role: TeamRole, members: number) {
  return {
    id: team.id,
    name: team.name,
    role,
    ownerId: team.owner_id,
    memberCount: members,
    createdAt: team.created_at,
  };
}

function presentMember(member: TeamMemberRow) {
  return {
    userId: member.user_id,
    name: member.name,
    email: member.email,
    role: member.role,
    joinedAt: member.joined_at,
  };
}

function presentInvitation(row: InvitationRow) {
  return {
    id: row.id,
    email: row.email,
    role: isTeamRole(row.role) ? row.role : "viewer",
    expiresAt: row.expires_at,
    createdAt: row.created_at,
  };
}

export function teamRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const auth = { preHandler: requireUser({ db: ctx.db, now: ctx.now }) };
    await app.register(rateLimit, ctx.rateLimits.pluginOptions("teams"));
    const invitationLimit = app.createRateLimit({
      max: INVITATIONS_PER_HOUR,
      timeWindow: 60 * 60 * 1000,
      keyGenerator: (request) => currentUser(request).id,
    });

    app.route({
      ...tableRoute("createTeam", {
        summary: "Create a team (you are its owner: your plan and packs pay for its work)",
        tags,
        security,
      }),
      ...auth,
      handler: async (request, reply) => {
        const owner = currentUser(request);
        const team = await createTeam(ctx, { owner, name: request.body.name });
        return reply.status(201).send(presentTeam(team, "owner", 1));
      },
    });

    app.route({
      ...tableRoute("listTeams", {
        summary: "The teams you are in, with your role in each",
        tags,
        security,
      }),
      ...auth,
      handler: async (request) => {
        const rows = await teamsOf(ctx.db, currentUser(request).id);
        return rows.map((row) => presentTeam(row, row.role, row.member_count));
      },
    });

    app.route({
      ...tableRoute("getTeam", {
        summary:
          "One team: your role, what it allows, how many transcriptions it holds, and its minutes",
        tags,
        security,
      }),
      ...auth,
      handler: async (request) => {
        const { team, role } = await teamFor(ctx, currentUser(request), request.params.id, "read");
        return {
          ...presentTeam(team, role, await memberCount(ctx.db, team.id)),
          transcriptionCount: await teamTranscriptionCount(ctx.db, team.id),
          allowed: TEAM_ACTIONS.filter((action) => roleAllows(role, action)),
          // Every member sees what their team uploads spend from: the owner's minutes.
          pool: await minuteCredits(ctx.db, team.owner_id, ctx.now()),
        };
      },
    });

    app.route({
      ...tableRoute("deleteTeam", {
        summary: "Delete a team and all its transcriptions (owner)",
        description:
          "Deletes the team's transcriptions for every member. Send `confirmTranscriptions` with the count GET /api/teams/{id} gives; without it, or with another count, nothing is deleted and the answer is 409 TEAM_DELETE_UNCONFIRMED with `details.transcriptionCount`.",
        tags,
        security,
      }),
      ...auth,
      handler: async (request, reply) => {
        const { team } = await teamFor(ctx, currentUser(request), request.params.id, "delete");
        await deleteTeam(ctx, {
          team,
          confirmTranscriptions: request.query.confirmTranscriptions,
        });
        return reply.status(204).send(null);
      },
    });

    app.route({
      ...tableRoute("listTeamMembers", {
        summary: "The team's members and their roles",
        tags,
        security,
      }),
      ...auth,
      handler: async (request) => {
        const { team } = await teamFor(ctx, currentUser(request), request.params.id, "read");
        return (await membersOf(ctx.db, team.id)).map(presentMember);
      },
    });

    app.route({
      ...tableRoute("updateTeamMember", {
        summary: "Change a member's role (owner and admins)",
        description:
          "An admin manages members and viewers; the owner also admins. Nobody changes the owner's role: 403 TEAM_ROLE_NOT_ALLOWED.",
        tags,
        security,
      }),
      ...auth,
      handler: async (request) => {
        const user = currentUser(request);
        const { team, role } = await teamFor(ctx, user, request.params.id, "manageMembers");
        const member = await changeMemberRole(ctx, {
          team,
          byRole: role,
          userId: request.params.userId,
          newRole: request.body.role,
        });
        return presentMember(member);
      },
    });

    app.route({
      ...tableRoute("removeTeamMember", {
        summary: "Remove a member, or leave (your own id)",
        description:
          "Their transcriptions in the team stay the team's. The owner and admins remove members below their role; anyone but the owner may leave (403 TEAM_OWNER_CANNOT_LEAVE: delete the team instead).",
        tags,
        security,
      }),
      ...auth,
      handler: async (request, reply) => {
        const user = currentUser(request);
        if (request.params.userId === user.id) {
          await leaveTeam(ctx, { user, teamId: request.params.id });
        } else {
          const { team, role } = await teamFor(ctx, user, request.params.id, "manageMembers");
          await removeMember(ctx, { team, byRole: role, userId: request.params.userId });
        }
        return reply.status(204).send(null);
      },
    });

    app.route({
      ...tableRoute("leaveTeam", {
        summary: "Leave the team (its transcriptions, yours included, stay the team's)",
        tags,
        security,
      }),
      ...auth,
      handler: async (request, reply) => {
        await leaveTeam(ctx, { user: currentUser(request), teamId: request.params.id });
        return reply.status(204).send(null);
      },
    });

    app.route({
      ...tableRoute("inviteTeamMember", {
        summary: "Invite someone by e-mail (owner and admins)",
        description:
          "Mails a link (valid 7 days, once) through the same mailer as sign-up; only an account with that address may accept it (POST /api/team-invitations/accept). An admin invites members and viewers, the owner also admins (403 TEAM_ROLE_NOT_ALLOWED). 409 TEAM_ALREADY_MEMBER, 409 TEAM_LIMIT_REACHED past 100 members and open invitations. A new invitation to the same address replaces the open one. 429 RATE_LIMITED past 30 invitations an hour from one account.",
        tags,
        security,
      }),
      ...auth,
      handler: async (request, reply) => {
        const user = currentUser(request);
        const { team, role } = await teamFor(ctx, user, request.params.id, "invite");
        if (!mayAssignRole(role, undefined, request.body.role)) fail("TEAM_ROLE_NOT_ALLOWED");
        const counted = await invitationLimit(request);
        if (!counted.isAllowed && counted.isExceeded) {
          reply.header("retry-after", String(counted.ttlInSeconds));
          throw new AppError("RATE_LIMITED", { retryAfterSeconds: counted.ttlInSeconds });
        }
        const row = await inviteMember(ctx, { team, inviter: user, ...request.body });
        return reply.status(201).send(presentInvitation(row));
      },
    });

    app.route({
      ...tableRoute("listTeamInvitations", {
        summary: "The team's open invitations (owner and admins)",
        tags,
        security,
      }),
      ...auth,
      handler: async (request) => {
        const { team } = await teamFor(ctx, currentUser(request), request.params.id, "invite");
        return (await openInvitations(ctx.db, team.id, ctx.now())).map(presentInvitation);
      },
    });

    app.route({
      ...tableRoute("revokeTeamInvitation", {
        summary: "Withdraw an open invitation (owner and admins)",
        tags,
        security,
      }),
      ...auth,
      handler: async (request, reply) => {
        const { team } = await teamFor(ctx, currentUser(request), request.params.id, "invite");
        if (!(await revokeInvitation(ctx.db, team.id, request.params.invitationId))) {
          fail("NOT_FOUND");
        }
        return reply.status(204).send(null);
      },
    });

    app.route({
      ...tableRoute("acceptTeamInvitation", {
        summary: "Accept an invitation (the `invitation` of the e-mail's link)",
        description:
          "Joins the team with the invited role. 404 TEAM_INVITATION_NOT_FOUND when the token is unknown, used, withdrawn or expired; 403 TEAM_INVITATION_OTHER_ADDRESS when you are signed in with another address than the one invited.",
        tags,
        security,
      }),
      ...auth,
      handler: async (request) => {
        const user = currentUser(request);
        const teamId = await acceptInvitation(ctx, { user, token: request.body.token });
        const { team, role } = await teamFor(ctx, user, teamId, "read");
        return presentTeam(team, role, await memberCount(ctx.db, team.id));
      },
    });

    app.route({
      ...tableRoute("getTeamUsage", {
        summary: "The team's minutes pool and usage per member (owner)",
        description:
          "The pool is the owner's plan and pack minutes; each person's line is what their transcriptions in the team were charged since the owner's current period began.",
        tags,
        security,
      }),
      ...auth,
      handler: async (request) => {
        const { team } = await teamFor(ctx, currentUser(request), request.params.id, "pay");
        const usage = await teamUsage(ctx.db, team, ctx.now());
        return {
          ...usage,
          members: usage.members.map((member) => ({
            userId: member.user_id,
            name: member.name,
            email: member.email,
            role: member.role,
            chargedSeconds: member.chargedSeconds,
            transcriptions: member.transcriptions,
            current: member.current,
          })),
        };
      },
    });

    app.route({
      ...tableRoute("moveToTeam", {
        summary: "Move one of your transcriptions into a team",
        description:
          "Explicit and one way: the team's members then see it by their role, and leaving the team does not take it back. What it already cost stays on your minutes. 409 TRANSCRIPTION_IN_TEAM when it is in a team already; your role in the target team must allow uploading (403).",
        tags: ["transcriptions", ...tags],
        security,
      }),
      ...auth,
      handler: async (request) => {
        const user = currentUser(request);
        const row = await ownTranscription(ctx, user, request.params.id, "read");
        if (row.team_id) fail("TRANSCRIPTION_IN_TEAM");
        authorize(actorOf(user, ctx.config), "moveToTeam", transcription(row));
        const { team } = await teamFor(ctx, user, request.body.teamId, "upload");
        return presentSummary(await moveToTeam(ctx, { transcription: row, team }));
      },
    });
  };
}

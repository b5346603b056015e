import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { TeamsContext } from "./teams-context.js";
import { tableRoute } from "../http/table-route.js";
import { currentUser, requireUser } from "../auth/require-user.js";
import { changeMemberRole } from "./commands/change-member-role.js";
import { leaveTeam } from "./commands/leave-team.js";
import { removeMember } from "./commands/remove-member.js";
import { teamFor } from "./membership.js";
import { presentMember } from "./team-presenters.js";
import { membersOf } from "./teams-repo.js";

// Teams (docs/teams.md), their members: list them, change a role, remove one, leave. Every route
// asks the policies through teamFor (a team the user is not in is "not found"); what it changes,
// one command of teams/commands/ does.

const tags = ["teams"];
const security = [{ bearer: [] }];

/** The member routes: /api/teams/:id/members, a member's role and removal, leaving. */
export function memberRoutes(ctx: TeamsContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const auth = { preHandler: requireUser({ db: ctx.db, now: ctx.now }) };

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
  };
}

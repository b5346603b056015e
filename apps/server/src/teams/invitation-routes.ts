import rateLimit from "@fastify/rate-limit";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { RateLimitStore } from "../http/rate-limit-store.js";
import type { TeamsContext } from "./teams-context.js";
import { tableRoute } from "../http/table-route.js";
import { currentUser, requireUser } from "../auth/require-user.js";
import { AppError, fail } from "../http/app-error.js";
import { mayAssignRole } from "../policies/team-roles.js";
import { acceptInvitation } from "./commands/accept-invitation.js";
import { inviteMember } from "./commands/invite-member.js";
import { openInvitations, revokeInvitation } from "./invitations.js";
import { teamFor } from "./membership.js";
import { presentInvitation, presentTeam } from "./team-presenters.js";
import { memberCount } from "./teams-repo.js";

// Teams (docs/teams.md), their invitations: invite by e-mail (rate-limited per account), list the
// open ones, withdraw one, accept one. Every route asks the policies through teamFor (a team the
// user is not in is "not found"); what it changes, one command of teams/commands/ does.

const tags = ["teams"];

/** Invitation mails one account may have sent in an hour (each is an e-mail to someone). */
export const INVITATIONS_PER_HOUR = 30;
const security = [{ bearer: [] }];

/** The invitation routes: /api/teams/:id/invitations and /api/team-invitations/accept. */
export function invitationRoutes(
  ctx: TeamsContext & { rateLimits: RateLimitStore },
): FastifyPluginAsync {
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
  };
}

import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { TranscriptionContext } from "../transcriptions/transcription-context.js";
import type { TeamsContext } from "./teams-context.js";
import { tableRoute } from "../http/table-route.js";
import { currentUser, requireUser } from "../auth/require-user.js";
import { fail } from "../http/app-error.js";
import { actorOf } from "../policies/actor.js";
import { minuteCredits } from "../minutes/minute-ledger.js";
import { authorize } from "../policies/authorize.js";
import { transcription } from "../policies/policies.js";
import { TEAM_ACTIONS, roleAllows } from "../policies/team-roles.js";
import { ownTranscription } from "../transcriptions/transcription-context.js";
import { presentSummary } from "../transcriptions/presenter.js";
import { createTeam } from "./commands/create-team.js";
import { deleteTeam } from "./commands/delete-team.js";
import { moveToTeam } from "./commands/move-to-team.js";
import { teamFor } from "./membership.js";
import { presentTeam } from "./team-presenters.js";
import { memberCount, teamsOf, teamTranscriptionCount } from "./teams-repo.js";
import { teamUsage } from "./team-usage.js";

// Teams (docs/teams.md), the team itself: make one, list yours, read one, delete it, see its
// usage, move a transcription into it. Members are member-routes.ts's, invitations
// invitation-routes.ts's. Every route asks the policies (team-roles.ts: the one table of role →
// actions) through teamFor or ownTranscription; a team the user is not in is "not found". What a
// route changes, one command of teams/commands/ does.

const tags = ["teams"];
const security = [{ bearer: [] }];

/** The team routes: /api/teams, /api/teams/:id, its usage, and a transcription's move into one. */
export function teamRoutes(
  ctx: TeamsContext & Pick<TranscriptionContext, "config">,
): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const auth = { preHandler: requireUser({ db: ctx.db, now: ctx.now }) };

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

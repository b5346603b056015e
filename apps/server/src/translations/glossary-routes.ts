import { errorResponses, GlossaryBody, IdParams, SavedGlossary } from "@verbatim/contract/api";
import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { currentUser, requireUser } from "../auth/require-user.js";
import { teamsOf } from "../teams/teams-repo.js";
import { deleteGlossary } from "./commands/delete-glossary.js";
import { saveGlossary } from "./commands/save-glossary.js";
import { glossariesOf, type GlossaryRow } from "./glossary-store.js";
import type { TranslationContext } from "./translation-context.js";

function present(row: GlossaryRow): z.output<typeof SavedGlossary> {
  return {
    id: row.id,
    name: row.name,
    teamId: row.team_id,
    entries: JSON.parse(row.entries_json) as z.output<typeof SavedGlossary>["entries"],
    updatedAt: row.updated_at,
  };
}

/** Saved glossaries (docs/translation.md): a user's own and their teams'. */
export function glossaryRoutes(ctx: TranslationContext): FastifyPluginAsync {
  return async (plugin) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const auth = { preHandler: requireUser({ db: ctx.db, now: ctx.now }) };
    const security = [{ bearer: [] }];
    const tags = ["translations"];

    app.get(
      "/api/glossaries",
      {
        ...auth,
        schema: {
          summary: "List saved glossaries",
          description: "Your own glossaries and those of the teams you are in, by name.",
          tags,
          security,
          response: {
            200: z.object({ glossaries: z.array(SavedGlossary) }),
            ...errorResponses(401),
          },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const teams = await teamsOf(ctx.db, user.id);
        const rows = await glossariesOf(
          ctx.db,
          user.id,
          teams.map((team) => team.id),
        );
        return { glossaries: rows.map(present) };
      },
    );

    app.post(
      "/api/glossaries",
      {
        ...auth,
        schema: {
          summary: "Save a glossary",
          description:
            "Saves a glossary of terms for translations (`POST /api/transcriptions/{id}/translations` takes its id as `glossaryId`): your own, or with `teamId` a team's (your role there must allow editing).",
          tags,
          security,
          body: GlossaryBody,
          response: { 201: SavedGlossary, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const row = await saveGlossary(ctx, { user: currentUser(request), body: request.body });
        return reply.code(201).send(present(row));
      },
    );

    app.put(
      "/api/glossaries/:id",
      {
        ...auth,
        schema: {
          summary: "Change a saved glossary",
          description:
            "Replaces its name and entries (`teamId` is ignored: a glossary stays where it is).",
          tags,
          security,
          params: IdParams,
          body: GlossaryBody,
          response: { 200: SavedGlossary, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const row = await saveGlossary(ctx, {
          user: currentUser(request),
          id: request.params.id,
          body: request.body,
        });
        return present(row);
      },
    );

    app.delete(
      "/api/glossaries/:id",
      {
        ...auth,
        schema: {
          summary: "Delete a saved glossary",
          tags,
          security,
          params: IdParams,
          response: { 204: z.null().describe("Deleted."), ...errorResponses(401, 403, 404) },
        },
      },
      async (request, reply) => {
        await deleteGlossary(ctx, { user: currentUser(request), id: request.params.id });
        return reply.code(204).send(null);
      },
    );
  };
}

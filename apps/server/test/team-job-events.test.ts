import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMember, deleteMember, insertTeam } from "../src/teams/teams-repo.js";
import { recordJobEvents } from "../src/webhooks/job-events.js";
import { insertWebhook } from "../src/webhooks/webhook-store.js";
import { finishedTranscription } from "./support/finished-transcription.js";
import { signedInUser } from "./support/transcription-app.js";
import { createTestDatabase } from "./test-database.js";

// A team's job events go to its uploader's webhooks only while the uploader is in the team
// (issue 44): a removed member's endpoints receive none of the team's job events.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase("sqlite");
});
afterAll(async () => {
  await database?.close();
});

describe("a team's job events", () => {
  it("reach a member's webhook, and stop once the member is removed", async () => {
    const { db } = database;
    const now = new Date();
    const owner = await signedInUser(db);
    const member = await signedInUser(db);
    const team = await insertTeam(db, owner.id, "Newsroom", now);
    await addMember(db, team.id, member.id, "member", now);
    await insertWebhook(db, {
      id: crypto.randomUUID(),
      user_id: member.id,
      url: "https://hooks.example.com/verbatim",
      events_json: JSON.stringify(["transcription.completed"]),
      secret: "whsec_test",
      created_at: new Date(now.getTime() - 60_000).toISOString(),
    });
    /** A team job the member uploaded, ended and settled now. */
    const teamJob = async () => {
      const id = await finishedTranscription(db, member.id, [{ start: 0, end: 1000, text: "Hi" }]);
      await db
        .updateTable("transcriptions")
        .set({ team_id: team.id, payer_id: owner.id, charged_seconds: 1 })
        .where("id", "=", id)
        .execute();
      return id;
    };
    expect(await recordJobEvents(db, "https://verbatim.test", now, await teamJob())).toBe(1);
    await deleteMember(db, team.id, member.id);
    expect(await recordJobEvents(db, "https://verbatim.test", now, await teamJob())).toBe(0);
  });
});

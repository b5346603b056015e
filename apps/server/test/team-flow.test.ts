import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { jobOptions } from "@verbatim/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JFK_MP3 } from "../../../packages/engine/test/helpers/media-files.js";
import { insertTranscription, transition } from "../src/jobs/lifecycle/transition.js";
import { minuteBalance, reserveMinutes } from "../src/minutes/minute-ledger.js";
import { INVITATIONS_PER_HOUR } from "../src/teams/invitation-routes.js";
import { finishedTranscription, numberedCues } from "./support/finished-transcription.js";
import { DATABASE_KINDS } from "./test-database.js";
import {
  signedInUser,
  startTranscriptionApi,
  upload,
  type TestUser,
  type TranscriptionApi,
} from "./support/transcription-app.js";

// A team of three (owner, member, viewer) works on one transcription: invited by e-mail, the
// member's upload into the team is paid from the owner's minutes (the member's own untouched),
// the viewer reads and comments but cannot edit, the owner sees usage per member; leaving
// keeps the work with the team, and deleting the team asks to confirm how many go with it.

const jfk = new Blob([readFileSync(JFK_MP3)], { type: "audio/mpeg" });

describe.each(DATABASE_KINDS)("a team of three on %s", (kind) => {
  let api: TranscriptionApi;

  beforeAll(async () => {
    api = await startTranscriptionApi(kind);
  });
  afterAll(async () => {
    await api?.close();
  });

  const call = async (method: string, path: string, user: TestUser, body?: unknown) => {
    const response = await fetch(`${api.base}${path}`, {
      method,
      headers:
        body === undefined ? user.auth : { ...user.auth, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as Record<string, any>) : {} }; // eslint-disable-line @typescript-eslint/no-explicit-any -- test reads of JSON answers
  };

  /** The invitation link's token from the last mail to `email`. */
  const invitationToken = async (email: string) => {
    // The mail is sent after the answer (background work): wait for it briefly.
    for (let i = 0; i < 50; i++) {
      const mail = await api.db
        .selectFrom("mail_outbox")
        .select("text_body")
        .where("to_address", "=", email)
        .orderBy("id", "desc")
        .executeTakeFirst();
      if (mail) {
        const link = mail.text_body.match(/https?:\/\/\S+/)?.[0] ?? "";
        expect(link).toContain("/teams?invitation=");
        return new URL(link).searchParams.get("invitation") ?? "";
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no mail to ${email}`);
  };

  /** A new owner's team with a new member in it (added directly; the first test goes through invitations). */
  const teamWithMember = async (name: string) => {
    const owner = await signedInUser(api.db);
    const member = await signedInUser(api.db);
    const team = await call("POST", "/api/teams", owner, { name });
    const teamId = team.body.id as string;
    await api.db
      .insertInto("team_members")
      .values({
        team_id: teamId,
        user_id: member.id,
        role: "member",
        joined_at: new Date().toISOString(),
      })
      .execute();
    return { owner, member, teamId };
  };

  it("shares one transcription, paid from the owner's pool, by the roles' rules", async () => {
    const ownerEmail = `owner-${crypto.randomUUID()}@example.com`;
    const memberEmail = `member-${crypto.randomUUID()}@example.com`;
    const viewerEmail = `viewer-${crypto.randomUUID()}@example.com`;
    const owner = await signedInUser(api.db, { email: ownerEmail });
    const member = await signedInUser(api.db, { email: memberEmail });
    const viewer = await signedInUser(api.db, { email: viewerEmail });

    const created = await call("POST", "/api/teams", owner, { name: "Newsroom" });
    expect(created.status).toBe(201);
    const teamId = created.body.id as string;
    expect(created.body.role).toBe("owner");

    for (const [email, role] of [
      [memberEmail, "member"],
      [viewerEmail, "viewer"],
    ] as const) {
      const invited = await call("POST", `/api/teams/${teamId}/invitations`, owner, {
        email: email.toUpperCase(),
        role,
      });
      expect(invited.status).toBe(201);
      expect(invited.body.email).toBe(email);
    }
    // Only the invited address may accept; then the link is used up.
    const memberToken = await invitationToken(memberEmail);
    expect(
      (await call("POST", "/api/team-invitations/accept", viewer, { token: memberToken })).body
        .code,
    ).toBe("TEAM_INVITATION_OTHER_ADDRESS");
    const joined = await call("POST", "/api/team-invitations/accept", member, {
      token: memberToken,
    });
    expect(joined.status).toBe(200);
    expect(joined.body.role).toBe("member");
    expect(
      (await call("POST", "/api/team-invitations/accept", member, { token: memberToken })).status,
    ).toBe(404);
    const viewerToken = await invitationToken(viewerEmail);
    expect(
      (await call("POST", "/api/team-invitations/accept", viewer, { token: viewerToken })).status,
    ).toBe(200);

    const members = await call("GET", `/api/teams/${teamId}/members`, viewer);
    expect(members.body).toEqual([
      expect.objectContaining({ userId: owner.id, role: "owner" }),
      expect.objectContaining({ userId: member.id, role: "member" }),
      expect.objectContaining({ userId: viewer.id, role: "viewer" }),
    ]);

    // The member uploads into the team: the owner's minutes pay, the member's stay whole.
    const ownerBefore = await minuteBalance(api.db, owner.id);
    const memberBefore = await minuteBalance(api.db, member.id);
    const viewerUpload = await upload(api.base, `/api/transcribe?teamId=${teamId}`, {
      file: jfk,
      fields: { source: "file", model: "whisper-1" },
      headers: viewer.auth,
    });
    expect(viewerUpload.status).toBe(403);
    const uploaded = await upload(api.base, `/api/transcribe?teamId=${teamId}`, {
      file: jfk,
      fileName: "briefing.mp3",
      fields: { source: "file", model: "whisper-1", generateTimestamps: "true" },
      headers: member.auth,
    });
    expect(uploaded.status).toBe(200);
    const job = (await uploaded.json()) as { id: string; teamId: string; chargedSeconds: number };
    expect(job.teamId).toBe(teamId);
    const charged = job.chargedSeconds;
    expect(charged).toBeGreaterThanOrEqual(10);
    expect(await minuteBalance(api.db, member.id)).toEqual(memberBefore);
    const ownerAfter = await minuteBalance(api.db, owner.id);
    expect(ownerBefore.planSeconds - ownerAfter.planSeconds).toBe(charged);
    const ledger = await api.db
      .selectFrom("minute_ledger")
      .select(["user_id"])
      .where("reference", "=", job.id)
      .execute();
    expect(new Set(ledger.map((entry) => entry.user_id))).toEqual(new Set([owner.id]));

    // Team History: beside one's own, for every role; not in the member's personal History.
    const history = await call("GET", `/api/transcriptions?teamId=${teamId}`, viewer);
    expect(history.body.map((row: { id: string }) => row.id)).toEqual([job.id]);
    const personal = await call("GET", "/api/transcriptions", member);
    expect(personal.body.map((row: { id: string }) => row.id)).not.toContain(job.id);

    // The viewer reads and comments, but cannot edit; the member edits; the owner resolves.
    expect((await call("GET", `/api/transcriptions/${job.id}`, viewer)).status).toBe(200);
    const comment = await call("POST", `/api/transcriptions/${job.id}/comments`, viewer, {
      body: "Check the name at 0:04",
      startMs: 4000,
    });
    expect(comment.status).toBe(201);
    const viewerSave = await call("PATCH", `/api/transcriptions/${job.id}`, viewer, {
      fileName: "x.mp3",
    });
    expect(viewerSave.status).toBe(403);
    // Said of this transcription or team, not of "the admin panel".
    expect(viewerSave.body).toMatchObject({
      code: "ROLE_NOT_ALLOWED",
      message: expect.stringContaining("this transcription or team") as unknown,
    });
    const renamed = await call("PATCH", `/api/transcriptions/${job.id}`, member, {
      fileName: "Briefing, edited.mp3",
    });
    expect(renamed.status).toBe(200);
    expect(
      (
        await call("PATCH", `/api/transcriptions/${job.id}/comments/${comment.body.id}`, owner, {
          resolved: true,
        })
      ).body.resolvedAt,
    ).not.toBeNull();

    // The owner sees usage per member; nobody else does.
    const usage = await call("GET", `/api/teams/${teamId}/usage`, owner);
    expect(usage.status).toBe(200);
    expect(usage.body.members).toContainEqual(
      expect.objectContaining({ userId: member.id, chargedSeconds: charged, transcriptions: 1 }),
    );
    expect((await call("GET", `/api/teams/${teamId}/usage`, member)).status).toBe(403);
    // …but every member sees the minutes their team uploads spend: the owner's, not their own.
    const seenByMember = await call("GET", `/api/teams/${teamId}`, member);
    expect(seenByMember.body.pool).toEqual({
      credits: usage.body.credits,
      additionalCredits: usage.body.additionalCredits,
    });

    // The member leaves: the transcription stays the team's, and out of the member's reach.
    expect((await call("POST", `/api/teams/${teamId}/leave`, member)).status).toBe(204);
    expect((await call("GET", `/api/transcriptions/${job.id}`, member)).status).toBe(404);
    const after = await call("GET", `/api/transcriptions?teamId=${teamId}`, owner);
    expect(after.body.map((row: { id: string }) => row.id)).toEqual([job.id]);
    expect((await call("POST", `/api/teams/${teamId}/leave`, owner)).body.code).toBe(
      "TEAM_OWNER_CANNOT_LEAVE",
    );

    // Deleting the team warns how many transcriptions go with it, then deletes them.
    const detail = await call("GET", `/api/teams/${teamId}`, owner);
    expect(detail.body.transcriptionCount).toBe(1);
    const unconfirmed = await call("DELETE", `/api/teams/${teamId}`, owner);
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.body).toMatchObject({
      code: "TEAM_DELETE_UNCONFIRMED",
      details: { transcriptionCount: 1 },
    });
    expect(unconfirmed.body.message).toContain("(transcriptions: 1)");
    expect(unconfirmed.body.message).not.toContain("1 transcriptions");
    expect(
      (await call("DELETE", `/api/teams/${teamId}?confirmTranscriptions=1`, owner)).status,
    ).toBe(204);
    expect((await call("GET", `/api/transcriptions/${job.id}`, owner)).status).toBe(404);
    expect((await call("GET", "/api/teams", viewer)).body).toEqual([]);
    // What the job cost stays charged: deleting never gives minutes back twice or at all.
    expect(await minuteBalance(api.db, owner.id)).toEqual(ownerAfter);
  });

  it("refuses a team upload the owner's pool cannot pay, whatever the member has", async () => {
    // (The member's own uploads use their own minutes: transcription-flow.test.ts.)
    const owner = await signedInUser(api.db);
    const member = await signedInUser(api.db);
    const team = await call("POST", "/api/teams", owner, { name: "Broke" });
    await api.db
      .insertInto("team_members")
      .values({
        team_id: team.body.id,
        user_id: member.id,
        role: "member",
        joined_at: new Date().toISOString(),
      })
      .execute();
    const { planSeconds } = await minuteBalance(api.db, owner.id);
    await api.db
      .insertInto("minute_ledger")
      .values({
        user_id: owner.id,
        kind: "reset",
        pool: "plan",
        seconds: -planSeconds,
        idempotency_key: `test-empty:${owner.id}`,
        reference: null,
        created_at: new Date().toISOString(),
      })
      .execute();
    const refused = await upload(api.base, `/api/transcribe?teamId=${team.body.id}`, {
      file: jfk,
      fields: { source: "file", model: "whisper-1" },
      headers: member.auth,
    });
    expect(refused.status).toBe(402);
    expect(await minuteBalance(api.db, owner.id)).toEqual({ planSeconds: 0, packSeconds: 0 });
  });

  it("takes a large file's chunks into the team, reserving from the owner's pool", async () => {
    const { owner, member, teamId } = await teamWithMember("Chunked");
    const bytes = new Uint8Array(await jfk.arrayBuffer());
    const chunk = await upload(api.base, `/api/uploads/chunk?teamId=${teamId}`, {
      file: new Blob([bytes]),
      fileName: "blob",
      fields: { chunkIndex: "0", totalChunks: "1", chunkSize: String(bytes.length), chunkId: "c0" },
      headers: member.auth,
    });
    expect(chunk.status).toBe(200);
    const { sessionId } = (await chunk.json()) as { sessionId: string };
    const ownerBefore = await minuteBalance(api.db, owner.id);
    const memberBefore = await minuteBalance(api.db, member.id);
    const combined = await fetch(`${api.base}/api/uploads/combine`, {
      method: "POST",
      headers: { ...member.auth, "content-type": "application/json", prefer: "respond-async" },
      body: JSON.stringify({
        sessionId,
        fileName: "long.mp3",
        totalChunks: 1,
        originalFileSize: bytes.length,
        chunkIds: ["c0"],
        model: "whisper-1",
        teamId,
      }),
    });
    expect(combined.status).toBe(202);
    const { id } = (await combined.json()) as { id: string };
    const row = await api.db
      .selectFrom("transcriptions")
      .select(["team_id", "payer_id", "user_id"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ team_id: teamId, payer_id: owner.id, user_id: member.id });
    // The reservation is the owner's (the job may already be running or even settled).
    expect((await minuteBalance(api.db, owner.id)).planSeconds).toBeLessThan(
      ownerBefore.planSeconds,
    );
    expect(await minuteBalance(api.db, member.id)).toEqual(memberBefore);
    // The member may cancel it (edit); a settled job answers 409, which is not a refusal.
    expect([200, 409]).toContain(
      (await call("POST", `/api/transcriptions/${id}/cancel`, member)).status,
    );
  });

  it("takes a removed member's reach away everywhere: video, live text, batch, support, export", async () => {
    const { owner, member, teamId } = await teamWithMember("Desk");
    const batchId = crypto.randomUUID();
    // The member's finished upload into the team (sent in a batch), a captioned video they
    // made of it, and another of their team uploads still running.
    const done = await finishedTranscription(api.db, member.id, numberedCues(3), "desk.mp3");
    await api.db
      .updateTable("transcriptions")
      .set({ team_id: teamId, payer_id: owner.id, batch_id: batchId })
      .where("id", "=", done)
      .execute();
    const renderId = crypto.randomUUID();
    const video = join(api.uploadDir, `${renderId}.captioned.mp4`);
    writeFileSync(video, "not really a video");
    const now = new Date();
    await api.db
      .insertInto("renders")
      .values({
        id: renderId,
        user_id: member.id,
        transcription_id: done,
        status: "completed",
        options_json: JSON.stringify({ style: "standard", crop: "source" }),
        cost_seconds: 1,
        file_path: video,
        source_path: null,
        created_at: now.toISOString(),
        finished_at: now.toISOString(),
        expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
      })
      .execute();
    // A render of it under way elsewhere (a live heartbeat), its minutes reserved from them.
    const waitingRender = crypto.randomUUID();
    const before = await minuteBalance(api.db, member.id, now);
    await reserveMinutes(api.db, member.id, waitingRender, 30, now);
    await api.db
      .insertInto("renders")
      .values({
        id: waitingRender,
        user_id: member.id,
        transcription_id: done,
        status: "running",
        options_json: JSON.stringify({ style: "standard", crop: "source" }),
        cost_seconds: 30,
        file_path: null,
        source_path: null,
        created_at: now.toISOString(),
        started_at: now.toISOString(),
        heartbeat_at: now.toISOString(),
      })
      .execute();
    const running = crypto.randomUUID();
    await insertTranscription(
      api.db,
      {
        id: running,
        userId: member.id,
        fileName: "live.mp3",
        model: "whisper-1",
        engineModel: "tiny",
        options: jobOptions({ language: "en", wordTimestamps: false }),
        mediaPath: `/nonexistent/${running}`,
        mediaBytes: 1,
        durationMs: 60_000,
        teamId,
        payerId: owner.id,
      },
      now,
    );
    // Held by a worker that is alive (no sweep takes it back during the test).
    await transition(
      api.db,
      running,
      ["queued"],
      { status: "processing", worker_id: "elsewhere", heartbeat_at: now.toISOString() },
      now,
    );

    const exportZip = () => call("POST", "/api/exports", member, { ids: [done], formats: ["srt"] });
    const attach = () =>
      call("POST", "/api/support/messages", member, { text: "See this", transcriptionId: done });
    const batch = () => call("GET", `/api/batches/${batchId}`, member);
    const renderFile = () =>
      fetch(`${api.base}/api/renders/${renderId}/file`, { headers: member.auth });

    // While a member: all of it is theirs to reach.
    expect((await renderFile()).status).toBe(200);
    expect((await call("GET", `/api/renders/${renderId}`, member)).status).toBe(200);
    expect((await batch()).body.jobs.map((job: { id: string }) => job.id)).toEqual([done]);
    expect((await attach()).status).toBe(200);
    const zip = await fetch(`${api.base}/api/exports`, {
      method: "POST",
      headers: { ...member.auth, "content-type": "application/json" },
      body: JSON.stringify({ ids: [done], formats: ["srt"] }),
    });
    expect(zip.status).toBe(200);
    expect((await zip.arrayBuffer()).byteLength).toBeGreaterThan(0);
    const stream = await fetch(`${api.base}/api/transcriptions/${running}/events`, {
      headers: member.auth,
      signal: AbortSignal.timeout(15_000),
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    let received = "";
    while (!received.includes("event: processing")) {
      const { value } = await reader.read();
      received += new TextDecoder().decode(value);
    }

    // The owner removes them.
    expect((await call("DELETE", `/api/teams/${teamId}/members/${member.id}`, owner)).status).toBe(
      204,
    );

    // The open stream ends (it asks again while open); nothing else answers them either.
    const ended = Date.now();
    for (;;) {
      const { done: finished } = await reader.read();
      if (finished) break;
    }
    expect(Date.now() - ended).toBeLessThan(10_000);
    expect((await renderFile()).status).toBe(404);
    expect((await call("GET", `/api/renders/${renderId}`, member)).status).toBe(404);
    expect((await batch()).body.jobs).toEqual([]);
    expect(await attach()).toMatchObject({ status: 404, body: { code: "ATTACHMENT_NOT_FOUND" } });
    expect(await exportZip()).toMatchObject({
      status: 404,
      body: { code: "NOT_FOUND", details: { ids: [done] } },
    });
    expect((await call("GET", `/api/transcriptions/${running}/events`, member)).status).toBe(404);
    // Their running render was cancelled, its minutes given back.
    const waiting = await api.db
      .selectFrom("renders")
      .select("status")
      .where("id", "=", waitingRender)
      .executeTakeFirstOrThrow();
    expect(waiting.status).toBe("cancelled");
    expect(await minuteBalance(api.db, member.id, new Date())).toEqual(before);
    // What they pay for they may still stop or delete; the owner never saw it.
    expect((await call("GET", `/api/renders/${renderId}`, owner)).status).toBe(404);
    expect((await call("DELETE", `/api/renders/${renderId}`, member)).status).toBe(204);
  });

  it("refuses an account's invitations past INVITATIONS_PER_HOUR (429), not another's", async () => {
    const owner = await signedInUser(api.db);
    const team = await call("POST", "/api/teams", owner, { name: "Busy inviters" });
    const invite = (by: TestUser, n: number) =>
      fetch(`${api.base}/api/teams/${team.body.id as string}/invitations`, {
        method: "POST",
        headers: { ...by.auth, "content-type": "application/json" },
        body: JSON.stringify({ email: `guest-${n}-${Date.now()}@example.com`, role: "viewer" }),
      });
    for (let n = 0; n < INVITATIONS_PER_HOUR; n++)
      expect((await invite(owner, n)).status).toBe(201);
    const limited = await invite(owner, INVITATIONS_PER_HOUR);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await limited.json()) as { code: string }).code).toBe("RATE_LIMITED");
    // Another account's invitations are counted apart.
    const other = await signedInUser(api.db);
    const theirs = await call("POST", "/api/teams", other, { name: "Quiet inviters" });
    expect(
      (
        await call("POST", `/api/teams/${theirs.body.id as string}/invitations`, other, {
          email: `guest-other-${Date.now()}@example.com`,
          role: "viewer",
        })
      ).status,
    ).toBe(201);
  });
});

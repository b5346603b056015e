import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { JFK_MP3 } from "../../../packages/engine/test/helpers/media-files.js";
import { hashPassword } from "../src/auth/password.js";
import { LocalPaymentProvider } from "../src/payments/local-provider.js";
import { setPasswordHash } from "../src/users/repo.js";
import { startTestApi } from "./support/auth-app.js";
import { DATABASE_KINDS } from "./test-database.js";
import {
  signedInUser,
  startTranscriptionApi,
  upload,
  type TestUser,
  type TranscriptionApi,
} from "./support/transcription-app.js";
import { savedVoice } from "./support/saved-voice.js";
import { finishedTranscription, numberedCues } from "./support/finished-transcription.js";
import { addMember, insertTeam } from "../src/teams/teams-repo.js";

const mp3 = readFileSync(JFK_MP3);
const PASSWORD = "correct horse battery staple";
const jfk = new Blob([mp3], { type: "audio/mpeg" });

/** Tables that hold a user_id column, counted for one user. */
const USER_TABLES = [
  "auth_tokens",
  "subscriptions",
  "minute_ledger",
  "transcriptions",
  "upload_sessions",
  "checkout_sessions",
  "contact_messages",
  "voices",
] as const;

describe.each(DATABASE_KINDS)("DELETE /api/account on %s", (kind) => {
  let api: TranscriptionApi;

  beforeAll(async () => {
    api = await startTranscriptionApi(kind);
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  }, 60_000);
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const deleteAccount = (body: unknown, headers: Record<string, string>) =>
    fetch(`${api.base}/api/account`, {
      method: "DELETE",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  const me = (user: TestUser) => fetch(`${api.base}/api/auth/me`, { headers: user.auth });

  async function rowsOf(userId: string): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const table of USER_TABLES) {
      const rows = await api.db
        .selectFrom(table)
        .select("user_id")
        .where("user_id", "=", userId)
        .execute();
      counts[table] = rows.length;
    }
    const user = await api.db.selectFrom("users").select("id").where("id", "=", userId).execute();
    counts.users = user.length;
    return counts;
  }

  /** A signed-in user whose password is PASSWORD. */
  async function userWithPassword(options: Parameters<typeof signedInUser>[1] = {}) {
    const user = await signedInUser(api.db, options);
    await setPasswordHash(api.db, user.id, await hashPassword(PASSWORD), new Date());
    return user;
  }

  it("refuses without a session, without the password, with a wrong one, or another e-mail", async () => {
    const user = await userWithPassword();
    expect((await deleteAccount({ password: PASSWORD }, {})).status).toBe(401);
    // A session alone (a borrowed device, a stolen token) cannot delete the account.
    const bare = await deleteAccount({}, user.auth);
    expect(bare.status).toBe(400);
    expect(((await bare.json()) as { code: string }).code).toBe("VALIDATION_FAILED");
    const { email } = await api.db
      .selectFrom("users")
      .select("email")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    const emailOnly = await deleteAccount({ email }, user.auth);
    expect(emailOnly.status).toBe(400);
    const wrong = await deleteAccount({ password: "not my password" }, user.auth);
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { code: string }).code).toBe("WRONG_PASSWORD");
    const other = await deleteAccount(
      { email: "someone-else@example.com", password: PASSWORD },
      user.auth,
    );
    expect(other.status).toBe(400);
    expect(((await other.json()) as { code: string }).code).toBe("CONFIRMATION_MISMATCH");
    expect((await me(user)).status).toBe(200);
  });

  it("removes the user's jobs, media, uploads, tokens, plan and ledger at once", async () => {
    const email = `Delete-${randomUUID()}@Example.com`;
    const user = await userWithPassword({ email: email.toLowerCase() });
    const bystander = await signedInUser(api.db);
    const cancel = vi.spyOn(LocalPaymentProvider.prototype, "cancelSubscription");

    // A finished transcription, then one still waiting or running with its media on disk.
    const done = await upload(api.base, "/api/transcribe", {
      file: jfk,
      fields: { source: "file", model: "whisper-1", generateTimestamps: "false" },
      headers: user.auth,
    });
    expect(done.status).toBe(200);
    const pending = await upload(api.base, "/api/transcribe", {
      file: jfk,
      fields: { source: "file", model: "whisper-1", generateTimestamps: "false" },
      headers: { ...user.auth, prefer: "respond-async" },
    });
    expect(pending.status).toBe(202);
    // A chunked upload left half-way.
    const chunk = await upload(api.base, "/api/uploads/chunk", {
      file: new Blob([mp3.subarray(0, 50_000)]),
      fileName: "blob",
      fields: { chunkIndex: "0", totalChunks: "3", chunkSize: "50000", chunkId: "c0" },
      headers: user.auth,
    });
    expect(chunk.status).toBe(200);
    // A paid plan at the provider, and a message sent through the contact form.
    await api.db
      .updateTable("subscriptions")
      .set({ plan_type: "basic", provider_subscription_id: "sub_to_cancel" })
      .where("user_id", "=", user.id)
      .execute();
    const messageId = randomUUID();
    await api.db
      .insertInto("contact_messages")
      .values({
        id: messageId,
        user_id: user.id,
        name: "Test User",
        email: user.id,
        subject: "Other",
        message: "Hello",
        locale: "en",
        created_at: new Date().toISOString(),
      })
      .execute();

    // Saved voices, the user's and a bystander's.
    await savedVoice(api.db, user.id, "Ann");
    const theirs = await savedVoice(api.db, bystander.id, "Ann");

    const before = await rowsOf(user.id);
    expect(before.voices).toBe(1);
    expect(before.transcriptions).toBe(2);
    expect(before.upload_sessions).toBe(1);
    expect(before.auth_tokens).toBeGreaterThan(0);
    expect(before.minute_ledger).toBeGreaterThan(0);
    expect(api.leftovers().length).toBeGreaterThan(0);

    // The confirmation is compared without regard to case or spaces.
    const response = await deleteAccount(
      { email: `  ${email.toUpperCase()} `, password: PASSWORD },
      user.auth,
    );
    expect(response.status).toBe(204);

    expect(cancel).toHaveBeenCalledWith("sub_to_cancel", "now");
    expect((await me(user)).status).toBe(401);
    expect(await rowsOf(user.id)).toEqual({
      auth_tokens: 0,
      subscriptions: 0,
      minute_ledger: 0,
      transcriptions: 0,
      upload_sessions: 0,
      checkout_sessions: 0,
      contact_messages: 0,
      voices: 0,
      users: 0,
    });
    const kept = await api.db.selectFrom("voices").select("id").where("id", "=", theirs).execute();
    expect(kept).toHaveLength(1);
    const chunks = await api.db.selectFrom("upload_chunks").select("session_id").execute();
    expect(chunks).toEqual([]);
    const message = await api.db
      .selectFrom("contact_messages")
      .select("user_id")
      .where("id", "=", messageId)
      .executeTakeFirst();
    expect(message).toEqual({ user_id: null });
    // A worker that was running the job lets go of its media too.
    await vi.waitFor(() => expect(api.leftovers()).toEqual([]), { timeout: 10_000 });

    // Nobody else is touched; a second deletion with the old token is refused.
    expect((await me(bystander)).status).toBe(200);
    expect((await deleteAccount({ password: PASSWORD }, user.auth)).status).toBe(401);
  }, 120_000);

  it("keeps a member's team transcriptions with the team; an owner's teams go with theirs", async () => {
    const owner = await userWithPassword();
    const member = await userWithPassword();
    const now = new Date();
    const kept = await insertTeam(api.db, owner.id, "Kept", now);
    await addMember(api.db, kept.id, member.id, "member", now);
    const owned = await insertTeam(api.db, member.id, "Member's own", now);
    const inKept = await finishedTranscription(api.db, member.id, numberedCues(1));
    const inOwned = await finishedTranscription(api.db, member.id, numberedCues(1));
    for (const [id, teamId] of [
      [inKept, kept.id],
      [inOwned, owned.id],
    ] as const) {
      await api.db
        .updateTable("transcriptions")
        .set({ team_id: teamId })
        .where("id", "=", id)
        .execute();
    }

    expect((await deleteAccount({ password: PASSWORD }, member.auth)).status).toBe(204);
    const left = await api.db
      .selectFrom("transcriptions")
      .select(["id", "user_id", "team_id"])
      .where("id", "in", [inKept, inOwned])
      .execute();
    expect(left).toEqual([{ id: inKept, user_id: owner.id, team_id: kept.id }]);
    expect(
      await api.db.selectFrom("teams").select("id").where("id", "=", owned.id).execute(),
    ).toEqual([]);
    expect(
      await api.db
        .selectFrom("team_members")
        .select("user_id")
        .where("team_id", "=", kept.id)
        .execute(),
    ).toEqual([{ user_id: owner.id }]);
  });
});

describe("DELETE /api/account: password guesses are limited like sign-in's", () => {
  it("answers 429 after the per-account limit, even with the right password", async () => {
    const api = await startTestApi(
      "sqlite",
      {},
      {
        rateLimits: {
          perIp: { max: 100, windowMs: 60_000 },
          perEmail: { max: 3, windowMs: 60_000 },
        },
      },
    );
    try {
      const user = await signedInUser(api.db);
      await setPasswordHash(api.db, user.id, await hashPassword(PASSWORD), new Date());
      const guess = (password: string) =>
        fetch(`${api.base}/api/account`, {
          method: "DELETE",
          headers: { "content-type": "application/json", ...user.auth },
          body: JSON.stringify({ password }),
        });
      for (const attempt of ["guess 1", "guess 2", "guess 3"]) {
        expect((await guess(attempt)).status).toBe(400);
      }
      const limited = await guess(PASSWORD);
      expect(limited.status).toBe(429);
      expect(limited.headers.get("retry-after")).toBeTruthy();
      expect(((await limited.json()) as { code: string }).code).toBe("RATE_LIMITED");
      const still = await fetch(`${api.base}/api/auth/me`, { headers: user.auth });
      expect(still.status).toBe(200);
    } finally {
      await api.close();
    }
  });
});

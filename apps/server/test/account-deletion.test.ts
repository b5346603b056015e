import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { JFK_MP3 } from "../../../packages/engine/test/helpers/media-files.js";
import { LocalPaymentProvider } from "../src/payments/local-provider.js";
import { DATABASE_KINDS } from "./test-database.js";
import {
  signedInUser,
  startTranscriptionApi,
  upload,
  type TestUser,
  type TranscriptionApi,
} from "./support/transcription-app.js";
import { savedVoice } from "./support/saved-voice.js";

const mp3 = readFileSync(JFK_MP3);
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

  it("refuses without a session, or when the typed e-mail is not the account's", async () => {
    const user = await signedInUser(api.db);
    expect((await deleteAccount({ email: "x@example.com" }, {})).status).toBe(401);
    const wrong = await deleteAccount({ email: "someone-else@example.com" }, user.auth);
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { code: string }).code).toBe("CONFIRMATION_MISMATCH");
    expect((await deleteAccount({}, user.auth)).status).toBe(400);
    expect((await me(user)).status).toBe(200);
  });

  it("removes the user's jobs, media, uploads, tokens, plan and ledger at once", async () => {
    const email = `Delete-${randomUUID()}@Example.com`;
    const user = await signedInUser(api.db, { email: email.toLowerCase() });
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
    const response = await deleteAccount({ email: `  ${email.toUpperCase()} ` }, user.auth);
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
    expect((await deleteAccount({ email }, user.auth)).status).toBe(401);
  }, 120_000);
});

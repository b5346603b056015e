import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../src/auth/password.js";
import { setPasswordHash } from "../src/users/repo.js";
import { startTestApi, type TestApi } from "./support/auth-app.js";
import { finishedTranscription } from "./support/finished-transcription.js";
import { signedInUser, type TestUser } from "./support/transcription-app.js";
import { DATABASE_KINDS } from "./test-database.js";

interface Message {
  id: string;
  userId: string;
  from: "user" | "support";
  text: string;
  attachment: { transcriptionId: string; fileName: string | null } | null;
  readAt: string | null;
}
interface Conversation {
  messages: Message[];
  unread: number;
  supportOpen: boolean;
}
interface ConversationList {
  conversations: { userId: string; email: string; unread: number; lastMessage: Message }[];
  unread: number;
}

const ADMIN = "admin@example.com";
const MAIL_DELAY_MS = 400;
const RATE_LIMIT = { max: 5, windowMs: 60_000 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(DATABASE_KINDS)("support chat on %s", (kind) => {
  let api: TestApi;
  let admin: TestUser;

  const get = (path: string, user: TestUser) => fetch(`${api.base}${path}`, { headers: user.auth });
  const say = (user: TestUser, body: unknown) => api.post("/api/support/messages", body, user.auth);
  const reply = (userId: string, body: unknown, by = admin) =>
    api.post(`/api/admin/support/conversations/${userId}/messages`, body, by.auth);
  const conversation = async (user: TestUser) =>
    (await (await get("/api/support/messages", user)).json()) as Conversation;
  const mailsTo = (address: string) =>
    api.db
      .selectFrom("mail_outbox")
      .select(["subject", "text_body"])
      .where("to_address", "=", address)
      .execute();
  const emailOf = async (user: TestUser) =>
    (
      await api.db
        .selectFrom("users")
        .select("email")
        .where("id", "=", user.id)
        .executeTakeFirstOrThrow()
    ).email;

  beforeAll(async () => {
    api = await startTestApi(kind, { ADMIN_EMAILS: ADMIN, WORKER_CONCURRENCY: "0" }, undefined, {
      support: { rateLimit: RATE_LIMIT, mailDelayMs: MAIL_DELAY_MS, sweepMs: 50 },
    });
    admin = await signedInUser(api.db, { email: ADMIN });
  });
  afterAll(async () => {
    await api?.close();
  });

  it("a user writes with a transcription linked, the admin lists, reads and replies, the user reads", async () => {
    const user = await signedInUser(api.db);
    const jobId = await finishedTranscription(api.db, user.id, [], "board-meeting.mp3");
    const sent = await say(user, {
      text: "  The timing is off after 10 minutes. ",
      transcriptionId: jobId,
    });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toMatchObject({
      from: "user",
      text: "The timing is off after 10 minutes.",
      attachment: { transcriptionId: jobId, fileName: "board-meeting.mp3" },
      readAt: null,
    });

    const list = (await (
      await get("/api/admin/support/conversations", admin)
    ).json()) as ConversationList;
    const mine = list.conversations.find((c) => c.userId === user.id);
    expect(mine).toMatchObject({
      email: await emailOf(user),
      unread: 1,
      lastMessage: { attachment: { fileName: "board-meeting.mp3" } },
    });
    // Unread conversations come first.
    const firstRead = list.conversations.findIndex((c) => c.unread === 0);
    if (firstRead >= 0)
      expect(list.conversations.slice(firstRead).every((c) => c.unread === 0)).toBe(true);

    const opened = (await (
      await get(`/api/admin/support/conversations/${user.id}/messages`, admin)
    ).json()) as Conversation;
    expect(opened.messages.map((m) => m.text)).toEqual(["The timing is off after 10 minutes."]);
    expect(opened.unread).toBe(1);
    expect(
      (await api.post(`/api/admin/support/conversations/${user.id}/read`, undefined, admin.auth))
        .status,
    ).toBe(200);
    expect((await reply(user.id, { text: "Thanks, we are looking at it." })).status).toBe(200);
    const listed = (await (
      await get("/api/admin/support/conversations", admin)
    ).json()) as ConversationList;
    expect(listed.conversations.find((c) => c.userId === user.id)?.unread).toBe(0);

    const read = await conversation(user);
    expect(read.messages.map((m) => [m.from, m.text])).toEqual([
      ["user", "The timing is off after 10 minutes."],
      ["support", "Thanks, we are looking at it."],
    ]);
    expect(read.messages[0]?.readAt).not.toBeNull();
    expect(read.unread).toBe(1);
    expect(typeof read.supportOpen).toBe("boolean");
    await api.post("/api/support/read", undefined, user.auth);
    expect((await conversation(user)).unread).toBe(0);
  });

  it("keeps conversations apart and /api/admin/support/* for admins", async () => {
    const alice = await signedInUser(api.db);
    const mallory = await signedInUser(api.db);
    await say(alice, { text: "My invoice is wrong" });
    expect((await conversation(mallory)).messages).toEqual([]);
    expect((await get("/api/admin/support/conversations", mallory)).status).toBe(403);
    expect(
      (await get(`/api/admin/support/conversations/${alice.id}/messages`, mallory)).status,
    ).toBe(403);
    expect((await reply(alice.id, { text: "pretending to be support" }, mallory)).status).toBe(403);
    expect(
      (await api.post(`/api/admin/support/conversations/${alice.id}/read`, undefined, mallory.auth))
        .status,
    ).toBe(403);
    expect((await fetch(`${api.base}/api/support/messages`)).status).toBe(401);
    expect((await conversation(alice)).messages.map((m) => [m.from, m.text])).toEqual([
      ["user", "My invoice is wrong"],
    ]);
  });

  it("refuses to link another user's transcription", async () => {
    const owner = await signedInUser(api.db);
    const other = await signedInUser(api.db);
    const theirs = await finishedTranscription(api.db, owner.id, [], "private-call.mp3");
    const refused = await say(other, { text: "look at this", transcriptionId: theirs });
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as { code: string }).code).toBe("ATTACHMENT_NOT_FOUND");
    // Nor may support link it into someone else's conversation.
    expect((await reply(other.id, { text: "see", transcriptionId: theirs })).status).toBe(404);
    expect((await conversation(other)).messages).toEqual([]);
  });

  it("limits how many messages a user sends (429 with Retry-After)", async () => {
    const user = await signedInUser(api.db);
    for (let i = 0; i < RATE_LIMIT.max; i += 1) {
      expect((await say(user, { text: `message ${i}` })).status).toBe(200);
    }
    const limited = await say(user, { text: "one too many" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await limited.json()) as { code: string }).code).toBe("RATE_LIMITED");
    expect((await conversation(user)).messages).toHaveLength(RATE_LIMIT.max);
    // Another user is not held back.
    expect((await say(await signedInUser(api.db), { text: "hello" })).status).toBe(200);
  });

  it("e-mails the other side once about messages left unread past the delay", async () => {
    const user = await signedInUser(api.db);
    const email = await emailOf(user);
    await say(user, { text: "First question" });
    await say(user, { text: "And a second one" });
    const adminMail = async () =>
      (await mailsTo(ADMIN)).filter((mail) => mail.subject.includes(email));
    expect(await adminMail()).toEqual([]);
    await expect.poll(adminMail, { timeout: 5_000, interval: 50 }).toHaveLength(1);
    const [toAdmin] = await adminMail();
    expect(toAdmin?.text_body).toContain("First question");
    expect(toAdmin?.text_body).toContain("And a second one");
    // Still unread: a further message does not bring a further mail.
    await say(user, { text: "Hello?" });
    await sleep(MAIL_DELAY_MS * 3);
    expect(await adminMail()).toHaveLength(1);

    // Support's reply the user does not read: one mail to the user.
    await reply(user.id, { text: "Here is the answer" });
    await reply(user.id, { text: "And one more thing" });
    await expect.poll(() => mailsTo(email), { timeout: 5_000, interval: 50 }).toHaveLength(1);
    expect((await mailsTo(email))[0]?.text_body).toContain("Here is the answer");
    await sleep(MAIL_DELAY_MS * 3);
    expect(await mailsTo(email)).toHaveLength(1);

    // A reply read in time sends no mail.
    const reader = await signedInUser(api.db);
    await reply(reader.id, { text: "Read me now" });
    await api.post("/api/support/read", undefined, reader.auth);
    await sleep(MAIL_DELAY_MS * 3);
    expect(await mailsTo(await emailOf(reader))).toEqual([]);
  });

  it("delivers the admin's reply to the user's event stream as it is sent", async () => {
    const user = await signedInUser(api.db);
    await say(user, { text: "Is anyone there?" });
    const controller = new AbortController();
    const stream = await fetch(`${api.base}/api/support/events`, {
      headers: user.auth,
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toContain("text/event-stream");
    // Another user's conversation is not on this stream.
    await reply((await signedInUser(api.db)).id, { text: "not for you" });
    await reply(user.id, { text: "Yes, how can we help?" });
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    const deadline = Date.now() + 5_000;
    while (!text.includes("how can we help") && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    controller.abort();
    const events = text
      .split("\n\n")
      .filter((block) => block.startsWith("id:"))
      .map((block) => ({
        event: block.match(/^event: (.+)$/m)?.[1],
        data: JSON.parse(block.match(/^data: (.+)$/m)?.[1] ?? "{}") as { message?: Message },
      }));
    expect(events.map((e) => [e.event, e.data.message?.text])).toEqual([
      ["message", "Yes, how can we help?"],
    ]);
    expect(events[0]?.data.message).toMatchObject({ userId: user.id, from: "support" });
  });

  it("deleting the account deletes its conversation", async () => {
    const user = await signedInUser(api.db);
    await setPasswordHash(api.db, user.id, await hashPassword("correct horse 1"), new Date());
    await say(user, { text: "Bye" });
    await reply(user.id, { text: "Sorry to see you go" });
    const deleted = await fetch(`${api.base}/api/account`, {
      method: "DELETE",
      headers: { ...user.auth, "content-type": "application/json" },
      body: JSON.stringify({ password: "correct horse 1" }),
    });
    expect(deleted.status).toBe(204);
    const left = await api.db
      .selectFrom("support_messages")
      .select("id")
      .where("user_id", "=", user.id)
      .execute();
    expect(left).toEqual([]);
  });
});

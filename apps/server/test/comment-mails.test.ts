import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pino from "pino";
import type { Mailer, MailMessage } from "../src/mail/mailer.js";
import { mailCommentBatches } from "../src/sharing/comment-notifications.js";
import { addComment } from "../src/sharing/comments.js";
import { createShareLink } from "../src/sharing/share-links.js";
import { insertTeam } from "../src/teams/teams-repo.js";
import { startTestApi, type TestApi } from "./support/auth-app.js";
import { finishedTranscription, numberedCues } from "./support/finished-transcription.js";
import { signedInUser, type TestUser } from "./support/transcription-app.js";
import { createTestDatabase, DATABASE_KINDS } from "./test-database.js";

// The owner's one e-mail per batch of comments left through share links (docs/sharing.md).

const QUIET_MS = 1000;

describe.each(DATABASE_KINDS)("e-mails to the owner about comments on %s", (kind) => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi(kind, { TRUST_PROXY: "127.0.0.1" }, undefined, {
      sharing: { commentMails: { quietMs: QUIET_MS, capMs: 60_000, sweepMs: 50 } },
    });
  });
  afterAll(async () => {
    await api?.close();
  });

  const call = async (
    method: string,
    path: string,
    headers: Record<string, string>,
    body?: unknown,
  ) =>
    fetch(`${api.base}${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const emailOf = async (user: TestUser) =>
    (
      await api.db
        .selectFrom("users")
        .select("email")
        .where("id", "=", user.id)
        .executeTakeFirstOrThrow()
    ).email;
  const mailsTo = async (user: TestUser) =>
    api.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("to_address", "=", await emailOf(user))
      .execute();
  const sharedTranscription = async (user: TestUser, fileName = "interview.mp3") => {
    const id = await finishedTranscription(api.db, user.id, numberedCues(30), fileName);
    const response = await call("POST", `/api/transcriptions/${id}/shares`, user.auth, {
      expiresIn: "7d",
      allowDownload: false,
      allowComments: true,
    });
    expect(response.status).toBe(201);
    return { id, token: ((await response.json()) as { token: string }).token };
  };
  const comment = async (token: string, body: Record<string, unknown>, ip = "10.0.0.1") => {
    const response = await call(
      "POST",
      `/api/shared/${token}/comments`,
      { "x-forwarded-for": ip },
      { authorName: "Ada", body: "Check this", startMs: 1000, ...body },
    );
    expect(response.status).toBe(201);
  };
  /** Waits until none of the transcription's comments waits for an e-mail. */
  const settled = async (id: string) =>
    expect
      .poll(
        async () =>
          (
            await api.db
              .selectFrom("share_comments")
              .select("owner_mail")
              .where("transcription_id", "=", id)
              .execute()
          ).filter((row) => row.owner_mail === "pending").length,
        { timeout: 10_000, interval: 50 },
      )
      .toBe(0)
      // Taken, then handed to the mailer: give the mail its moment to be written.
      .then(() => new Promise((resolve) => setTimeout(resolve, 300)));

  it("sends one e-mail for a batch of three comments, the viewers' text escaped, with a link to the editor", async () => {
    const owner = await signedInUser(api.db);
    const { id, token } = await sharedTranscription(owner, "board\r\nBcc: victim@example.com.mp3");
    await comment(token, { body: "First point", startMs: 1000 });
    await comment(token, {
      authorName: "<b>Mallory</b>",
      body: '<img src=x onerror="alert(1)"><a href="https://evil.test">click</a>',
      startMs: 2500,
    });
    await comment(token, { body: "Third & last", startMs: 65_000 }, "10.0.0.2");
    await settled(id);
    // Another sweep or two: still one e-mail.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const mails = await mailsTo(owner);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe("3 new comments on “board Bcc: victim@example.com.mp3”");
    expect(mail!.subject).not.toMatch(/[\r\n]/);
    expect(mail!.text_body).toContain("First point");
    expect(mail!.text_body).toContain("Ada · 0:01");
    expect(mail!.text_body).toContain("Ada · 1:05");
    expect(mail!.text_body).toContain(`https://verbatim.test/?job=${id}`);
    expect(mail!.html_body).not.toContain("<img");
    expect(mail!.html_body).not.toContain("<b>Mallory");
    expect(mail!.html_body).not.toContain('href="https://evil.test"');
    expect(mail!.html_body).toContain("&#60;img src=x onerror=&#34;alert(1)&#34;&#62;");
    expect(mail!.html_body).toContain("&#60;b&#62;Mallory&#60;/b&#62; · 0:02");
    expect(mail!.html_body).toContain("Third &#38; last");
    expect(mail!.html_body).toContain(`href="https://verbatim.test/?job=${id}"`);

    // A later comment starts a new batch: its own e-mail, listing only it.
    await comment(token, { body: "One more" });
    await settled(id);
    const later = await mailsTo(owner);
    expect(later).toHaveLength(2);
    expect(later[1]!.subject).toBe("New comment on “board Bcc: victim@example.com.mp3”");
    expect(later[1]!.text_body).toContain("One more");
    expect(later[1]!.text_body).not.toContain("First point");
  });

  it("writes to an owner who uses Verbatim in Chinese in Chinese", async () => {
    const owner = await signedInUser(api.db);
    const language = await call("PUT", "/api/account/language", owner.auth, { language: "zh-HK" });
    expect(language.status).toBe(200);
    const { id, token } = await sharedTranscription(owner, "會議.mp3");
    await comment(token, { body: "請看這裏" });
    await settled(id);
    const mails = await mailsTo(owner);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("「會議.mp3」有新留言");
    expect(mails[0]!.text_body).toContain("在編輯器開啟");
    expect(mails[0]!.html_body).toContain('<html lang="zh-HK">');
  });

  it("sends nothing to an owner who turned these e-mails off, and nothing later for those comments", async () => {
    const owner = await signedInUser(api.db);
    const me = await call("GET", "/api/auth/me", owner.auth);
    expect(((await me.json()) as { commentMails: boolean }).commentMails).toBe(true);
    const off = await call("PUT", "/api/account/mail-preferences", owner.auth, {
      commentMails: false,
    });
    expect(off.status).toBe(200);
    expect(((await off.json()) as { commentMails: boolean }).commentMails).toBe(false);
    const { id, token } = await sharedTranscription(owner);
    await comment(token, { body: "Nobody hears this" });
    await settled(id);
    expect(await mailsTo(owner)).toHaveLength(0);

    // Turned on again: the next comment is mailed, the skipped one is not.
    const on = await call("PUT", "/api/account/mail-preferences", owner.auth, {
      commentMails: true,
    });
    expect(((await on.json()) as { commentMails: boolean }).commentMails).toBe(true);
    await comment(token, { body: "Heard" });
    await settled(id);
    const mails = await mailsTo(owner);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain("Heard");
    expect(mails[0]!.text_body).not.toContain("Nobody hears this");
  });

  it("tells a team transcription's owner (the team's), not the member who uploaded it", async () => {
    const teamOwner = await signedInUser(api.db);
    const member = await signedInUser(api.db);
    const team = await insertTeam(api.db, teamOwner.id, "Desk", new Date());
    const id = await finishedTranscription(api.db, member.id, numberedCues(3));
    await api.db
      .updateTable("transcriptions")
      .set({ team_id: team.id })
      .where("id", "=", id)
      .execute();
    const response = await call("POST", `/api/transcriptions/${id}/shares`, teamOwner.auth, {
      expiresIn: "7d",
      allowDownload: false,
      allowComments: true,
    });
    expect(response.status).toBe(201);
    const { token } = (await response.json()) as { token: string };
    await comment(token, { body: "For the team" });
    await settled(id);
    expect(await mailsTo(teamOwner)).toHaveLength(1);
    expect(await mailsTo(member)).toHaveLength(0);
  });

  it("does not mail the owner's own comments", async () => {
    const owner = await signedInUser(api.db);
    const { id } = await sharedTranscription(owner);
    const response = await call("POST", `/api/transcriptions/${id}/comments`, owner.auth, {
      body: "My own note",
      startMs: 1000,
    });
    expect(response.status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS + 300));
    expect(await mailsTo(owner)).toHaveLength(0);
  });
});

describe.each(DATABASE_KINDS)("when a batch of comments is mailed, on %s", (kind) => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  const recordingMailer = (sent: MailMessage[]): Mailer => ({
    send: async (message) => {
      sent.push(message);
      return "logged";
    },
    close: () => undefined,
  });
  const MINUTE = 60_000;

  it("waits for a quiet period, but no longer than the cap after the first comment; two processes send it once", async () => {
    const { db } = database;
    const owner = await signedInUser(db);
    const id = await finishedTranscription(db, owner.id, numberedCues(3));
    const job = await db
      .selectFrom("transcriptions")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    const link = await createShareLink(
      db,
      job,
      { expiresIn: "never", allowDownload: false, allowComments: true, showOverview: true },
      new Date(),
    );
    const start = Date.parse("2026-11-29T10:00:00.000Z");
    const at = (minutes: number) => new Date(start + minutes * MINUTE);
    // A comment every 5 minutes: never 10 quiet minutes.
    for (const minute of [0, 5, 10, 15]) {
      await addComment(
        db,
        job,
        { kind: "viewer", name: "Ada", linkId: link.id },
        { body: `At ${minute}`, startMs: 1000 },
        at(minute),
      );
    }
    const sent: MailMessage[] = [];
    const sweep = (minutes: number) =>
      mailCommentBatches(
        {
          db,
          config: { publicUrl: "https://verbatim.test" },
          mailer: recordingMailer(sent),
          log: pino({ level: "silent" }),
          now: () => at(minutes),
        },
        { quietMs: 10 * MINUTE, capMs: 60 * MINUTE },
      );
    expect(await sweep(16)).toBe(0);
    expect(await sweep(24)).toBe(0);
    // Ten quiet minutes after the last: one e-mail, and a second process at the same moment
    // (or this one again after a restart) finds nothing left to send.
    const [a, b] = await Promise.all([sweep(25), sweep(25)]);
    expect(a + b).toBe(1);
    expect(await sweep(26)).toBe(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe("4 new comments on “interview.mp3”");

    // A busy link: the cap sends after an hour even though comments keep coming.
    for (let minute = 100; minute <= 160; minute += 5) {
      await addComment(
        db,
        job,
        { kind: "viewer", name: "Ada", linkId: link.id },
        { body: `At ${minute}`, startMs: 1000 },
        at(minute),
      );
      await sweep(minute);
    }
    expect(sent).toHaveLength(2);
    expect(sent[1]!.subject).toBe("13 new comments on “interview.mp3”");
  });
});

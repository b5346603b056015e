import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  MAX_COMMENT_CHARS,
  MAX_COMMENTER_NAME,
  MAX_COMMENTS_PER_TRANSCRIPTION,
} from "@verbatim/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "./support/auth-app.js";
import { finishedTranscription, numberedCues } from "./support/finished-transcription.js";
import { signedInUser, type TestUser } from "./support/transcription-app.js";
import { DATABASE_KINDS } from "./test-database.js";

interface Link {
  id: string;
  url: string;
  token: string;
  expiresAt: string | null;
  hasPassword: boolean;
}
interface Page {
  fileName: string;
  ownerName: string | null;
  subtitles: { id: number; text: string }[];
  media: { url: string } | null;
  mediaGone: string | null;
  permissions: { download: boolean; comment: boolean };
}
interface CommentBody {
  id: string;
  authorName: string;
  body: string;
  resolvedAt: string | null;
  parentId: string | null;
  startMs: number;
}

describe.each(DATABASE_KINDS)("share links and comments on %s", (kind) => {
  let api: TestApi;
  let media: string;

  beforeAll(async () => {
    media = mkdtempSync(join(tmpdir(), "verbatim-share-"));
    // X-Forwarded-For from the test's own address is believed: each test viewer has an address.
    api = await startTestApi(kind, { TRUST_PROXY: "127.0.0.1" }, undefined, {
      sharing: {
        unlockPerLinkAndIp: { max: 3, windowMs: 60_000 },
        commentsPerIp: { max: 12, windowMs: 60_000 },
        commentsPerViewer: { max: 5, windowMs: 60_000 },
        downloadsPerViewer: { max: 3, windowMs: 60_000 },
      },
    });
  });
  afterAll(async () => {
    await api?.close();
    rmSync(media, { recursive: true, force: true });
  });

  const call = (
    method: string,
    path: string,
    headers: Record<string, string> = {},
    body?: unknown,
  ) =>
    fetch(`${api.base}${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const owned = async (user: TestUser) => finishedTranscription(api.db, user.id, numberedCues(3));
  const share = async (
    user: TestUser,
    id: string,
    options: Partial<{
      expiresIn: string;
      password: string;
      allowDownload: boolean;
      allowComments: boolean;
      showOverview: boolean;
    }> = {},
  ) => {
    const response = await call("POST", `/api/transcriptions/${id}/shares`, user.auth, {
      expiresIn: "7d",
      allowDownload: false,
      allowComments: true,
      ...options,
    });
    expect(response.status).toBe(201);
    return (await response.json()) as Link;
  };
  const comment = (token: string, body: Record<string, unknown>, headers = {}) =>
    call("POST", `/api/shared/${token}/comments`, headers, {
      authorName: "Ada",
      body: "Check this",
      startMs: 1000,
      ...body,
    });

  it("shares by a long random link that opens without an account, costs nothing, sends noindex", async () => {
    const owner = await signedInUser(api.db);
    const id = await owned(owner);
    const link = await share(owner, id);
    expect(link.token).toMatch(/^[\w-]{43}$/);
    expect(link.url).toBe(`https://verbatim.test/s/${link.token}`);
    expect(Date.parse(link.expiresAt!)).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    const ledgerBefore = await api.db.selectFrom("minute_ledger").selectAll().execute();

    const response = await call("GET", `/api/shared/${link.token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-robots-tag")).toContain("noindex");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    const page = (await response.json()) as Page;
    expect(page.subtitles.map((cue) => cue.text)).toEqual(["Line 1", "Line 2", "Line 3"]);
    expect(page.ownerName).toBe("Test User");
    expect(JSON.stringify(page)).not.toMatch(/@example\.com|user_?id/i);
    expect(page.media).toBeNull();
    expect(page.mediaGone).toBe("not-kept");
    expect(page.permissions).toEqual({ download: false, comment: true });
    expect(await api.db.selectFrom("minute_ledger").selectAll().execute()).toEqual(ledgerBefore);

    const detail = (await (await call("GET", `/api/transcriptions/${id}`, owner.auth)).json()) as {
      commentCount: number;
    };
    expect(detail.commentCount).toBe(0);
    const listed = (await (
      await call("GET", `/api/transcriptions/${id}/shares`, owner.auth)
    ).json()) as Link[];
    expect(listed.map((l) => l.token)).toEqual([link.token]);
  });

  it("keeps each link's choice to show the overview (on unless left off)", async () => {
    const owner = await signedInUser(api.db);
    const id = await owned(owner);
    const shown = (await share(owner, id)) as Link & { showOverview: boolean };
    const hidden = (await share(owner, id, { showOverview: false })) as Link & {
      showOverview: boolean;
    };
    expect([shown.showOverview, hidden.showOverview]).toEqual([true, false]);
    const rows = await api.db
      .selectFrom("share_links")
      .select(["id", "show_overview"])
      .where("transcription_id", "=", id)
      .execute();
    expect(Object.fromEntries(rows.map((row) => [row.id, Number(row.show_overview)]))).toEqual({
      [shown.id]: 1,
      [hidden.id]: 0,
    });
    // No insights yet: neither page has an overview.
    const page = (await (await call("GET", `/api/shared/${hidden.token}`)).json()) as {
      overview?: unknown;
    };
    expect(page.overview ?? null).toBeNull();
  });

  it("answers 404 to guessed, revoked and expired tokens alike", async () => {
    const owner = await signedInUser(api.db);
    const id = await owned(owner);
    const link = await share(owner, id);
    const guessed = `${link.token.slice(0, -1)}${link.token.endsWith("A") ? "B" : "A"}`;
    expect((await call("GET", `/api/shared/${guessed}`)).status).toBe(404);
    expect((await call("GET", `/api/shared/short`)).status).toBe(404);

    const expiring = await share(owner, id, { expiresIn: "1d" });
    await api.db
      .updateTable("share_links")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", expiring.id)
      .execute();
    expect((await call("GET", `/api/shared/${expiring.token}`)).status).toBe(404);

    expect((await call("DELETE", `/api/shares/${link.id}`, owner.auth)).status).toBe(204);
    const revoked = await call("GET", `/api/shared/${link.token}`);
    expect(revoked.status).toBe(404);
    expect(((await revoked.json()) as { code: string }).code).toBe("NOT_FOUND");
    expect(
      (await (await call("GET", `/api/transcriptions/${id}/shares`, owner.auth)).json()) as Link[],
    ).toEqual([]);
  });

  it("asks for the password, refuses a wrong one, limits guesses, and lets the right grant in", async () => {
    const owner = await signedInUser(api.db);
    const id = await owned(owner);
    const link = await share(owner, id, { password: "open sesame" });
    expect(link.hasPassword).toBe(true);
    const row = await api.db
      .selectFrom("share_links")
      .selectAll()
      .where("id", "=", link.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);

    const locked = await call("GET", `/api/shared/${link.token}`);
    expect(locked.status).toBe(401);
    expect(((await locked.json()) as { code: string }).code).toBe("SHARE_PASSWORD_REQUIRED");
    expect((await call("GET", `/api/shared/${link.token}/comments`)).status).toBe(401);
    expect(
      (await call("GET", `/api/shared/${link.token}`, { "x-share-grant": "made-up" })).status,
    ).toBe(401);

    const unlock = (password: string) =>
      call("POST", `/api/shared/${link.token}/unlock`, {}, { password });
    const wrong = await unlock("guess");
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { code: string }).code).toBe("SHARE_PASSWORD_WRONG");
    const right = await unlock("open sesame");
    expect(right.status).toBe(200);
    const { grant } = (await right.json()) as { grant: string };
    const page = await call("GET", `/api/shared/${link.token}`, { "x-share-grant": grant });
    expect(page.status).toBe(200);

    // The limit (3 here) counts every try on this link from this address, right ones included.
    expect((await unlock("another guess")).status).toBe(401);
    const limited = await unlock("open sesame");
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { code: string }).code).toBe("RATE_LIMITED");
  });

  it("refuses another user's transcription to every owner route", async () => {
    const owner = await signedInUser(api.db);
    const stranger = await signedInUser(api.db);
    const id = await owned(owner);
    const link = await share(owner, id);
    const posted = (await (await comment(link.token, {})).json()) as CommentBody;
    const body = { expiresIn: "never", allowDownload: true, allowComments: true };
    expect(
      (await call("POST", `/api/transcriptions/${id}/shares`, stranger.auth, body)).status,
    ).toBe(404);
    expect((await call("GET", `/api/transcriptions/${id}/shares`, stranger.auth)).status).toBe(404);
    expect((await call("DELETE", `/api/shares/${link.id}`, stranger.auth)).status).toBe(404);
    expect((await call("GET", `/api/transcriptions/${id}/comments`, stranger.auth)).status).toBe(
      404,
    );
    expect(
      (
        await call("PATCH", `/api/transcriptions/${id}/comments/${posted.id}`, stranger.auth, {
          resolved: true,
        })
      ).status,
    ).toBe(404);
    expect(
      (await call("DELETE", `/api/transcriptions/${id}/comments/${posted.id}`, stranger.auth))
        .status,
    ).toBe(404);
    expect((await call("GET", `/api/shared/${link.token}`)).status).toBe(200);
    expect((await call("POST", `/api/transcriptions/${id}/shares`, {}, body)).status).toBe(401);
  });

  it("takes comments within limits; the owner sees, resolves and deletes any", async () => {
    const owner = await signedInUser(api.db);
    const id = await owned(owner);
    const link = await share(owner, id);
    const first = await comment(link.token, { cueId: 1, endMs: 3000 }, { "x-forwarded-for": "1" });
    expect(first.status).toBe(201);
    const posted = (await first.json()) as CommentBody;
    expect(posted).toMatchObject({ authorName: "Ada", body: "Check this", resolvedAt: null });
    const reply = (await (
      await comment(link.token, { parentId: posted.id, startMs: 9999, body: "Agreed" })
    ).json()) as CommentBody;
    expect(reply).toMatchObject({ parentId: posted.id, startMs: 1000 });

    expect((await comment(link.token, { body: "x".repeat(MAX_COMMENT_CHARS + 1) })).status).toBe(
      400,
    );
    expect(
      (await comment(link.token, { authorName: "n".repeat(MAX_COMMENTER_NAME + 1) })).status,
    ).toBe(400);
    expect((await comment(link.token, { authorName: undefined })).status).toBe(400);
    expect((await comment(link.token, { startMs: 5000, endMs: 4000 })).status).toBe(400);

    const noComments = await share(owner, id, { allowComments: false });
    const refused = await comment(noComments.token, {});
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe("SHARE_COMMENTS_NOT_ALLOWED");

    const listed = (await (
      await call("GET", `/api/transcriptions/${id}/comments`, owner.auth)
    ).json()) as CommentBody[];
    expect(listed.map((c) => c.body)).toEqual(["Check this", "Agreed"]);
    const detail = (await (await call("GET", `/api/transcriptions/${id}`, owner.auth)).json()) as {
      commentCount: number;
    };
    expect(detail.commentCount).toBe(2);
    const resolved = await call(
      "PATCH",
      `/api/transcriptions/${id}/comments/${posted.id}`,
      owner.auth,
      { resolved: true },
    );
    expect(((await resolved.json()) as CommentBody).resolvedAt).not.toBeNull();
    const seen = (await (
      await call("GET", `/api/shared/${link.token}/comments`)
    ).json()) as CommentBody[];
    expect(seen.find((c) => c.id === posted.id)?.resolvedAt).not.toBeNull();

    expect(
      (await call("DELETE", `/api/transcriptions/${id}/comments/${posted.id}`, owner.auth)).status,
    ).toBe(204);
    expect(
      (await (
        await call("GET", `/api/transcriptions/${id}/comments`, owner.auth)
      ).json()) as CommentBody[],
    ).toEqual([]);
  });

  it("keeps the owner's room when viewers fill theirs, and takes comments only where the media is", async () => {
    const owner = await signedInUser(api.db);
    const id = await owned(owner); // three subtitles, 9 s
    const link = await share(owner, id);
    const ownerComment = (body: Record<string, unknown>) =>
      call("POST", `/api/transcriptions/${id}/comments`, owner.auth, { body: "Mine", ...body });
    for (const [place, field] of [
      [{ startMs: 10 ** 15 }, "startMs"],
      [{ startMs: 1000, endMs: 9001 }, "endMs"],
      [{ cueId: 99 }, "cueId"],
    ] as const) {
      const refused = await comment(link.token, place);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        code: "VALIDATION_FAILED",
        details: { field },
      });
    }
    expect((await ownerComment({ startMs: 9001 })).status).toBe(400);
    expect((await ownerComment({ startMs: 9000, cueId: 3 })).status).toBe(201);

    // Viewers (anyone with the link) fill their side of the transcription…
    const at = new Date().toISOString();
    await api.db
      .insertInto("share_comments")
      .values(
        Array.from({ length: MAX_COMMENTS_PER_TRANSCRIPTION }, (_, i) => ({
          id: crypto.randomUUID(),
          transcription_id: id,
          share_link_id: link.id,
          parent_id: null,
          author_name: "Flood",
          by_owner: 0,
          body: `spam ${i}`,
          start_ms: 1000,
          end_ms: 1000,
          cue_id: null,
          resolved_at: null,
          created_at: at,
        })),
      )
      .execute();
    const full = await comment(link.token, {});
    expect(full.status).toBe(409);
    expect(((await full.json()) as { code: string }).code).toBe("TOO_MANY_COMMENTS");
    // …and the owner still comments (and can delete the flood).
    expect((await ownerComment({ startMs: 2000 })).status).toBe(201);
  });

  it("limits how often one address comments, on all links together and on each", async () => {
    const owner = await signedInUser(api.db);
    const id = await owned(owner);
    const links = [await share(owner, id), await share(owner, id), await share(owner, id)];
    const from = (address: string) => ({ "x-forwarded-for": address });
    // One viewer (address and link) meets their own limit (5 here) first…
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push(
        (await comment(links[0]!.token, { body: `a${i}` }, from("203.0.113.1"))).status,
      );
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const limited = await call(
      "POST",
      `/api/shared/${links[0]!.token}/comments`,
      { ...from("203.0.113.1"), "accept-language": "zh-HK" },
      { authorName: "Ada", body: "again", startMs: 1000 },
    );
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await limited.json()).toMatchObject({
      code: "RATE_LIMITED",
      message: "嘗試次數太多，請稍等一會再試。",
    });
    // …while another viewer of the same link, and the owner, still comment.
    expect((await comment(links[0]!.token, {}, from("203.0.113.2"))).status).toBe(201);
    const byOwner = await call("POST", `/api/transcriptions/${id}/comments`, owner.auth, {
      body: "Mine",
      startMs: 1000,
    });
    expect(byOwner.status).toBe(201);
    // The same address on other links: 12 tries a minute across every link (7 made) is the ceiling.
    const elsewhere: number[] = [];
    for (let i = 0; i < 8; i += 1)
      elsewhere.push(
        (await comment(links[1 + (i % 2)]!.token, { body: `b${i}` }, from("203.0.113.1"))).status,
      );
    expect(elsewhere).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
  });

  it("limits each viewer's downloads, not the link's other viewers' or the owner's", async () => {
    const owner = await signedInUser(api.db);
    const id = await owned(owner);
    const link = await share(owner, id, { allowDownload: true });
    const download = (address: string) =>
      call("GET", `/api/shared/${link.token}/export?format=srt`, { "x-forwarded-for": address });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await download("198.51.100.1")).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await download("198.51.100.1");
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(((await limited.json()) as { code: string }).code).toBe("RATE_LIMITED");
    expect((await download("198.51.100.2")).status).toBe(200);
    expect(
      (await call("GET", `/api/transcriptions/${id}/export?format=srt`, owner.auth)).status,
    ).toBe(200);
  });

  it("downloads only when allowed, plays the kept audio, and says when it expired", async () => {
    const owner = await signedInUser(api.db);
    const id = await owned(owner);
    const audio = join(media, `${id}.listen.m4a`);
    writeFileSync(audio, Buffer.alloc(2048, 7));
    await api.db
      .updateTable("transcriptions")
      .set({ audio_path: audio, audio_expires_at: new Date(Date.now() + 86_400_000).toISOString() })
      .where("id", "=", id)
      .execute();
    const closed = await share(owner, id);
    const refused = await call("GET", `/api/shared/${closed.token}/export?format=srt`);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe("SHARE_DOWNLOAD_NOT_ALLOWED");

    const open = await share(owner, id, { allowDownload: true, password: "pw" });
    const { grant } = (await (
      await call("POST", `/api/shared/${open.token}/unlock`, {}, { password: "pw" })
    ).json()) as { grant: string };
    const srt = await call("GET", `/api/shared/${open.token}/export?format=srt`, {
      "x-share-grant": grant,
    });
    expect(srt.status).toBe(200);
    expect(await srt.text()).toContain("Line 2");

    const page = (await (
      await call("GET", `/api/shared/${open.token}`, { "x-share-grant": grant })
    ).json()) as Page;
    expect(page.media?.url).toContain(`grant=`);
    const played = await call("GET", page.media!.url, { range: "bytes=0-99" });
    expect(played.status).toBe(206);
    expect((await played.arrayBuffer()).byteLength).toBe(100);
    expect((await call("GET", `/api/shared/${open.token}/audio`)).status).toBe(401);

    // The retention ends: the sweep deletes the copy; the page keeps the transcript and says why.
    await api.db
      .updateTable("transcriptions")
      .set({ audio_path: null })
      .where("id", "=", id)
      .execute();
    const later = (await (
      await call("GET", `/api/shared/${open.token}`, { "x-share-grant": grant })
    ).json()) as Page;
    expect(later.media).toBeNull();
    expect(later.mediaGone).toBe("expired");
    expect(later.subtitles).toHaveLength(3);
  });

  it("ends a transcription's links and comments when it is deleted", async () => {
    const owner = await signedInUser(api.db);
    const id = await owned(owner);
    const link = await share(owner, id);
    expect((await comment(link.token, {}, {})).status).toBeLessThan(500);
    expect((await call("DELETE", `/api/transcriptions/${id}`, owner.auth)).status).toBe(204);
    expect((await call("GET", `/api/shared/${link.token}`)).status).toBe(404);
    const left = await api.db
      .selectFrom("share_comments")
      .selectAll()
      .where("transcription_id", "=", id)
      .execute();
    expect(left).toEqual([]);
    const links = await api.db
      .selectFrom("share_links")
      .selectAll()
      .where("transcription_id", "=", id)
      .execute();
    expect(links).toEqual([]);
  });
});

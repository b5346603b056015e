import { join as joinPath } from "node:path";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import {
  finishedTranscription,
  numberedCues,
} from "../../server/test/support/finished-transcription.js";
import { seriousViolations } from "./support/browser.js";
import { withServerAndBrowser } from "./support/server-and-browser.js";
import { signedInContext } from "./support/signed-in.js";

// A team in the real app and server: the owner makes a team on the Teams page and invites a
// member and a viewer by e-mail; each opens the mail's link and joins; the member moves one of
// their transcriptions into the team; the viewer (on a phone, in Chinese) sees it in the team
// History with no rename or delete; the owner deletes the team after the warning that says how
// many transcriptions go. The Teams page and the team History pass axe at phone width;
// SCREENSHOT_DIR, when set, keeps a screenshot of each.

const PHONE = { width: 390, height: 844 };

describe("a team of three in the browser", () => {
  const e2e = withServerAndBrowser();

  const screenshot = async (page: Page, name: string) => {
    if (process.env.SCREENSHOT_DIR) {
      await page.screenshot({
        path: joinPath(process.env.SCREENSHOT_DIR, `${name}.png`),
        fullPage: true,
      });
    }
  };

  /** Opens the invitation mailed to `email` in `page` (the link's host is the server's). */
  const join = async (page: Page, email: string) => {
    const mail = await e2e.server.inbox.next(email);
    const link = mail.text.match(/https?:\/\/\S+\/teams\?invitation=[\w-]+/)?.[0];
    expect(link).toBeDefined();
    await page.goto(link!);
  };

  it(
    "invites by e-mail, shares a transcription by role, and deletes after the count warning",
    { timeout: 120_000 },
    async () => {
      const stamp = Date.now();
      const memberEmail = `member-${stamp}@example.com`;
      const viewerEmail = `viewer-${stamp}@example.com`;
      const { context: ownerContext } = await signedInContext(e2e.browser, e2e.server);
      const { context: memberContext, userId: memberId } = await signedInContext(
        e2e.browser,
        e2e.server,
        {
          email: memberEmail,
        },
      );
      const { context: viewerContext } = await signedInContext(e2e.browser, e2e.server, {
        email: viewerEmail,
        language: "zh-HK",
        ...PHONE,
      });
      const owner = await ownerContext.newPage();
      await owner.goto(`${e2e.server.base}/teams`);
      await owner.getByLabel("New team").fill("Newsroom");
      await owner.getByRole("button", { name: "Create team" }).click();
      await owner.getByRole("heading", { name: "Newsroom" }).waitFor();
      for (const [email, role] of [
        [memberEmail, "member"],
        [viewerEmail, "viewer"],
      ] as const) {
        await owner.getByLabel("E-mail address").fill(email);
        await owner.getByLabel("Role", { exact: true }).selectOption(role);
        await owner.getByRole("button", { name: "Send invitation" }).click();
        await owner.getByText(`Invitation sent to ${email}.`, { exact: true }).waitFor();
      }

      const member = await memberContext.newPage();
      await join(member, memberEmail);
      await member.getByText("You joined Newsroom.", { exact: true }).waitFor();
      const viewer = await viewerContext.newPage();
      await join(viewer, viewerEmail);
      await viewer.getByText("你已加入 Newsroom。", { exact: true }).waitFor();
      await viewer.getByRole("heading", { name: "Newsroom" }).waitFor();
      expect(await seriousViolations(viewer)).toEqual([]);
      // Nothing wider than the phone (a long address wraps).
      expect(
        await viewer.evaluate(
          () =>
            (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } })
              .document.documentElement.scrollWidth,
        ),
      ).toBeLessThanOrEqual(PHONE.width);
      await screenshot(viewer, "teams-viewer-zh-HK-phone");

      // The member moves their own transcription into the team, explicitly.
      await finishedTranscription(e2e.server.db, memberId, numberedCues(2), "briefing.mp3");
      await member.goto(`${e2e.server.base}/history`);
      const row = member.getByRole("row", { name: /briefing\.mp3/ });
      await row.getByRole("button", { name: "Move to team" }).click();
      await member.getByRole("dialog").getByRole("button", { name: "Move" }).click();
      await member.getByText("Moved to Newsroom.", { exact: true }).waitFor();

      // The viewer, on a phone: the team History has it, to open and download, not to change.
      await viewer.goto(`${e2e.server.base}/history`);
      await viewer
        .getByRole("navigation", { name: "誰的轉錄" })
        .getByRole("link", { name: "Newsroom" })
        .click();
      const card = viewer.getByRole("listitem").filter({ hasText: "briefing.mp3" });
      await card.waitFor();
      expect(await card.getByRole("button", { name: "重新命名" }).count()).toBe(0);
      expect(await card.getByRole("button", { name: "刪除" }).count()).toBe(0);
      expect(await seriousViolations(viewer)).toEqual([]);
      await screenshot(viewer, "team-history-zh-HK-phone");
      // Opened, it says it is the team's, and the subtitles are shown read only: nothing a
      // viewer could type would be refused and lost.
      await card.getByRole("link", { name: "開啟" }).click();
      await viewer.getByText(/這個轉錄屬於團隊 Newsroom。作為檢視者/).waitFor();
      expect(await viewer.getByLabel("第 1 句字幕的文字").isDisabled()).toBe(true);
      expect(await viewer.getByLabel("第 1 句字幕的開始時間").isDisabled()).toBe(true);
      expect(await viewer.getByRole("button", { name: "儲存變更" }).count()).toBe(0);
      await screenshot(viewer, "team-editor-viewer-zh-HK-phone");

      // The owner deletes the team: the warning says how many transcriptions go with it.
      await owner.reload();
      await owner.getByRole("heading", { name: "Newsroom" }).waitFor();
      await screenshot(owner, "teams-owner-en-desktop");
      await owner.getByRole("button", { name: "Delete team" }).click();
      await owner.getByText(/deletes the team and its 1 transcription, for every member/).waitFor();
      await owner.getByRole("button", { name: "Delete team and 1 transcription" }).click();
      await owner.getByText("Newsroom was deleted.", { exact: true }).waitFor();
      const left = await e2e.server.db
        .selectFrom("transcriptions")
        .select("id")
        .where("user_id", "=", memberId)
        .execute();
      expect(left).toEqual([]);
    },
  );
});

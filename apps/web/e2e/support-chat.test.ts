import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { finishedTranscription } from "../../server/test/support/finished-transcription.js";
import { withServerAndBrowser } from "./support/server-and-browser.js";
import { signedInContext } from "./support/signed-in.js";

/** Set to a folder to keep screenshots of both chat pages, phone and desktop, both languages. */
const SCREENSHOTS = process.env.SUPPORT_SCREENSHOTS;

describe("the support chat (browser)", () => {
  const e2e = withServerAndBrowser({ env: { ADMIN_EMAILS: "chief@example.com" } });

  it("a user writes with a transcription linked, an admin answers, the user sees it live", async () => {
    const member = await signedInContext(e2e.browser, e2e.server);
    await finishedTranscription(e2e.server.db, member.userId, [], "quarterly-call.mp3");
    const user = await member.context.newPage();
    await user.goto(`${e2e.server.base}/history`);
    await user.getByRole("button", { name: /^Account menu for / }).click();
    await user.getByRole("menuitem", { name: "Support" }).click();
    await user.waitForURL(/\/support$/);
    // Support's hours in the operator's zone (New York), then in the reader's.
    await user.getByText("Monday to Friday, 9:00 AM – 6:00 PM (Eastern Time).").waitFor();
    // The chat's connection state, not the header's link to the live-captions page.
    await user.getByRole("main").getByText("Live", { exact: true }).waitFor();
    await user.getByRole("combobox", { name: "Link a transcription" }).selectOption({
      label: "quarterly-call.mp3",
    });
    await user
      .getByRole("textbox", { name: "Message" })
      .fill("My subtitles drift after 10 minutes.");
    await user.getByRole("button", { name: "Send" }).click();
    await user.getByText("Transcription: quarterly-call.mp3").waitFor();
    // Marks this page: a reload or navigation would lose it.
    await user.evaluate(() => ((globalThis as { chatMark?: number }).chatMark = 1));

    const { context: adminContext } = await signedInContext(e2e.browser, e2e.server, {
      email: "chief@example.com",
    });
    const admin = await adminContext.newPage();
    await admin.goto(`${e2e.server.base}/admin/support`);
    const entry = admin.getByRole("button", { name: /My subtitles drift after 10 minutes/ });
    await entry.getByText("1 unread").waitFor();
    await entry.click();
    await admin.getByText("Transcription: quarterly-call.mp3").waitFor();
    await admin.getByRole("textbox", { name: "Message" }).fill("Thanks, we are re-timing it now.");
    await admin.getByRole("button", { name: "Send" }).click();
    // Opening it read the user's message: the unread mark goes, the user sees "Read".
    await entry.getByText("1 unread").waitFor({ state: "detached" });

    await user.getByText("Thanks, we are re-timing it now.").waitFor();
    await user.getByText("Read", { exact: true }).waitFor();
    expect(await user.evaluate(() => (globalThis as { chatMark?: number }).chatMark)).toBe(1);

    if (SCREENSHOTS) {
      await screenshots(user, "user");
      await screenshots(admin, "admin");
    }
    await adminContext.close();
    await member.context.close();
  });
});

/** Desktop and phone, English and Traditional Chinese. */
async function screenshots(page: Page, name: string): Promise<void> {
  for (const language of ["en", "zh-HK"]) {
    await page.evaluate((lang) => {
      const storage = (
        globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }
      ).localStorage;
      storage.setItem("language", lang);
    }, language);
    for (const [width, height] of [
      [1280, 800],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.reload();
      await page.waitForLoadState("networkidle").catch(() => undefined);
      await page.waitForTimeout(500);
      await page.screenshot({
        path: `${SCREENSHOTS}/${name}-${language}-${width}x${height}.png`,
        fullPage: true,
      });
    }
  }
}

import { join } from "node:path";
import {
  startScriptedChatServer,
  type RecordedRequest,
  type ScriptedChatServer,
  type ScriptedReply,
} from "@verbatim/llm/testing";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { finishedTranscription } from "../../server/test/support/finished-transcription.js";
import { seriousViolations, smallTouchTargets } from "./support/browser.js";
import { withServerAndBrowser } from "./support/server-and-browser.js";
import { signedInContext } from "./support/signed-in.js";

// The Overview and questions beside the editor, in the real app and server with a scripted
// language model (@verbatim/llm/testing) as LLM_BASE_URL: the cost is said, the insights are
// generated and shown, a citation seeks the editor to its cue, a question's answer streams and
// is kept; the panel passes axe at desktop (English) and phone width (Chinese).
// SCREENSHOT_DIR, when set, keeps a screenshot of each.

const CUES = [
  "Welcome to the briefing.",
  "The new bridge opens in March.",
  "Tickets go on sale next week.",
].map((text, i) => ({ start: i * 10_000, end: i * 10_000 + 9_000, text }));

/** The scripted model: insights citing the shown cues, and a streamed answer citing c2. */
function answer(request: RecordedRequest): ScriptedReply {
  const messages = (request.body?.messages ?? []) as { role: string; content: string }[];
  const user = messages.find((m) => m.role === "user")?.content ?? "";
  const ids = [...user.matchAll(/^(c\d+) \[/gm)].map((m) => m[1]!);
  if (!request.body?.response_format) {
    return { kind: "stream", pieces: ["The bridge opens ", "in March [c2]."] };
  }
  return {
    kind: "answer",
    content: JSON.stringify({
      shortSummary: { text: "A briefing on the new bridge.", cues: [ids[0]] },
      summary: [{ text: "The bridge opens in March.", cues: [ids[1]] }],
      chapters: [
        { title: "Opening", gist: "Welcome.", start: ids[0] },
        { title: "Tickets", gist: "Sales.", start: ids[2] },
      ],
      keyPoints: [],
      quotes: [],
      actionItems: [{ text: "Buy tickets", owner: null, due: "next week", cues: [ids[2]] }],
      topics: ["bridge"],
    }),
  };
}

describe("the Overview beside the editor", () => {
  let chat: ScriptedChatServer;
  // Registered first, so run last: the chat server stops after the server.
  afterAll(async () => {
    await chat?.close();
  });
  const e2e = withServerAndBrowser(async () => {
    chat = await startScriptedChatServer((request) => answer(request));
    return {
      env: {
        LLM_BASE_URL: chat.url,
        LLM_MODEL: "scripted",
        LLM_CONTEXT_SIZE: "8192",
        LLM_MAX_RETRIES: "0",
      },
    };
  });

  const shoot = async (page: Page, name: string) => {
    if (!process.env.SCREENSHOT_DIR) return;
    // From the top: a full-page shot of a scrolled page draws the sticky header mid-page.
    await page.evaluate(() =>
      (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0),
    );
    await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, name), fullPage: true });
  };

  it(
    "generates with the cost said first, seeks from a citation, and streams an answer kept in the history",
    { timeout: 60_000 },
    async () => {
      const { context, userId } = await signedInContext(e2e.browser, e2e.server, { width: 1366 });
      const id = await finishedTranscription(e2e.server.db, userId, CUES, "briefing.mp3");
      const page = await context.newPage();
      await page.goto(`${e2e.server.base}/?job=${id}`);
      const overview = page.getByRole("region", { name: "Overview" });
      const generate = overview.getByRole("button", { name: "Generate overview" });
      await generate.waitFor();
      // 30 s of recording: 2 s of minutes, said before the click.
      await expect.poll(() => overview.textContent()).toContain("Uses 0.1 min of your minutes");
      await generate.click();
      await overview.getByText("A briefing on the new bridge.").waitFor();
      await overview.getByRole("button", { name: "Play from 0:10" }).first().click();
      // The editor's subtitle at 0:10 is now the current one.
      await expect
        .poll(() =>
          page
            .getByLabel("Text of subtitle 2")
            .evaluate((field) => field.closest('[aria-current="true"]') !== null),
        )
        .toBe(true);

      const ask = page.getByRole("region", { name: "Ask about this recording" });
      await ask.getByRole("button", { name: "Open" }).click();
      await ask.getByLabel("Your question").fill("When does the bridge open?");
      await ask.getByRole("button", { name: "Ask", exact: true }).click();
      const kept = ask.getByRole("list", { name: "Questions asked" });
      await kept.getByText("The bridge opens in March").waitFor();
      await kept.getByRole("button", { name: "Play from 0:10" }).waitFor();
      await page.waitForLoadState("networkidle");
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, "insights-overview-en-desktop.png");
      if (process.env.SCREENSHOT_DIR) {
        await page.goto(`${e2e.server.base}/history`);
        await page.getByRole("table").getByText("A briefing on the new bridge.").waitFor();
        await shoot(page, "insights-history-en-desktop.png");
      }
      await context.close();

      // The same transcription at phone width in Chinese: the insights as generated.
      const phone = await signedInContext(e2e.browser, e2e.server, {
        language: "zh-HK",
        width: 390,
        height: 844,
      });
      const mine = await finishedTranscription(e2e.server.db, phone.userId, CUES, "briefing.mp3");
      const zh = await phone.context.newPage();
      await zh.goto(`${e2e.server.base}/?job=${mine}`);
      const panel = zh.getByRole("region", { name: "概覽" });
      await panel.getByRole("button", { name: "產生概覽" }).click();
      await panel.getByText("A briefing on the new bridge.").waitFor();
      await panel.getByRole("button", { name: "由 0:10 開始播放" }).first().waitFor();
      const width = await zh.evaluate(
        () =>
          (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } })
            .document.documentElement.scrollWidth,
      );
      expect(width).toBeLessThanOrEqual(390);
      expect(await seriousViolations(zh)).toEqual([]);
      // Each time link and "Edit" beside a statement takes a finger's tap (44 × 44).
      expect(await smallTouchTargets(zh, "[data-testid=overview-statements]")).toEqual([]);
      await shoot(zh, "insights-overview-zh-HK-phone.png");
      // Edited at phone width: a chapter's title, saved, and there after a reload.
      await panel.getByRole("button", { name: "編輯第 1 章的標題" }).click();
      await panel.getByLabel("第 1 章的標題").fill("開場白");
      const editingWidth = await zh.evaluate(
        () =>
          (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } })
            .document.documentElement.scrollWidth,
      );
      expect(editingWidth).toBeLessThanOrEqual(390);
      await panel.getByRole("button", { name: "儲存" }).click();
      await panel.getByText("開場白").waitFor();
      await zh.reload();
      await zh.getByRole("region", { name: "概覽" }).getByText("開場白").waitFor();
      expect(
        await zh
          .getByRole("region", { name: "概覽" })
          .getByText("Opening", { exact: true })
          .count(),
      ).toBe(0);
      if (process.env.SCREENSHOT_DIR) {
        // For the eye only (not in CI's time): History's summary line and a share link's page.
        await finishedTranscription(e2e.server.db, phone.userId, CUES, "second.mp3");
        await zh.goto(`${e2e.server.base}/history`);
        await zh.getByText("A briefing on the new bridge.").first().waitFor();
        await zh.getByRole("button", { name: "打開" }).click();
        await shoot(zh, "insights-history-zh-HK-phone.png");
        const token = await zh.evaluate(async (jobId) => {
          const storage = (
            globalThis as unknown as { localStorage: { getItem(k: string): string | null } }
          ).localStorage;
          const response = await fetch(`/api/transcriptions/${jobId}/shares`, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              authorization: `Bearer ${storage.getItem("authToken") ?? ""}`,
            },
            body: JSON.stringify({ expiresIn: "7d", allowDownload: true, allowComments: false }),
          });
          return ((await response.json()) as { token: string }).token;
        }, mine);
        await zh.goto(`${e2e.server.base}/s/${token}`);
        await zh.getByText("A briefing on the new bridge.").waitFor();
        await shoot(zh, "insights-shared-zh-HK-phone.png");
      }
      await phone.context.close();
    },
  );
});

// Translation in the editor, in Chromium against the real server and its language-model layer
// talking HTTP to a scripted OpenAI-compatible endpoint: ask for Hong Kong Chinese from the
// Translations panel, follow it to done, open it side by side, step to the flagged cue, edit a
// translated cue and find it saved on the server; a glossary made in its
// dialog and used, in Chinese at phone width. SCREENSHOT_DIR, when set, keeps screenshots.
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { startScriptedChatServer, type ScriptedChatServer } from "@verbatim/llm/testing";
import {
  finishedTranscription,
  numberedCues,
} from "../../server/test/support/finished-transcription.js";
import { withServerAndBrowser } from "./support/server-and-browser.js";
import { signedInContext } from "./support/signed-in.js";

/** What the scripted model writes for a cue: the second one far over any reading limit. */
const translationOf = (id: number) => (id === 2 ? "這句翻譯非常之長".repeat(8) : `譯文${id}`);

describe("translation in the editor", () => {
  let chat: ScriptedChatServer;
  // Registered first, so run last: the chat server stops after the server.
  afterAll(async () => {
    await chat?.close();
  });
  const e2e = withServerAndBrowser(async () => {
    // Every request (a translation, or a request to condense) is answered for each cue it names.
    chat = await startScriptedChatServer((request) => {
      const messages = request.body?.messages as { content: string }[];
      const data = JSON.parse(messages[1]!.content.split("\n")[1]!) as {
        groups?: { cues: { id: number }[] }[];
        cues?: { id: number }[];
      };
      const ids = (data.groups?.flatMap((group) => group.cues) ?? data.cues ?? []).map(
        (cue) => cue.id,
      );
      const cues = ids.map((id) => ({ id, text: translationOf(id) }));
      return { kind: "answer", content: JSON.stringify({ cues }) };
    });
    return {
      env: { LLM_BASE_URL: chat.url, LLM_MODEL: "scripted", LLM_CONTEXT_SIZE: "16384" },
    };
  });

  const shoot = async (page: Page, name: string) => {
    const dir = process.env.SCREENSHOT_DIR;
    if (dir) await page.screenshot({ path: join(dir, `translation-${name}.png`), fullPage: true });
  };

  it("asks, follows, opens side by side, steps to the flagged cue and keeps an edit", async () => {
    const { context, userId } = await signedInContext(e2e.browser, e2e.server);
    const id = await finishedTranscription(e2e.server.db, userId, numberedCues(4));
    const page = await context.newPage();
    await page.goto(`${e2e.server.base}/?job=${id}`);

    const panel = page.getByRole("region", { name: "Translations" });
    await panel.getByRole("button", { name: "Translate…" }).click();
    await panel.getByLabel(/Search languages/).fill("hong");
    await panel.getByRole("radio", { name: /Chinese \(Hong Kong/ }).check();
    await expect(panel.getByText(/Uses up to 0.1 min/).count()).resolves.toBe(1); // 12 s: 2 s of minutes
    await shoot(page, "ask-desktop-en");
    await panel.getByRole("button", { name: /Translate into Chinese \(Hong Kong/ }).click();

    const item = panel.getByRole("listitem").filter({ hasText: "Chinese (Hong Kong" });
    await item.getByText("Done").waitFor();
    await expect(item.textContent()).resolves.toMatch(/1 subtitle needs a look/);
    await item.getByRole("button", { name: "Side by side" }).click();

    const field = (n: number) => page.getByLabel(`Translation of subtitle ${n} (Chinese (Hong`);
    await expect(field(1).inputValue()).resolves.toBe("譯文1");
    await page.getByRole("button", { name: "Next flagged" }).click();
    await expect(
      field(2).evaluate((node) => node.ownerDocument.activeElement === node),
    ).resolves.toBe(true);
    await shoot(page, "side-by-side-desktop-en");

    await field(3).fill("改好了");
    await field(3).blur();
    await page
      .getByRole("region", { name: /side by side/ })
      .getByText("All changes saved")
      .waitFor();
    // Saved on the server (a reload resending what was not yet saved: the component tests).
    const row = await e2e.server.db
      .selectFrom("translations")
      .select("cues_json")
      .where("transcription_id", "=", id)
      .executeTakeFirstOrThrow();
    const saved = JSON.parse(row.cues_json ?? "[]") as { text: string }[];
    expect(saved[2]?.text).toBe("改好了");
    await context.close();
  });

  it("reads in Traditional Chinese at phone width", async () => {
    const { context, userId } = await signedInContext(e2e.browser, e2e.server, {
      language: "zh-HK",
      width: 390,
      height: 844,
    });
    const id = await finishedTranscription(e2e.server.db, userId, numberedCues(4));
    const page = await context.newPage();
    await page.goto(`${e2e.server.base}/?job=${id}`);
    const panel = page.getByRole("region", { name: "翻譯" });
    await panel.getByRole("button", { name: "翻譯…" }).click();
    // A glossary made in its dialog, then chosen for the request.
    await panel.getByRole("button", { name: "詞彙表…" }).click();
    const glossaries = page.getByRole("dialog", { name: "詞彙表" });
    await glossaries.getByRole("button", { name: "新增詞彙表" }).click();
    await glossaries.getByLabel("名稱").fill("節目");
    await glossaries.getByLabel("詞彙").fill("Line = 行");
    await shoot(page, "glossary-phone-zh-HK");
    await glossaries.getByRole("button", { name: "儲存" }).click();
    await glossaries.getByText("1 個詞彙").waitFor();
    await glossaries.getByRole("button", { name: "關閉" }).click();
    await panel.getByLabel("詞彙表", { exact: true }).selectOption({ label: "節目 (1)" });
    await panel.getByLabel(/搜尋語言/).fill("英");
    await panel.getByRole("radio", { name: /英文/ }).check();
    await shoot(page, "ask-phone-zh-HK");
    await panel.getByRole("button", { name: "翻譯成英文" }).click();
    await panel.getByRole("listitem").getByText("完成").waitFor();
    // The glossary went to the model with the request.
    expect(chat.requests.some((request) => JSON.stringify(request.body).includes("行"))).toBe(true);
    await panel.getByRole("button", { name: "並排檢視" }).click();
    await page.getByRole("heading", { name: "英文並排檢視" }).waitFor();
    // Nothing wider than the phone's screen.
    const width = await page
      .locator("html")
      .evaluate((node) => (node as unknown as { scrollWidth: number }).scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await shoot(page, "side-by-side-phone-zh-HK");
    await context.close();
  });
});

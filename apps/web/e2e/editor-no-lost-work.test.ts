// The editor's promises against data loss, in Chromium against the real server: the last
// keystroke survives a reload, a navigation and a lost connection; undo covers typing; the
// plain view and the shift control never move text onto the wrong times; overlaps are shown.
import { afterAll, describe, expect, it } from "vitest";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { withServerAndBrowser } from "./support/server-and-browser.js";
import {
  finishedTranscription,
  numberedCues,
} from "../../server/test/support/finished-transcription.js";
import { signedInContext } from "./support/signed-in.js";

describe("the editor loses no work", () => {
  const e2e = withServerAndBrowser();
  const contexts: BrowserContext[] = [];

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
  });

  /** A signed-in page on the editor of a new finished transcription of `count` cues. */
  async function openEditor(
    count = 4,
  ): Promise<{ page: Page; id: string; context: BrowserContext }> {
    const { context, userId } = await signedInContext(e2e.browser, e2e.server);
    contexts.push(context);
    const id = await finishedTranscription(e2e.server.db, userId, numberedCues(count));
    const page = await context.newPage();
    // Reloads must not stop at the leave-page prompt (tests that check it listen themselves).
    page.on("dialog", (dialog) => void dialog.accept());
    await page.goto(`${e2e.server.base}/?job=${id}`);
    await text(page, 1).waitFor();
    return { page, id, context };
  }

  /** Types at the end of a field's text, as a user clicking after the last word would. */
  async function typeAtEnd(field: Locator, typed: string) {
    await field.focus();
    await field.press("Control+End");
    await field.pressSequentially(typed);
  }

  const text = (page: Page, n: number) =>
    page.getByRole("textbox", { name: `Text of subtitle ${n}` });
  const start = (page: Page, n: number) =>
    page.getByRole("textbox", { name: `Start time of subtitle ${n}` });
  const end = (page: Page, n: number) =>
    page.getByRole("textbox", { name: `End time of subtitle ${n}` });

  /** The cues the server holds for a transcription (what a download would give). */
  async function serverCues(
    id: string,
  ): Promise<Array<{ start: number; end: number; text: string }>> {
    const row = await e2e.server.db
      .selectFrom("transcriptions")
      .select("cues_json")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    return JSON.parse(row.cues_json ?? "[]") as Array<{ start: number; end: number; text: string }>;
  }

  it("keeps the last keystroke through an immediate reload, and saves it", async () => {
    const { page, id } = await openEditor();
    await typeAtEnd(text(page, 1), " and more");
    await page.reload(); // within the old half-second commit delay
    await text(page, 1).waitFor();
    await expect(text(page, 1).inputValue()).resolves.toBe("Line 1 and more");
    await page.getByText("All changes saved").waitFor();
    await expect.poll(async () => (await serverCues(id))[0]?.text).toBe("Line 1 and more");
  });

  it("asks before the page is left with changes unsaved", async () => {
    const { page } = await openEditor();
    page.removeAllListeners("dialog");
    await typeAtEnd(text(page, 2), "!");
    const dialog = new Promise<string>((resolve) =>
      page.once("dialog", (d) => {
        resolve(d.type());
        void d.dismiss(); // stay
      }),
    );
    await page.close({ runBeforeUnload: true });
    await expect(dialog).resolves.toBe("beforeunload");
    expect(page.isClosed()).toBe(false);
  });

  it("saves the last keystroke when the user navigates away inside the app", async () => {
    const { page, id } = await openEditor();
    await typeAtEnd(text(page, 3), " edited");
    await page.getByRole("link", { name: "History" }).first().click();
    await page.waitForURL(/\/history/);
    await expect.poll(async () => (await serverCues(id))[2]?.text).toBe("Line 3 edited");
  });

  it("keeps edits made offline on the device and saves them on the next open", async () => {
    const { page, id, context } = await openEditor();
    await context.setOffline(true);
    await typeAtEnd(text(page, 1), " offline");
    await page.getByText("Offline: changes kept on this device").waitFor();
    expect((await serverCues(id))[0]?.text).toBe("Line 1"); // nothing reached the server
    // The tab is closed while still offline. (The browser may still deliver the save it sends
    // as the page goes, once it is back online: that loses nothing either.)
    await page.close();
    await context.setOffline(false);

    const again = await context.newPage();
    await again.goto(`${e2e.server.base}/?job=${id}`);
    await expect(text(again, 1).inputValue()).resolves.toBe("Line 1 offline");
    await again.getByText("All changes saved").waitFor();
    await expect.poll(async () => (await serverCues(id))[0]?.text).toBe("Line 1 offline");
  });

  it("offers back, without applying, a device copy older than what the server now holds", async () => {
    const { page, id, context } = await openEditor();
    await context.setOffline(true);
    await typeAtEnd(text(page, 2), " mine");
    await page.getByText("Offline: changes kept on this device").waitFor();
    await page.close();
    await context.setOffline(false);
    // Meanwhile another device saved a different version.
    const elsewhere = numberedCues(4).map((cue, i) => (i === 3 ? { ...cue, text: "Theirs" } : cue));
    await e2e.server.db
      .updateTable("transcriptions")
      .set({ cues_json: JSON.stringify(elsewhere.map((c, i) => ({ index: i + 1, ...c }))) })
      .where("id", "=", id)
      .execute();

    const again = await context.newPage();
    await again.goto(`${e2e.server.base}/?job=${id}`);
    await again.getByText("Unsaved changes on this device").waitFor();
    await expect(text(again, 4).inputValue()).resolves.toBe("Theirs");
    await expect(text(again, 2).inputValue()).resolves.toBe("Line 2");
    await again.getByRole("button", { name: "Restore my changes" }).click();
    await expect(text(again, 2).inputValue()).resolves.toBe("Line 2 mine");
    await again.getByText("All changes saved").waitFor();
    await expect.poll(async () => (await serverCues(id))[1]?.text).toBe("Line 2 mine");
  });

  it("two tabs editing at once: the later save is refused, not lost, and the user chooses", async () => {
    const { page: tabA, id, context } = await openEditor();
    const tabB = await context.newPage();
    tabB.on("dialog", (dialog) => void dialog.accept());
    await tabB.goto(`${e2e.server.base}/?job=${id}`);
    await text(tabB, 1).waitFor();

    await typeAtEnd(text(tabA, 1), " from A");
    await tabA.getByText("All changes saved").waitFor();
    await typeAtEnd(text(tabB, 2), " from B");
    // B's autosave meets A's newer version: refused, and B is asked, with its text intact.
    await tabB.getByText("Saved elsewhere meanwhile").waitFor();
    await expect(text(tabB, 2).inputValue()).resolves.toBe("Line 2 from B");
    const cues = await serverCues(id);
    expect(cues.map((cue) => cue.text)).toEqual(["Line 1 from A", "Line 2", "Line 3", "Line 4"]);

    // Taking the other version is one undo step: B's own text comes back with Undo.
    await tabB.getByRole("button", { name: "Use the other version" }).click();
    await expect(text(tabB, 1).inputValue()).resolves.toBe("Line 1 from A");
    await expect(text(tabB, 2).inputValue()).resolves.toBe("Line 2");
    await tabB.getByRole("button", { name: "Undo" }).click();
    await expect(text(tabB, 2).inputValue()).resolves.toBe("Line 2 from B");
    // …and saving that now is a deliberate choice made from A's version, so it goes through.
    await tabB.getByText("All changes saved").waitFor();
    await expect.poll(async () => (await serverCues(id))[1]?.text).toBe("Line 2 from B");
  });

  it("undoes typing with Ctrl+Z, in order with deleting a cue", async () => {
    const { page } = await openEditor();
    await typeAtEnd(text(page, 1), "ABC");
    await expect(text(page, 1).inputValue()).resolves.toBe("Line 1ABC");
    await page.keyboard.press("Control+z");
    await expect(text(page, 1).inputValue()).resolves.toBe("Line 1");

    await page.getByRole("button", { name: "Delete subtitle 1" }).click();
    await typeAtEnd(text(page, 1), " typed");
    await expect(text(page, 1).inputValue()).resolves.toBe("Line 2 typed");
    await page.keyboard.press("Control+z");
    await expect(text(page, 1).inputValue()).resolves.toBe("Line 2");
    await page.keyboard.press("Control+z");
    await expect(text(page, 1).inputValue()).resolves.toBe("Line 1");
    await expect(text(page, 2).inputValue()).resolves.toBe("Line 2");
  });

  it("deleting a paragraph in Plain moves no text onto another cue's times", async () => {
    const { page, id } = await openEditor();
    await page.getByRole("button", { name: "Plain", exact: true }).click();
    const plain = page.getByRole("textbox", { name: "Subtitle text" });
    await expect(plain.inputValue()).resolves.toBe("Line 1\n\nLine 2\n\nLine 3\n\nLine 4");
    await plain.fill("Line 1\n\nLine 3\n\nLine 4");
    await page.getByRole("button", { name: "SRT", exact: true }).click();
    await expect(text(page, 2).inputValue()).resolves.toBe("Line 3");
    await expect(start(page, 2).inputValue()).resolves.toBe("00:00:07,000");
    await expect(end(page, 3).inputValue()).resolves.toBe("00:00:12,000");
    await page.getByText("All changes saved").waitFor();
    expect(await serverCues(id)).toEqual([
      { index: 1, start: 1000, end: 3000, text: "Line 1" },
      { index: 2, start: 7000, end: 9000, text: "Line 3" },
      { index: 3, start: 10_000, end: 12_000, text: "Line 4" },
    ]);
  });

  it("refuses a shift below zero, and a shift stays undoable after a reload", async () => {
    const { page, id } = await openEditor();
    const shift = page.getByRole("textbox", { name: "Shift all timings by (seconds)" });
    await shift.fill("-5");
    await page.getByText("you can move at most 1 s earlier").waitFor();
    await expect(
      page.getByRole("button", { name: "Shift", exact: true }).isDisabled(),
    ).resolves.toBe(true);
    await expect(start(page, 1).inputValue()).resolves.toBe("00:00:01,000");

    await shift.fill("-0.5");
    await page.getByRole("button", { name: "Shift", exact: true }).click();
    await expect(start(page, 1).inputValue()).resolves.toBe("00:00:00,500");
    await expect(start(page, 4).inputValue()).resolves.toBe("00:00:09,500");
    await page.getByText("All changes saved").waitFor();

    await page.reload();
    await start(page, 1).waitFor();
    await expect(start(page, 1).inputValue()).resolves.toBe("00:00:00,500");
    await page.getByRole("button", { name: "Undo" }).click();
    await expect(start(page, 1).inputValue()).resolves.toBe("00:00:01,000");
    await page.getByText("All changes saved").waitFor();
    await expect.poll(async () => (await serverCues(id))[0]?.start).toBe(1000);
  });

  it("marks overlaps, inserts into the gap, and fixes overlaps on request", async () => {
    const { page } = await openEditor(3);
    await page.getByRole("button", { name: "Insert a subtitle after 1" }).click();
    // Into the 1 s gap between cues 1 and 2, not over cue 2.
    await expect(start(page, 2).inputValue()).resolves.toBe("00:00:03,084");
    await expect(end(page, 2).inputValue()).resolves.toBe("00:00:03,916");
    await expect(page.getByText(/^Starts before subtitle/).count()).resolves.toBe(0);

    await start(page, 3).fill("00:00:03,500");
    await page.getByText("Starts before subtitle 2 ends").waitFor();
    await page.getByRole("button", { name: "Fix 1 overlap" }).click();
    await expect(page.getByText(/^Starts before subtitle/).count()).resolves.toBe(0);
    // Cue 2 would keep too little of itself: cue 3 moves to start after it instead.
    await expect(end(page, 2).inputValue()).resolves.toBe("00:00:03,916");
    await expect(start(page, 3).inputValue()).resolves.toBe("00:00:04,000");
  });
});

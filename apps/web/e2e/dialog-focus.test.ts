import { describe, expect, it } from "vitest";
import type { Locator } from "playwright-core";
import { withServerAndBrowser } from "./support/server-and-browser.js";
import {
  finishedTranscription,
  numberedCues,
} from "../../server/test/support/finished-transcription.js";
import { signedInContext } from "./support/signed-in.js";

/** Whether the element has the page's focus. */
const focused = (locator: Locator) =>
  locator.evaluate((node) => node.ownerDocument.activeElement === node);

describe("focus returns to the control that opened a dialog (browser)", () => {
  const e2e = withServerAndBrowser();

  it("history: Rename and Delete, closed by Escape or Cancel", async () => {
    const { context, userId } = await signedInContext(e2e.browser, e2e.server);
    await finishedTranscription(e2e.server.db, userId, numberedCues(1), "focus.mp3");
    const page = await context.newPage();
    await page.goto(`${e2e.server.base}/history`);
    const row = page.getByRole("row", { name: /focus\.mp3/ });

    const rename = row.getByRole("button", { name: "Rename" });
    await rename.click();
    await page.getByRole("dialog").waitFor();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(await focused(rename)).toBe(true);

    const remove = row.getByRole("button", { name: "Delete" });
    await remove.focus();
    await page.keyboard.press("Enter");
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(await focused(remove)).toBe(true);
    await context.close();
  });

  it("API keys: the new key's dialog and Revoke", async () => {
    const { context } = await signedInContext(e2e.browser, e2e.server);
    const page = await context.newPage();
    await page.goto(`${e2e.server.base}/account`);
    await page.getByRole("textbox", { name: "Key name" }).fill("Focus script");
    const create = page.getByRole("button", { name: "Create key" });
    await create.click();
    await page.getByRole("button", { name: "Done, I have copied it" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(await focused(create)).toBe(true);

    const revoke = page.getByRole("button", { name: "Revoke Focus script" });
    await revoke.click();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    expect(await focused(revoke)).toBe(true);
    await context.close();
  });
});

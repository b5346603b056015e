// A zh-HK user reads every refusal in Chinese, whatever the server's own message says: a failed
// sign-in, a file that is not media, an upload lost to the network, and a balance that cannot
// cover the file — in Chromium against the real server, ffmpeg and ledger.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { JFK_MP3 } from "../../../packages/engine/test/helpers/media-files.js";
import { reserveMinutes } from "../../server/src/minutes/minute-ledger.js";
import { withEngineServer } from "./support/engine-e2e.js";
import { signedInContext } from "./support/signed-in.js";

describe("errors in the user's language", () => {
  const e2e = withEngineServer("verbatim-e2e-errors-");

  it(
    "a failed sign-in, a fake media file, a lost connection and an exhausted balance are explained in Chinese",
    {
      timeout: 120_000,
    },
    async () => {
      // Signed out: a wrong password.
      const guest = await e2e.browser.newContext();
      await guest.addInitScript(() =>
        (
          globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }
        ).localStorage.setItem("language", "zh-HK"),
      );
      const login = await guest.newPage();
      await login.goto(`${e2e.server.base}/login`);
      await login.getByLabel("電郵").fill("nobody@example.com");
      await login.getByLabel("密碼").fill("not-the-password-1");
      await login.getByRole("button", { name: "登入" }).click();
      await login.getByText("電郵或密碼不正確。").first().waitFor();
      await guest.close();

      // Signed in: a text file named .mp3 is refused by the server's media check.
      const { context, userId } = await signedInContext(e2e.browser, e2e.server, {
        language: "zh-HK",
      });
      const page = await context.newPage();
      await page.goto(`${e2e.server.base}/`);
      const fake = join(e2e.dir, "notes.mp3");
      writeFileSync(fake, "these are meeting notes, not audio\n".repeat(200));
      await page.setInputFiles('input[type="file"]', fake);
      await page.getByRole("button", { name: "開始轉錄" }).click();
      const panel = page.getByRole("alert").filter({ hasText: "這個檔案不是可讀取的音訊或影片" });
      await panel.waitFor({ timeout: 60_000 });
      await expect(panel.textContent()).resolves.not.toMatch(/The file is not audio/);

      // The connection drops while the file goes up: the browser gets no answer at all.
      await page.goto(`${e2e.server.base}/`);
      await page.route("**/api/transcribe", (route) => route.abort("internetdisconnected"));
      await page.setInputFiles('input[type="file"]', JFK_MP3);
      await page.getByRole("button", { name: "開始轉錄" }).click();
      const lost = page.getByRole("alert").filter({ hasText: "連線已中斷" });
      await lost.waitFor({ timeout: 30_000 });
      await expect(lost.textContent()).resolves.not.toMatch(/network|upload/i);
      await page.unroute("**/api/transcribe");

      // Meanwhile (this page still shows 20 minutes), all 20 Free minutes were taken by another
      // job: the server refuses the file, and says so in Chinese.
      await page.goto(`${e2e.server.base}/`);
      await page.setInputFiles('input[type="file"]', JFK_MP3);
      await reserveMinutes(e2e.server.db, userId, crypto.randomUUID(), 20 * 60);
      await page.getByRole("button", { name: "開始轉錄" }).click();
      await page.getByText("這個檔案需要 1 分鐘，但你只剩 0 分鐘").waitFor({ timeout: 60_000 });
      await context.close();
    },
  );
});

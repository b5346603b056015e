import { describe, expect, it } from "vitest";
import { withServerAndBrowser } from "./support/server-and-browser.js";

describe("the web app shell in a browser", () => {
  const e2e = withServerAndBrowser();

  it("shows the 404 page, with status 404, for an unknown path", async () => {
    const page = await e2e.browser.newPage();
    const response = await page.goto(`${e2e.server.base}/no/such/page`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
      "404 Page Not Found",
    );
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL(`${e2e.server.base}/`);
    await page.close();
  });

  it("switches to Traditional Chinese, keeps the choice, and offers a menu on narrow screens", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${e2e.server.base}/no-page`);
    await page.getByLabel("Language").selectOption("zh-HK");
    // The Chinese texts are their own chunk, fetched on the switch.
    await page.getByRole("heading", { level: 1, name: "404 找不到頁面" }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("zh-HK");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
      "404 找不到頁面",
    );

    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole("button", { name: "開啟選單" }).click();
    // The panel's code comes with the first tap (the public pages do not carry it).
    const menu = page.getByRole("dialog");
    await menu.waitFor();
    await expect(menu.getByRole("link", { name: "登入" }).isVisible()).resolves.toBe(true);
    await expect(menu.getByRole("link", { name: "註冊" }).isVisible()).resolves.toBe(true);
    await context.close();
  });
});

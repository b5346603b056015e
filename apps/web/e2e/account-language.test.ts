import { describe, expect, it } from "vitest";
import { withServerAndBrowser } from "./support/server-and-browser.js";
import { signedInContext } from "./support/signed-in.js";

describe("e-mails and the test checkout page follow the user's language (browser)", () => {
  const e2e = withServerAndBrowser();

  const accountOf = (id: string) =>
    e2e.server.db
      .selectFrom("users")
      .select(["email", "locale"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
    for (let i = 0; i < 100; i++) {
      const value = await read();
      if (ok(value)) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return read();
  }

  it("takes the interface language for the account, then its e-mails and checkout page", async () => {
    // Signed up in English; now using the site in Chinese, with an English browser.
    const { context, userId } = await signedInContext(e2e.browser, e2e.server, {
      language: "zh-HK",
    });
    expect((await accountOf(userId)).locale).toBe("en");
    const page = await context.newPage();
    await page.goto(`${e2e.server.base}/account`);
    const account = await until(
      () => accountOf(userId),
      (row) => row.locale === "zh-HK",
    );
    expect(account.locale).toBe("zh-HK");

    await fetch(`${e2e.server.base}/api/auth/forgot-password`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: account.email }),
    });
    expect((await e2e.server.inbox.next(account.email)).subject).toBe("重設你的 Verbatim 密碼");

    // The plan checkout from the pricing page lands on the test page, in Chinese.
    await page.goto(`${e2e.server.base}/checkout/basic`);
    await page.waitForURL(/\/api\/payments\/local\/checkout\//);
    expect(await page.locator("html").getAttribute("lang")).toBe("zh-HK");
    await page.getByRole("heading", { name: "Verbatim 基本計劃：每月 200 分鐘" }).waitFor();
    await page.getByRole("button", { name: "付款" }).waitFor();

    // Back to English in the interface: the account and the next page follow.
    await page.goto(`${e2e.server.base}/account`);
    await page.getByRole("combobox").first().selectOption("en");
    await until(
      () => accountOf(userId),
      (row) => row.locale === "en",
    );
    await page.goto(`${e2e.server.base}/checkout/basic`);
    await page.waitForURL(/\/api\/payments\/local\/checkout\//);
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    await page.getByRole("button", { name: "Pay" }).waitFor();
    await context.close();
  });
});

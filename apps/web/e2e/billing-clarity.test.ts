import { describe, expect, it } from "vitest";
import { activatePlan } from "../../server/src/billing/subscription-changes.js";
import { addEntry, withUserLock } from "../../server/src/minutes/ledger-entries.js";
import type { PlanType } from "../../server/src/minutes/plans.js";
import { withServerAndBrowser } from "./support/server-and-browser.js";
import { signedInContext } from "./support/signed-in.js";

describe("billing that never surprises (browser)", () => {
  const e2e = withServerAndBrowser();

  /** A signed-in page for a user on `plan` (paid as the product records it) with pack minutes. */
  async function userOn(
    plan: PlanType,
    packMinutes = 0,
    language: "en" | "zh-HK" = "en",
    subscriptionId: string | null = null,
  ) {
    const { context, userId } = await signedInContext(e2e.browser, e2e.server, { language });
    const now = new Date();
    await withUserLock(e2e.server.db, userId, async (tx) => {
      if (plan !== "free") {
        await activatePlan(
          tx,
          userId,
          plan,
          { subscriptionId, periodEnd: null, key: `test:${userId}` },
          now,
        );
      }
      if (packMinutes > 0) {
        await addEntry(tx, userId, "grant", "pack", packMinutes * 60, `pack:${userId}`, null, now);
      }
    });
    return { page: await context.newPage(), close: () => context.close(), userId };
  }

  /** The user's plan and pack balances, in seconds, from the ledger. */
  async function minutesOf(userId: string) {
    const rows = await e2e.server.db
      .selectFrom("minute_ledger")
      .select(["pool", "seconds"])
      .where("user_id", "=", userId)
      .execute();
    const sum = (pool: string) =>
      rows
        .filter((row) => row.pool === pool)
        .reduce((total, row) => total + Number(row.seconds), 0);
    return { plan: sum("plan"), pack: sum("pack") };
  }

  it("Free: the plan card says Current plan; no pack button, the reason and the way up instead", async () => {
    const { page, close } = await userOn("free");
    await page.goto(`${e2e.server.base}/pricing`);
    const free = page.getByRole("article", { name: "Free" });
    await free.getByText("Current plan").waitFor();
    expect(await free.getByRole("link").count()).toBe(0);
    await page.getByText("Minute packs are for Basic subscribers.", { exact: false }).waitFor();
    expect(await page.getByRole("link", { name: /^Buy / }).count()).toBe(0);
    const up = page.getByRole("link", { name: "Upgrade to Basic" });
    expect(await up.getAttribute("href")).toBe("/checkout/basic");
    await close();
  });

  it("Basic: Current plan on Basic (no Choose Basic), packs on sale, downgrade states the minutes lost", async () => {
    const { page, close } = await userOn("basic", 500);
    await page.goto(`${e2e.server.base}/pricing`);
    const basic = page.getByRole("article", { name: "Basic" });
    await basic.getByText("Current plan").waitFor();
    expect(await page.getByRole("link", { name: "Choose Basic" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: /^Buy 500/ }).count()).toBe(1);

    // Cancelling at the period end comes first and keeps the minutes; downgrading now asks first.
    await page.goto(`${e2e.server.base}/downgrade`);
    await page
      .getByText(/^Pack minutes: 500\. They are lost on .*, when the account moves to Free\.$/)
      .waitFor();
    await page.getByRole("button", { name: "Downgrade to Free now…" }).click();
    const dialog = page.getByRole("dialog", { name: "Downgrade to Free now?" });
    await dialog
      .getByText("Plan minutes left this period: 200. They are replaced now by the Free plan's 20.")
      .waitFor();
    await dialog.getByText("Pack minutes: 500. They are lost now.").waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    await close();
  });

  it("Basic, paid, ten days into the period: the account's Standard and Pro say what moving up costs today", async () => {
    const { page, close, userId } = await userOn("basic", 0, "en", "sub_paid_basic");
    const day = 86_400_000;
    await e2e.server.db
      .updateTable("subscriptions")
      .set({
        current_period_start: new Date(Date.now() - 10 * day).toISOString(),
        current_period_end: new Date(Date.now() + 20 * day).toISOString(),
      })
      .where("user_id", "=", userId)
      .execute();
    await page.goto(`${e2e.server.base}/account`);
    // $4.00 of the $6.00 Basic period is unused (a cent less once a moment has passed).
    const standard = page.getByTestId("upgrade-credit-standard");
    await standard.waitFor();
    expect(await standard.textContent()).toMatch(
      /^\$9\.5\d today: \$[34]\.\d\d off for the unused part of your Basic plan\.$/,
    );
    expect(await page.getByTestId("upgrade-credit-pro").textContent()).toMatch(/^\$20\.\d\d today/);
    await close();
  });

  it("Basic with a pack: cancel at the period end keeps every minute, Resume undoes it", async () => {
    const { page, close, userId } = await userOn("basic", 500);
    await page.goto(`${e2e.server.base}/account`);
    await page.getByRole("link", { name: "Cancel or downgrade" }).click();
    await page.waitForURL(/\/downgrade$/);
    await page.getByRole("button", { name: "Cancel at period end" }).click();
    await page.waitForURL(/\/account$/);
    await page.getByText("Cancelled: ends at the period end").waitFor();
    await page.getByText(/Your Basic plan and its minutes stay until /).waitFor();
    expect(await page.getByRole("link", { name: "Cancel or downgrade" }).count()).toBe(0);
    const balance = await minutesOf(userId);
    expect(balance).toEqual({ plan: 200 * 60, pack: 500 * 60 });

    await page.goto(`${e2e.server.base}/downgrade`);
    await page.getByRole("heading", { name: "Your plan is cancelled" }).waitFor();
    expect(await page.getByRole("button", { name: "Cancel at period end" }).count()).toBe(0);
    await page.getByRole("button", { name: "Resume subscription" }).click();
    await page.waitForURL(/\/account$/);
    await page.getByRole("link", { name: "Cancel or downgrade" }).waitFor();
    expect(await page.getByText("Cancelled: ends at the period end").count()).toBe(0);
    await close();
  });

  it("Standard: cancelling is the one way down, and the account shows it", async () => {
    const { page, close } = await userOn("standard");
    await page.goto(`${e2e.server.base}/downgrade`);
    await page.getByText(/^Plan minutes left this period: 500\. You can use them until /).waitFor();
    await page.getByText("Pack minutes: none to lose.").waitFor();
    expect(await page.getByRole("button", { name: "Downgrade to Free now…" }).count()).toBe(0);
    await page.getByRole("button", { name: "Cancel at period end" }).click();
    await page.waitForURL(/\/account$/);
    await page.getByText(/Your Standard plan and its minutes stay until /).waitFor();
    await page.getByRole("button", { name: "Resume subscription" }).waitFor();
    await close();
  });

  it("zh-HK: the same facts in Chinese", async () => {
    const { page, close } = await userOn("basic", 0, "zh-HK");
    await page.goto(`${e2e.server.base}/downgrade`);
    await page.getByRole("button", { name: "於期末取消" }).waitFor();
    await page.getByRole("button", { name: "即時降級為免費計劃…" }).click();
    const dialog = page.getByRole("dialog", { name: "確定即時降級為免費計劃？" });
    await dialog
      .getByText("本週期剩餘的計劃分鐘：200 分鐘。會即時由免費計劃的 20 分鐘取代。")
      .waitFor();
    await dialog.getByText("套裝分鐘：沒有需要失去的分鐘。").waitFor();
    await page.goto(`${e2e.server.base}/pricing`);
    await page.getByRole("article", { name: "基本" }).getByText("目前計劃").waitFor();
    await close();
  });
});

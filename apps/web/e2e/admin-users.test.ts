import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { withServerAndBrowser } from "./support/server-and-browser.js";
import { signedInContext } from "./support/signed-in.js";
import { signedInUser } from "../../server/test/support/transcription-app.js";

describe("the admin's users (browser)", () => {
  const e2e = withServerAndBrowser({ env: { ADMIN_EMAILS: "chief@example.com" } });

  it("an admin reaches /admin from the user menu, finds a user and grants minutes with a reason", async () => {
    const memberEmail = `member-${randomUUID().slice(0, 8)}@example.com`;
    const member = await signedInUser(e2e.server.db, { email: memberEmail });
    await signedInUser(e2e.server.db, { email: "bystander@example.com" });
    const { context } = await signedInContext(e2e.browser, e2e.server, {
      email: "chief@example.com",
    });
    const page = await context.newPage();
    await page.goto(`${e2e.server.base}/history`);
    await page.getByRole("button", { name: /^Account menu for / }).click();
    await page.getByRole("menuitem", { name: "Admin" }).click();
    await page.waitForURL(/\/admin$/);

    await page.getByRole("searchbox", { name: "Search by e-mail or name" }).fill(memberEmail);
    const row = page.getByRole("row", { name: new RegExp(memberEmail) });
    await row.getByRole("cell", { name: "20 + 0" }).waitFor();
    // The search narrowed the list (the whole list shows until its answer comes).
    await page.getByRole("row", { name: /bystander@example\.com/ }).waitFor({ state: "detached" });
    await row.getByRole("cell", { name: "Never" }).waitFor();

    const opener = row.getByRole("button", { name: `Grant minutes to ${memberEmail}` });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Grant minutes" });
    await dialog.getByRole("button", { name: "Grant" }).click();
    await dialog.getByText("Enter a whole number of minutes from 1 to 100000.").waitFor();
    await dialog.getByText("Give a reason for the grant.").waitFor();
    await dialog.getByRole("textbox", { name: "Minutes" }).fill("30");
    await dialog
      .getByRole("textbox", { name: "Reason (kept in the minute ledger)" })
      .fill("Outage on 23 Nov");
    await dialog.getByRole("button", { name: "Grant" }).click();
    await page.getByText(`30 minutes granted to ${memberEmail}.`).first().waitFor();
    await row.getByRole("cell", { name: "20 + 30" }).waitFor();
    // The dialog closed and focus went back to the button that opened it.
    expect(await dialog.count()).toBe(0);
    expect(await opener.evaluate((node) => node.ownerDocument.activeElement === node)).toBe(true);

    const ledger = await e2e.server.db
      .selectFrom("minute_ledger")
      .select(["kind", "pool", "seconds", "reference"])
      .where("user_id", "=", member.id)
      .where("kind", "=", "admin_grant")
      .execute();
    expect(ledger).toEqual([
      {
        kind: "admin_grant",
        pool: "pack",
        seconds: 1800,
        reference: "chief@example.com: Outage on 23 Nov",
      },
    ]);
    await context.close();
  });

  it("a user who is not an admin has no Admin link", async () => {
    const { context } = await signedInContext(e2e.browser, e2e.server);
    const page = await context.newPage();
    await page.goto(`${e2e.server.base}/history`);
    await page.getByRole("button", { name: /^Account menu for / }).click();
    await page.getByRole("menuitem", { name: "History" }).waitFor();
    expect(await page.getByRole("menuitem", { name: "Admin" }).count()).toBe(0);
    await context.close();
  });
});

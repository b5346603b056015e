import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashPassword } from "../../server/src/auth/password.js";
import { setPasswordHash } from "../../server/src/users/repo.js";
import { withServerAndBrowser } from "./support/server-and-browser.js";
import { signedInContext } from "./support/signed-in.js";

const PASSWORD = "correct horse battery staple";

describe("changing name, e-mail and password from /account (browser)", () => {
  const e2e = withServerAndBrowser();

  it("saves a name, confirms a new address by its link, and changes the password", async () => {
    const email = `old-${randomUUID()}@example.com`;
    const { context, userId } = await signedInContext(e2e.browser, e2e.server, { email });
    await setPasswordHash(e2e.server.db, userId, await hashPassword(PASSWORD), new Date());
    const page = await context.newPage();
    await page.goto(`${e2e.server.base}/account`);

    const name = page.getByRole("textbox", { name: "Name", exact: true });
    await name.fill("Grace Hopper");
    await page.getByRole("button", { name: "Save name" }).click();
    await page.getByText("Your name is saved.").waitFor();
    await page.getByRole("button", { name: "Account menu for Grace Hopper" }).waitFor();

    const next = `new-${randomUUID()}@example.com`;
    await page.getByRole("button", { name: "Send confirmation link" }).click();
    await page.getByText("Enter your current password.").first().waitFor();
    await page.getByRole("textbox", { name: "New e-mail address" }).fill(next);
    await page.getByLabel("Current password").first().fill("not my password");
    await page.getByRole("button", { name: "Send confirmation link" }).click();
    await page.getByText("The current password is not correct.").waitFor();
    await page.getByLabel("Current password").first().fill(PASSWORD);
    await page.getByRole("button", { name: "Send confirmation link" }).click();
    await page.getByText(`We sent a link to ${next}.`, { exact: false }).waitFor();

    const mail = await e2e.server.inbox.next(next);
    const link = mail.text.match(/https?:\/\/\S+/)?.[0] ?? "";
    expect(new URL(link).pathname).toBe("/confirm-email");
    await page.goto(link);
    await page.getByRole("button", { name: "Confirm this address" }).click();
    await page.getByText(`Done: your account's e-mail address is now ${next}.`).waitFor();
    await page.getByRole("link", { name: "Go to your account" }).click();
    await page.getByText(next).first().waitFor();

    await page.getByLabel("Current password").nth(1).fill(PASSWORD);
    await page.getByLabel("New password", { exact: true }).fill("violet tractor ocean 42");
    await page.getByLabel("Confirm new password").fill("violet tractor ocean 43");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("Passwords don't match").waitFor();
    await page.getByLabel("Confirm new password").fill("violet tractor ocean 42");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("Your password is changed. Other devices have been signed out.").waitFor();

    const login = await fetch(`${e2e.server.base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: next, password: "violet tractor ocean 42" }),
    });
    expect(login.status).toBe(200);
    await context.close();
  });
});

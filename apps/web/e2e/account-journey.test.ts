import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { tokenFromMail } from "../../server/test/support/auth-app.js";
import { withServerAndBrowser } from "./support/server-and-browser.js";

/** Pays on the local test checkout page with the test card that succeeds. */
async function payWithTestCard(page: Page) {
  await page.waitForURL(/\/api\/payments\/local\/checkout\//);
  await page.getByText("Test payment page").waitFor();
  await page.getByLabel("Name on card").fill("Ada Lovelace");
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM/YY)").fill("12/40");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: /^Pay / }).click();
  await page.waitForURL(/\/payment-success\?/);
}

describe("an account, from sign-up to downgrade, in a browser", () => {
  const e2e = withServerAndBrowser({ env: { ADMIN_EMAILS: "boss@example.com" } });

  it("registers, sets a password from the e-mail, logs in, buys Basic and a pack, and downgrades", async () => {
    const page = await e2e.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${e2e.server.base}/register`);
    await page.getByLabel("Name").fill("Ada Lovelace");
    await page.getByLabel("Email").fill("ada@example.com");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(`${e2e.server.base}/login`);

    const mail = await e2e.server.inbox.next("ada@example.com");
    const { url } = tokenFromMail(mail.text);
    await page.goto(url.toString().replace("https://verbatim.test", e2e.server.base));
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
      "Set up your account",
    );
    await page.getByLabel("New password").fill("correct horse battery");
    await page.getByLabel("Confirm password").fill("correct horse battery");
    await page.getByRole("button", { name: "Set password" }).click();
    await page.getByRole("link", { name: "Go to Login" }).click();

    await page.getByLabel("Email").fill("ada@example.com");
    await page.getByLabel("Password").fill("correct horse battery");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${e2e.server.base}/`);
    await page.getByText("20 minutes").first().waitFor();

    // Basic through the local test checkout; the return page confirms once.
    await page.goto(`${e2e.server.base}/checkout/basic`);
    await payWithTestCard(page);
    await page.getByRole("link", { name: "View Account" }).waitFor();
    await page.getByRole("link", { name: "View Account" }).click();
    await page.waitForURL(/\/account/);
    await page.getByText("200 minutes").first().waitFor();

    // A 500-minute pack, then the account shows plan plus pack minutes.
    await page.goto(`${e2e.server.base}/minutes-checkout/500`);
    await payWithTestCard(page);
    await page.getByRole("link", { name: "View Account" }).click();
    await page.getByText("700 minutes").first().waitFor();

    // Downgrade Basic now (after the dialog): Free at once, 20 minutes, pack forfeited.
    await page.goto(`${e2e.server.base}/downgrade`);
    await page.getByRole("button", { name: "Downgrade to Free now…" }).click();
    await page.getByRole("button", { name: "Confirm Downgrade" }).click();
    await page.waitForURL(/\/account/);
    await page.getByText("Never expires").waitFor();
    const storage = await page.context().storageState();
    const token = storage.origins[0]?.localStorage.find((item) => item.name === "authToken")?.value;
    const me = (await (
      await fetch(`${e2e.server.base}/api/auth/me`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { credits: number; additionalCredits: number };
    expect(me).toMatchObject({ credits: 20, additionalCredits: 0 });

    // Admin is for the designated accounts only.
    await page.goto(`${e2e.server.base}/admin`);
    await page.waitForURL(`${e2e.server.base}/`);
    await page.getByText("Access Denied").first().waitFor();
    await page.close();
  });
});

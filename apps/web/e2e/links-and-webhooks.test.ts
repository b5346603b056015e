// The upload page's "from a link" field and the account page's Webhooks section, in both
// languages at phone width: a link becomes a job the page follows; a webhook is added (its
// secret shown once), sent a test event that shows in its deliveries log, and deleted. No
// serious axe-core violations. Screenshots go to E2E_SCREENSHOTS when that is set.
import { mkdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, it } from "vitest";
import { JFK_MP3 } from "../../../packages/engine/test/helpers/media-files.js";
import { fastEngineEnv } from "../../server/test/support/transcription-app.js";
import { seriousViolations } from "./support/browser.js";
import { withServerAndBrowser } from "./support/server-and-browser.js";
import { signedInContext } from "./support/signed-in.js";

const PHONE = { width: 390, height: 844 };

const TEXT = {
  en: {
    link: "Or from a link",
    transcribeLink: "Transcribe link",
    webhookUrl: "Endpoint address (https)",
    add: "Add webhook",
    done: "Done",
    test: "Send test event",
    delivered: "Delivered",
    delete: "Delete",
  },
  "zh-HK": {
    link: "或從連結",
    transcribeLink: "轉錄連結",
    webhookUrl: "接收地址（https）",
    add: "新增 Webhook",
    done: "完成",
    test: "發送測試事件",
    delivered: "已送達",
    delete: "刪除",
  },
} as const;

describe("from a link, and webhooks on the account page", () => {
  let site: Server;
  let siteBase: string;
  const received: string[] = [];
  const shots = process.env.E2E_SCREENSHOTS;

  beforeAll(async () => {
    const media = readFileSync(JFK_MP3);
    // The media site and the webhook receiver, on 127.0.0.2 (opened for this server only).
    site = createServer((request, response) => {
      if (request.method === "POST") {
        request.resume();
        request.on("end", () => {
          received.push(String(request.headers["verbatim-event"]));
          response.writeHead(204).end();
        });
        return;
      }
      response.writeHead(200, { "content-type": "audio/mpeg" }).end(media);
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.2", resolve));
    siteBase = `http://127.0.0.2:${(site.address() as AddressInfo).port}`;
    if (shots) mkdirSync(shots, { recursive: true });
  });
  afterAll(async () => {
    site?.closeAllConnections();
    await new Promise((resolve) => site?.close(resolve));
  });
  // Registered after the site's hooks: the server starts after the site and stops before it.
  const e2e = withServerAndBrowser(async () => ({
    env: {
      ...(await fastEngineEnv()),
      // No worker: a job stays queued, and the page shows it waiting.
      WORKER_CONCURRENCY: "0",
      URL_IMPORT_ALLOWED_NETWORKS: "127.0.0.2/32",
    },
  }));

  it.for(["en", "zh-HK"] as const)(
    "works at phone width in %s",
    { timeout: 180_000 },
    async (language, { expect }) => {
      const text = TEXT[language];
      const { context } = await signedInContext(e2e.browser, e2e.server, { language, ...PHONE });
      const page = await context.newPage();
      /** The whole page, or (a dialog, a section scrolled to) what the phone's screen shows. */
      const shot = async (name: string, fullPage = true) => {
        if (shots) {
          await page.screenshot({ path: join(shots, `${name}-${language}.png`), fullPage });
        }
      };
      // Nothing wider than the phone (no DOM types here: the page's root element as measured).
      const noSideways = async () =>
        expect(
          await page
            .locator("html")
            .evaluate(
              (root: { scrollWidth: number; clientWidth: number }) =>
                root.scrollWidth <= root.clientWidth,
            ),
        ).toBe(true);

      // The upload page: a link becomes a job, followed as an upload's.
      await page.goto(`${e2e.server.base}/`);
      const link = page.getByLabel(text.link);
      await link.waitFor();
      await noSideways();
      expect(await seriousViolations(page)).toEqual([]);
      await link.fill(`${siteBase}/episode-${language}.mp3`);
      await shot("upload-link");
      await page.getByRole("button", { name: text.transcribeLink }).click();
      await page.waitForURL(/[?&]job=/);
      const jobId = new URL(page.url()).searchParams.get("job");
      const row = await e2e.server.db
        .selectFrom("transcriptions")
        .select(["file_name", "status"])
        .where("id", "=", jobId ?? "")
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ file_name: `episode-${language}.mp3`, status: "queued" });
      await shot("upload-link-queued");

      // A link the rules refuse is answered in the page's language, and makes no job.
      await page.goto(`${e2e.server.base}/`);
      await page.getByLabel(text.link).fill("http://169.254.169.254/latest/meta-data");
      await page.getByRole("button", { name: text.transcribeLink }).click();
      const refusal = page.locator("#media-link-error");
      await refusal.waitFor();
      expect(await refusal.textContent()).toMatch(
        language === "en" ? /link|address/i : /網址|連結|地址/,
      );
      await shot("upload-link-refused");

      // The account page: add a webhook, its secret shown once.
      await page.goto(`${e2e.server.base}/account`);
      const url = page.getByLabel(text.webhookUrl);
      await url.waitFor();
      await url.fill(`${siteBase}/hook`);
      await page.getByRole("button", { name: text.add }).click();
      const secret = page.locator("#webhook-secret");
      await secret.waitFor();
      expect(await secret.inputValue()).toMatch(/^whsec_/);
      await noSideways();
      await shot("webhook-secret", false);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole("button", { name: text.done }).click();
      await secret.waitFor({ state: "detached" });
      const { secret: stored } = await e2e.server.db
        .selectFrom("webhooks")
        .select("secret")
        .executeTakeFirstOrThrow();
      // Gone from the page once closed: the list never shows it.
      expect(await page.content()).not.toContain(stored);

      // A test event, shown delivered in the log.
      await page.getByRole("button", { name: text.test }).click();
      await page.getByText(text.delivered).first().waitFor({ timeout: 30_000 });
      expect(received).toContain("webhook.test");
      await noSideways();
      await page.getByLabel(text.webhookUrl).scrollIntoViewIfNeeded();
      await shot("webhook-deliveries", false);
      expect(await seriousViolations(page)).toEqual([]);

      // Deleted after a confirmation.
      await page.getByRole("button", { name: text.delete, exact: true }).first().click();
      await page.getByRole("dialog").getByRole("button", { name: text.delete }).click();
      await page.getByLabel(text.webhookUrl).waitFor();
      await page.getByRole("button", { name: text.test }).waitFor({ state: "detached" });
      await context.close();
    },
  );
});

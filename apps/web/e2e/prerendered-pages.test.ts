import { describe, expect, it } from "vitest";
import { withServerAndBrowser } from "./support/server-and-browser.js";
import { rawGet } from "./support/raw-get.js";
import { signedInContext } from "./support/signed-in.js";

const PAGES = [
  "/",
  "/product",
  "/features",
  "/pricing",
  "/faq",
  "/about",
  "/contact",
  "/privacy-policy",
  "/terms-of-service",
  "/cookie-policy",
];

const attribute = (html: string, pattern: RegExp) => html.match(pattern)?.[1];

describe("public pages prerendered in both languages, hydrating", () => {
  const e2e = withServerAndBrowser();

  it("sends each page's content and head in HTML, before any script runs", async () => {
    for (const path of PAGES) {
      for (const [language, query] of [
        ["en", ""],
        ["zh-HK", "?lang=zh-HK"],
      ] as const) {
        const url = `${e2e.server.base}${path}${query}`;
        const page = await rawGet(url);
        const html = page.body.toString();
        const where = `${path} ${language}`;
        expect(page.status, where).toBe(200);
        expect(attribute(html, /<html lang="([^"]+)"/), where).toBe(language);
        expect(html, where).toContain(`<div id="root" data-prerendered="${language}">`);
        expect(html, where).toMatch(/<h1[^>]*>[^<]/);
        expect(attribute(html, /<title>([^<]+)<\/title>/), where).toMatch(/Verbatim/);
        expect(attribute(html, /<meta name="description" content="([^"]+)"/), where).toBeTruthy();
        expect(attribute(html, /<link rel="canonical" href="([^"]+)"/), where).toBe(url);
        expect(attribute(html, /hreflang="en" href="([^"]+)"/), where).toBe(
          `${e2e.server.base}${path}`,
        );
        expect(attribute(html, /hreflang="zh-HK" href="([^"]+)"/), where).toBe(
          `${e2e.server.base}${path}?lang=zh-HK`,
        );
        expect(attribute(html, /hreflang="x-default" href="([^"]+)"/), where).toBe(
          `${e2e.server.base}${path}`,
        );
        expect(attribute(html, /property="og:title" content="([^"]+)"/), where).toBeTruthy();
        expect(attribute(html, /property="og:url" content="([^"]+)"/), where).toBe(url);
        expect(html, where).not.toContain("%VERBATIM_ORIGIN%");
        // Paints from the HTML alone: the stylesheet is in it, none is linked to wait for.
        expect(html, where).not.toMatch(/<link rel="stylesheet"/);
        expect(html, where).toMatch(/<style>[^<]*\.flex\{/);
      }
    }
    const zh = (await rawGet(`${e2e.server.base}/pricing?lang=zh-HK`)).body.toString();
    expect(zh).toContain("收費");
    // The browser's language decides when the link does not.
    const chinese = await rawGet(`${e2e.server.base}/faq`, { "accept-language": "zh-HK,zh;q=0.9" });
    expect(chinese.headers["content-language"]).toBe("zh-HK");
  });

  it("answers an unknown path with the 404 page (404, noindex), and a signed-in user with the app", async () => {
    const missing = await rawGet(`${e2e.server.base}/no-such-page?lang=zh-HK`);
    expect(missing.status).toBe(404);
    const html = missing.body.toString();
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).toContain("404");
    const app = await rawGet(`${e2e.server.base}/pricing`, { cookie: "verbatim_session=abc" });
    expect(app.body.toString()).toContain('<div id="root"></div>');
  });

  it("hydrates without mismatches and works: the FAQ opens, the language switches", async () => {
    const context = await e2e.browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    await page.goto(`${e2e.server.base}/faq?lang=zh-HK`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { level: 1, name: "常見問題" }).waitFor();
    const question = page
      .getByRole("button")
      .filter({ hasText: "?" })
      .or(page.getByRole("button").filter({ hasText: "？" }))
      .first();
    await question.click();
    expect(await question.getAttribute("aria-expanded")).toBe("true");
    await page.getByRole("combobox").first().selectOption("en");
    await page.getByRole("heading", { level: 1, name: "Frequently asked questions" }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("a visitor's first page loads only the public texts; the next page brings the rest, in the chosen language", async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${e2e.server.base}/?lang=zh-HK`, { waitUntil: "networkidle" });
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    // Which text chunks were fetched: "zh-HK-public" from "/assets/zh-HK-public-<hash>.js".
    const texts = () =>
      scripts.flatMap((path) => path.match(/^\/assets\/((?:en|zh-HK)-(?:public|app))-/)?.[1] ?? []);
    expect(texts()).toEqual(["zh-HK-public"]);
    // Switching language loads that language's public texts only; logging in needs the rest.
    await page.getByRole("combobox").first().selectOption("en");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await page.getByRole("link", { name: "Log in" }).first().click();
    await page.getByText("Welcome back. Log in to transcribe").waitFor();
    await page.getByRole("heading", { name: "Log in" }).waitFor();
    expect(texts().sort()).toEqual(["en-app", "en-public", "zh-HK-public"]);
    // And back in Chinese, the page behind the link has its own texts in Chinese.
    await page.getByRole("combobox").first().selectOption("zh-HK");
    await page.getByText("歡迎回來。登入後即可轉錄、編輯及下載字幕。").waitFor();
    await context.close();
  });

  it("a signed-in user at / gets the app, not the visitor's page", async () => {
    const { context } = await signedInContext(e2e.browser, e2e.server);
    const page = await context.newPage();
    await page.goto(`${e2e.server.base}/`);
    await page.getByRole("button", { name: /^Account menu for / }).waitFor();
    expect(await page.locator("#root[data-prerendered]").count()).toBe(0);
    await context.close();
  });
});

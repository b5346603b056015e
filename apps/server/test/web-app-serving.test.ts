import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import { startTestApi, type TestApi } from "./support/auth-app.js";

describe("the server serving the web app", () => {
  const web = scratchDir("verbatim-web-");
  let api: TestApi;

  beforeAll(async () => {
    mkdirSync(join(web.dir, "assets"));
    writeFileSync(join(web.dir, "index.html"), "<!doctype html><div id=root></div>");
    writeFileSync(join(web.dir, "assets", "app-1234.js"), "console.log(1)");
    writeFileSync(
      join(web.dir, "spa-routes.json"),
      JSON.stringify(["/", "/login", "/checkout/:planType"]),
    );
    api = await startTestApi("sqlite", { WEB_DIR: web.dir });
  });
  afterAll(async () => {
    await api?.close();
    web.cleanup();
  });

  it.each([
    ["/", 200],
    ["/login", 200],
    ["/checkout/basic", 200],
    ["/no-such-page", 404],
    ["/checkout/basic/extra", 404],
  ])("answers %s with the app and status %i", async (path, status) => {
    const response = await fetch(`${api.base}${path}`);
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(await response.text()).toContain("<div id=root>");
  });

  it("serves hashed assets for a year, and keeps JSON 404s for the API", async () => {
    const asset = await fetch(`${api.base}/assets/app-1234.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toContain("immutable");
    const missing = await fetch(`${api.base}/api/nothing-here`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: "NOT_FOUND" });
  });

  it.each([
    ["GET", "/v1/audio/speech"],
    ["GET", "/v1"],
    ["POST", "/v1/no-such-thing"],
  ])("answers %s %s in OpenAI's JSON error shape, not with the web app", async (method, path) => {
    const response = await fetch(`${api.base}${path}`, { method });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await response.json()).toEqual({
      error: {
        message: `Invalid URL (${method} ${path})`,
        type: "invalid_request_error",
        param: null,
        code: null,
      },
    });
  });
});

import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import { startTestApi, type TestApi } from "./support/auth-app.js";
import { rawGet as rawGetUrl } from "../../web/e2e/support/raw-get.js";

describe("the server serving the web app", () => {
  const web = scratchDir("verbatim-web-");
  let api: TestApi;

  beforeAll(async () => {
    mkdirSync(join(web.dir, "assets"));
    writeFileSync(join(web.dir, "index.html"), "<!doctype html><div id=root></div>");
    writeFileSync(join(web.dir, "assets", "app-1234.js"), "console.log(1)");
    // What the build's precompress step writes beside a text file.
    const script = "console.log('compressed');".repeat(40);
    writeFileSync(join(web.dir, "assets", "big-5678.js"), script);
    writeFileSync(join(web.dir, "assets", "big-5678.js.br"), brotliCompressSync(script));
    writeFileSync(join(web.dir, "assets", "big-5678.js.gz"), gzipSync(script));
    writeFileSync(join(web.dir, "assets", "big-5678.js.map"), '{"sources":["secret.ts"]}');
    const index = "<!doctype html><div id=root></div>";
    writeFileSync(join(web.dir, "index.html.br"), brotliCompressSync(index));
    writeFileSync(join(web.dir, "index.html.gz"), gzipSync(index));
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

  /** A GET with these headers, the body left as sent (fetch would decompress it). */
  const rawGet = (path: string, headers: Record<string, string>) =>
    rawGetUrl(`${api.base}${path}`, headers);

  it.each([
    ["br, gzip", "br"],
    ["gzip, deflate", "gzip"],
    ["identity", undefined],
  ])("sends the precompressed copy for Accept-Encoding %s (%s)", async (accept, encoding) => {
    const asset = await rawGet("/assets/big-5678.js", { "accept-encoding": accept });
    expect(asset.status).toBe(200);
    expect(asset.headers["content-encoding"]).toBe(encoding);
    expect(asset.headers["vary"]).toContain("accept-encoding");
    expect(asset.headers["cache-control"]).toContain("immutable");
    const expected = "console.log('compressed');".repeat(40);
    const text = (body: Buffer) =>
      encoding === "br"
        ? brotliDecompressSync(body).toString()
        : encoding === "gzip"
          ? gunzipSync(body).toString()
          : body.toString();
    expect(text(asset.body)).toBe(expected);

    const page = await rawGet("/login", { "accept-encoding": accept });
    expect(page.status).toBe(200);
    expect(page.headers["content-encoding"]).toBe(encoding);
    expect(page.headers["vary"]).toContain("accept-encoding");
    expect(text(page.body)).toContain("<div id=root>");
  });

  it("never publishes a source map, even one the build left", async () => {
    const map = await rawGet("/assets/big-5678.js.map", {});
    expect(map.status).toBe(404);
    expect(map.body.toString()).not.toContain("secret.ts");
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "./support/auth-app.js";

// Every answer carries the same security headers (helmet's, with the app's policy), built once
// at start rather than for each request. The whole set, so that a header lost or changed on the
// way shows here; apps/web/e2e/security-headers.test.ts checks that the app runs under them.

const EXPECTED = {
  "content-security-policy":
    "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';" +
    "img-src 'self' data: blob:;media-src 'self' blob:;font-src 'self' data:;" +
    "connect-src 'self' blob:;worker-src 'self' blob:;object-src 'none';base-uri 'self';" +
    "form-action 'self';frame-ancestors 'none'",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-frame-options": "DENY",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
};

describe("security headers", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi("sqlite");
  });
  afterAll(() => api.close());

  it.each([
    ["an answer", "/api/health"],
    ["an error", "/api/transcriptions"],
    ["a path nobody serves", "/api/no-such-thing"],
  ])("are sent on %s", async (_, path) => {
    const response = await fetch(`${api.base}${path}`);
    await response.arrayBuffer();
    const sent = Object.fromEntries(
      Object.keys(EXPECTED).map((name) => [name, response.headers.get(name)]),
    );
    expect(sent).toEqual(EXPECTED);
    expect(response.headers.get("strict-transport-security")).toBeNull(); // plain HTTP
    expect(response.headers.get("x-powered-by")).toBeNull();
  });
});

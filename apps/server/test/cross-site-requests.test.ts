import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../src/auth/require-user.js";
import { startTestApi, type TestApi } from "./support/auth-app.js";
import { signedInUser, type TestUser } from "./support/transcription-app.js";

// A page on another site cannot make a signed-in browser change anything: the browser sends
// the session cookie by itself, so a request that signs in with the cookie and is not a read
// must come from the app's own origin. PUBLIC_URL is https://verbatim.test (startTestApi).

describe("cross-site requests with the session cookie", () => {
  let api: TestApi;
  let user: TestUser;
  let cookie: string;
  beforeAll(async () => {
    api = await startTestApi("sqlite");
    user = await signedInUser(api.db);
    cookie = `${SESSION_COOKIE}=${user.token}`;
  });
  afterAll(() => api.close());

  /** Creates an API key (a change), with the given headers and the cookie unless said. */
  const createKey = (headers: Record<string, string>) =>
    api.post("/api/keys", { name: "from a page" }, headers);
  const keyCount = async () => {
    const response = await fetch(`${api.base}/api/keys`, { headers: user.auth });
    return ((await response.json()) as unknown[]).length;
  };

  it.each([
    ["another site (Sec-Fetch-Site: cross-site)", { "sec-fetch-site": "cross-site" }],
    ["a sibling subdomain (Sec-Fetch-Site: same-site)", { "sec-fetch-site": "same-site" }],
    ["another origin (Origin only, an older browser)", { origin: "https://evil.example" }],
    ["a sandboxed page (Origin: null)", { origin: "null" }],
  ])("refuses a change from %s, and changes nothing", async (_, headers) => {
    const before = await keyCount();
    const response = await createKey({ cookie, ...headers });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { code: string }).code).toBe("CROSS_SITE_REQUEST");
    expect(await keyCount()).toBe(before);
  });

  it.each(["/%61pi/keys", "/%61%70%69/keys", "/api/%6Beys", "/%61pi/%6b%65%79%73"])(
    "refuses a cross-site change whatever the path's spelling (%s reaches /api/keys)",
    async (path) => {
      const before = await keyCount();
      const response = await api.post(
        path,
        { name: "from a page" },
        {
          cookie,
          "sec-fetch-site": "same-site",
        },
      );
      expect(response.status).toBe(403);
      expect(((await response.json()) as { code: string }).code).toBe("CROSS_SITE_REQUEST");
      expect(await keyCount()).toBe(before);
    },
  );

  it("refuses a cross-site sign-out, in the request's language", async () => {
    const other = await signedInUser(api.db);
    const response = await api.post("/api/auth/logout", undefined, {
      cookie: `${SESSION_COOKIE}=${other.token}`,
      "sec-fetch-site": "cross-site",
      "accept-language": "zh-HK",
    });
    expect(response.status).toBe(403);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe("CROSS_SITE_REQUEST");
    expect(body.message).toMatch(/其他網站/);
    expect((await fetch(`${api.base}/api/auth/me`, { headers: other.auth })).status).toBe(200);
  });

  it.each([
    ["the app's own page (Sec-Fetch-Site: same-origin)", { "sec-fetch-site": "same-origin" }],
    ["the address bar (Sec-Fetch-Site: none)", { "sec-fetch-site": "none" }],
    ["PUBLIC_URL's origin (Origin only)", { origin: "https://verbatim.test" }],
    ["a client that sends neither header (curl)", {}],
  ])("lets a change with the cookie through from %s", async (_, headers) => {
    const before = await keyCount();
    expect((await createKey({ cookie, ...headers })).status).toBe(201);
    expect(await keyCount()).toBe(before + 1);
  });

  it("lets a change through from the server's own address (Origin only)", async () => {
    const before = await keyCount();
    expect((await createKey({ cookie, origin: api.base })).status).toBe(201);
    expect(await keyCount()).toBe(before + 1);
  });

  it("lets a Bearer token through from anywhere: a page cannot send it by itself", async () => {
    const before = await keyCount();
    const response = await createKey({
      ...user.auth,
      cookie,
      "sec-fetch-site": "cross-site",
      origin: "https://evil.example",
    });
    expect(response.status).toBe(201);
    expect(await keyCount()).toBe(before + 1);
  });

  it("lets a cross-site read with the cookie through (SameSite=Lax sends it on links)", async () => {
    const response = await fetch(`${api.base}/api/auth/me`, {
      headers: { cookie, "sec-fetch-site": "cross-site", origin: "https://evil.example" },
    });
    expect(response.status).toBe(200);
  });
});

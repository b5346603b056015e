import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { startTestApi, type TestApi } from "./support/auth-app.js";

// The per-address sign-in limit counts the address the request really came from. A forged
// X-Forwarded-For is believed only from proxies TRUST_PROXY names (default: none).

const LIMITS = {
  rateLimits: { perIp: { max: 5, windowMs: 60_000 }, perEmail: { max: 1000, windowMs: 60_000 } },
};

async function attemptsFrom(api: TestApi, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await api.post(
      "/api/auth/login",
      { email: `victim${i}@example.com`, password: "guessing-again" },
      { "x-forwarded-for": `203.0.113.${i + 1}` },
    );
    statuses.push(response.status);
  }
  return statuses;
}

describe("TRUST_PROXY", () => {
  describe("by default", () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi("sqlite", {}, LIMITS);
    });
    afterAll(() => api.close());

    it("believes no forged X-Forwarded-Proto: no HSTS over plain HTTP", async () => {
      const forged = await fetch(`${api.base}/api/health`, {
        headers: { "x-forwarded-proto": "https" },
      });
      expect(forged.headers.get("strict-transport-security")).toBeNull();
      expect(forged.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    });

    it("ignores forged X-Forwarded-For: a new forged address per try still meets the limit", async () => {
      expect(await attemptsFrom(api, 7)).toEqual([401, 401, 401, 401, 401, 429, 429]);
    });
  });

  describe("behind one trusted proxy", () => {
    let api: TestApi;
    beforeAll(async () => {
      api = await startTestApi("sqlite", { TRUST_PROXY: "1" }, LIMITS);
    });
    afterAll(() => api.close());

    it("sends HSTS only when the trusted proxy says the client came over HTTPS", async () => {
      const https = await fetch(`${api.base}/api/health`, {
        headers: { "x-forwarded-proto": "https" },
      });
      expect(https.headers.get("strict-transport-security")).toMatch(/^max-age=31536000/);
      expect(https.headers.get("x-content-type-options")).toBe("nosniff");
      const plain = await fetch(`${api.base}/api/health`);
      expect(plain.headers.get("strict-transport-security")).toBeNull();
    });

    it("counts each forwarded client address on its own", async () => {
      expect(await attemptsFrom(api, 7)).toEqual([401, 401, 401, 401, 401, 401, 401]);
    });
  });

  it("reads the setting: off, true, hops, addresses; refuses nonsense", () => {
    const read = (value?: string) =>
      loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy;
    expect(read()).toBe(false);
    expect(read("false")).toBe(false);
    expect(read("true")).toBe(true);
    expect(read("2")).toBe(2);
    expect(read("127.0.0.1, 10.0.0.0/8")).toEqual(["127.0.0.1", "10.0.0.0/8"]);
    expect(() => read("everyone")).toThrow(/TRUST_PROXY/);
  });
});

describe("sign-in limits per e-mail address, behind a trusted proxy", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(
      "sqlite",
      { TRUST_PROXY: "1" },
      {
        rateLimits: {
          perIp: { max: 1000, windowMs: 60_000 },
          perEmail: { max: 3, windowMs: 60_000 },
          perAccount: { max: 8, windowMs: 60_000 },
        },
      },
    );
  });
  afterAll(() => api.close());

  const login = (from: string) =>
    api.post(
      "/api/auth/login",
      { email: "owner@example.com", password: "wrong-password-1" },
      { "x-forwarded-for": from },
    );

  it("someone guessing from elsewhere does not lock the owner out, up to the account's ceiling", async () => {
    const attacker = [];
    for (let i = 0; i < 4; i++) attacker.push((await login("198.51.100.7")).status);
    expect(attacker).toEqual([401, 401, 401, 429]);
    // The owner, from their own address, still gets answers (401 here: wrong password).
    expect((await login("203.0.113.50")).status).toBe(401);
    // Many addresses together still stop at the account's ceiling.
    const spread = [];
    for (let i = 0; i < 6; i++) spread.push((await login(`192.0.2.${i + 1}`)).status);
    expect(spread.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(spread.slice(0, 3)).toEqual([401, 401, 401]);
  });
});

// Requests Fastify itself refuses (wrong body type, too large, broken JSON) answer in our own
// shape with a code the web app knows, never a framework code like FST_ERR_CTP_….
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "./support/auth-app.js";

describe("requests the framework refuses", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi("sqlite");
  });
  afterAll(() => api.close());

  const send = (path: string, type: string, body: string | Buffer) =>
    fetch(`${api.base}${path}`, { method: "POST", headers: { "content-type": type }, body });

  it.each([
    [
      "/api/transcribe",
      "application/octet-stream",
      Buffer.alloc(1000),
      415,
      "UNSUPPORTED_CONTENT_TYPE",
    ],
    [
      "/api/auth/login",
      "application/json",
      `{"email":"${"a".repeat(3_000_000)}"}`,
      413,
      "BODY_TOO_LARGE",
    ],
    ["/api/auth/login", "application/json", "{not json", 400, "INVALID_JSON"],
  ] as const)("%s with %s answers %i %s", async (path, type, body, status, code) => {
    const response = await send(path, type, body);
    expect(response.status).toBe(status);
    const answer = (await response.json()) as { code: string; message: string };
    expect(answer.code).toBe(code);
    expect(answer.message).not.toMatch(/FST_|Unsupported Media Type/);
  });
});

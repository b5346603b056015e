import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken } from "../src/auth/tokens.js";
import { DATABASE_KINDS } from "./test-database.js";
import type { RouteAnswer } from "@verbatim/contract/api";
import { answerOf } from "./support/route-answers.js";
import {
  signedInUser,
  startTranscriptionApi,
  type TestUser,
  type TranscriptionApi,
} from "./support/transcription-app.js";

interface OpenAIErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

describe.each(DATABASE_KINDS)("personal API keys on %s", (kind) => {
  let api: TranscriptionApi;

  beforeAll(async () => {
    api = await startTranscriptionApi(kind);
  });
  afterAll(async () => {
    await api?.close();
  });

  const call = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
    fetch(`${api.base}${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const create = async (user: TestUser, name = "script") => {
    const response = await call("POST", "/api/keys", user.auth, { name });
    expect(response.status).toBe(201);
    return answerOf("createApiKey", response);
  };
  const list = async (user: TestUser) =>
    answerOf("listApiKeys", await call("GET", "/api/keys", user.auth));
  const models = (key: string) => call("GET", "/v1/models", { authorization: `Bearer ${key}` });

  it("creates a key shown once, stores only its hash, lists it by prefix", async () => {
    const user = await signedInUser(api.db);
    const created = await create(user, "  laptop script  ");
    expect(created.key).toMatch(/^vb_[\w-]{43}$/);
    expect(created.name).toBe("laptop script");
    expect(created.prefix).toBe(created.key.slice(0, 11));
    expect(Date.parse(created.createdAt)).not.toBeNaN();

    const row = await api.db
      .selectFrom("api_keys")
      .selectAll()
      .where("id", "=", created.id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(hashToken(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key);

    const listed = await list(user);
    expect(listed).toEqual([
      {
        id: created.id,
        name: "laptop script",
        prefix: created.prefix,
        createdAt: created.createdAt,
        lastUsedAt: null,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.key);
  });

  it("lists live keys newest first; revoking stops a key at once; others' keys are 404", async () => {
    const owner = await signedInUser(api.db);
    const stranger = await signedInUser(api.db);
    const first = await create(owner, "first");
    const second = await create(owner, "second");
    expect((await list(owner)).map((k) => k.name)).toEqual(["second", "first"]);
    expect(await list(stranger)).toEqual([]);

    expect((await models(first.key)).status).toBe(200);
    expect((await call("DELETE", `/api/keys/${first.id}`, stranger.auth)).status).toBe(404);
    expect((await call("DELETE", "/api/keys/not-a-uuid", owner.auth)).status).toBe(404);
    expect((await call("DELETE", `/api/keys/${first.id}`, owner.auth)).status).toBe(204);
    expect((await call("DELETE", `/api/keys/${first.id}`, owner.auth)).status).toBe(404);
    expect((await list(owner)).map((k) => k.name)).toEqual(["second"]);

    const refused = await models(first.key);
    expect(refused.status).toBe(401);
    const body = (await refused.json()) as OpenAIErrorBody;
    expect(body.error).toMatchObject({ type: "authentication_error", code: "invalid_api_key" });
    expect(body.error.message).not.toContain(first.key);
    expect((await models(second.key)).status).toBe(200);
  });

  it("records when a key was last used", async () => {
    const user = await signedInUser(api.db);
    const key = await create(user);
    const before = Date.now();
    expect((await models(key.key)).status).toBe(200);
    const [listed] = await list(user);
    expect(listed?.lastUsedAt).not.toBeNull();
    expect(Date.parse(listed?.lastUsedAt ?? "")).toBeGreaterThanOrEqual(before - 1000);
  });

  it("checks names, needs a session (not a key), and allows at most 20 live keys", async () => {
    const user = await signedInUser(api.db);
    expect((await call("POST", "/api/keys", user.auth, { name: "   " })).status).toBe(400);
    expect((await call("POST", "/api/keys", user.auth, { name: "x".repeat(101) })).status).toBe(
      400,
    );
    expect((await call("POST", "/api/keys", user.auth, {})).status).toBe(400);
    expect((await call("GET", "/api/keys", {})).status).toBe(401);

    const keys: RouteAnswer<"createApiKey">[] = [];
    for (let i = 0; i < 20; i++) keys.push(await create(user, `key ${i}`));
    const bearer = { authorization: `Bearer ${keys[0]?.key}` };
    expect((await call("GET", "/api/keys", bearer)).status).toBe(401);
    expect((await call("POST", "/api/keys", bearer, { name: "more" })).status).toBe(401);

    const over = await call("POST", "/api/keys", user.auth, { name: "one too many" });
    expect(over.status).toBe(409);
    expect(await over.json()).toMatchObject({ code: "TOO_MANY_API_KEYS" });
    expect((await call("DELETE", `/api/keys/${keys[3]?.id}`, user.auth)).status).toBe(204);
    await create(user, "room again");
  });

  it("limits each key to 60 requests a minute, in OpenAI's 429 shape", async () => {
    const user = await signedInUser(api.db);
    const busy = await create(user, "busy");
    const calm = await create(user, "calm");
    for (let i = 0; i < 60; i++) expect((await models(busy.key)).status).toBe(200);
    const limited = await models(busy.key);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await limited.json()) as OpenAIErrorBody).error).toMatchObject({
      type: "requests", // as OpenAI types a request-rate limit
      code: "rate_limit_exceeded",
    });
    expect((await models(calm.key)).status).toBe(200); // per key, not per user or address
  });

  it("deleting the account deletes its keys", async () => {
    const user = await signedInUser(api.db);
    const key = await create(user);
    await api.db.deleteFrom("minute_ledger").where("user_id", "=", user.id).execute();
    await api.db.deleteFrom("subscriptions").where("user_id", "=", user.id).execute();
    await api.db.deleteFrom("auth_tokens").where("user_id", "=", user.id).execute();
    await api.db.deleteFrom("users").where("id", "=", user.id).execute();
    const left = await api.db
      .selectFrom("api_keys")
      .select("id")
      .where("id", "=", key.id)
      .execute();
    expect(left).toEqual([]);
    expect((await models(key.key)).status).toBe(401);
  });
});

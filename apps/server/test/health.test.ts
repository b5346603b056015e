import { errorTextFor } from "@verbatim/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";
import { buildApp } from "../src/app.js";
import { createTestDatabase, DATABASE_KINDS } from "./test-database.js";

describe.each(DATABASE_KINDS)("the API on %s", (kind) => {
  let app: FastifyInstance;
  let base: string;
  let close: () => Promise<void>;

  beforeAll(async () => {
    const database = await createTestDatabase(kind);
    close = database.close;
    const config = {
      ...loadConfig({
        LOG_LEVEL: "silent",
        MODELS_DIR: "/nonexistent-models",
        MODELS_AUTO_DOWNLOAD: "false",
      }),
      database: database.config,
    };
    app = await buildApp({ config, db: database.db });
    base = await app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await app.close();
    await close();
  });

  it("reports health: database up, ffmpeg found, models missing with the command to install them", async () => {
    const response = await fetch(`${base}/api/health`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      status: string;
      database: { ok: boolean; detail: string };
      ffmpeg: { ok: boolean };
      models: { ok: boolean; hint?: string; fast: { name: string } };
      speakers: { ok: boolean; detail: string };
      engine: { ok: boolean; whisperVersion: string; backend: { kind: string; name: string } };
    };
    expect(body.database).toEqual({ ok: true, detail: kind });
    expect(body.ffmpeg.ok).toBe(true);
    // The engine process says which whisper.cpp runs and on what (this machine: the CPU).
    expect(body.engine.ok).toBe(true);
    expect(body.engine.whisperVersion).toMatch(/^1\.(9|\d{2,})\.\d+$/);
    expect(body.engine.backend.kind).toBe("cpu");
    expect(body.engine.backend.name).toMatch(/^CPU/);
    expect(body.models.ok).toBe(false);
    expect(body.models.fast.name).toBe("base");
    // Which file goes where, and the command that fetches it, for each missing default model.
    expect(body.models.hint).toContain("Put ggml-base.bin into /nonexistent-models: download ");
    expect(body.models.hint).toContain("save it as /nonexistent-models/ggml-small.bin");
    expect(body.models.hint).toContain("npm run models -- small");
    expect(body.status).toBe("degraded");
    // Without the speaker models the Speakers option is not offered: health says why.
    expect(body.speakers.ok).toBe(false);
    expect(body.speakers.detail).toContain("Speaker labels need the diarization models");
    expect(response.headers.get("x-request-id")).toBeTruthy();
  });

  it("answers unknown API paths with a 404 in the error shape", async () => {
    const response = await fetch(`${base}/api/nope?x=1`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      code: "NOT_FOUND",
      message: errorTextFor("NOT_FOUND", "en"),
      details: { route: "GET /api/nope" },
    });
  });

  it("serves the OpenAPI document", async () => {
    const response = await fetch(`${base}/api/docs/json`);
    expect(response.status).toBe(200);
    const doc = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain("/api/health");
  });

  it("keeps a caller's request id", async () => {
    const response = await fetch(`${base}/api/health`, { headers: { "x-request-id": "abc-123" } });
    expect(response.headers.get("x-request-id")).toBe("abc-123");
  });
});

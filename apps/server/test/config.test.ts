import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.js";

describe("loadConfig", () => {
  it("has embedded defaults: SQLite under ./data, port 3000 on 127.0.0.1, models fetched on start", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe("127.0.0.1");
    expect(config.database).toEqual({ kind: "sqlite", path: resolve("data/verbatim.db") });
    expect(config.uploadDir).toBe(resolve("data/uploads"));
    expect(config.models).toEqual({
      fast: "base",
      accurate: "small",
      routing: {
        fastParakeet: "parakeet-tdt-0.6b-v3",
        fastWhisper: "base",
        accurate: ["large-v3-turbo", "small"],
        cantonese: "sensevoice-small",
      },
      autoDownload: true,
      // Whisper base first (something runs at once), then Cantonese, Parakeet, Whisper small.
      downloads: ["base", "sensevoice-small", "parakeet-tdt-0.6b-v3", "small"],
      baseUrl: undefined,
    });
    expect(config.publicUrl).toBe("http://localhost:3000");
  });

  it("reads the download order as roles or model names, leaving out roles turned off and file paths", () => {
    const config = loadConfig({
      MODELS_DOWNLOAD_ORDER: "cantonese, parakeet, fast, tiny, accurate",
      FAST_PARAKEET_MODEL: "off",
      ACCURATE_MODEL: "/srv/models/ggml-small.bin",
    });
    expect(config.models.downloads).toEqual(["sensevoice-small", "base", "tiny"]);
  });

  it("switches to PostgreSQL on a postgres:// URL and reads lists", () => {
    const config = loadConfig({
      DATABASE_URL: "postgres://u@h/db",
      ADMIN_EMAILS: " A@x.com, b@y.com ,",
      PORT: "8080",
    });
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://u@h/db" });
    expect(
      loadConfig({ DATABASE_URL: "postgres://u@h/db", DATABASE_POOL_MAX: "3" }).database,
    ).toEqual({ kind: "postgres", url: "postgres://u@h/db", poolMax: 3 });
    expect(config.adminEmails).toEqual(["a@x.com", "b@y.com"]);
    expect(config.publicUrl).toBe("http://localhost:8080");
  });

  it("lets the operator change or turn off what Fast, Accurate and Cantonese run", () => {
    const config = loadConfig({
      FAST_MODEL: "tiny",
      ACCURATE_MODEL: "medium",
      FAST_PARAKEET_MODEL: "off",
      ACCURATE_PREFERRED_MODEL: "OFF",
      CANTONESE_MODEL: "my-sensevoice",
    });
    expect(config.models.routing).toEqual({
      fastParakeet: null,
      fastWhisper: "tiny",
      accurate: ["medium"],
      cantonese: "my-sensevoice",
    });
  });

  it("takes an empty setting (KEY= in .env) as unset", () => {
    const config = loadConfig({ DATABASE_URL: "", VERBATIM_MODEL_BASE_URL: "", PORT: "" });
    expect(config.database).toEqual({ kind: "sqlite", path: resolve("data/verbatim.db") });
    expect(config.models.baseUrl).toBeUndefined();
    expect(config.port).toBe(3000);
  });

  it("names every invalid setting", () => {
    expect(() => loadConfig({ PORT: "eighty", LOG_LEVEL: "loud" })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });

  it("many machines: Redis by URL; ROLE=api runs no workers; API-only or worker roles need Redis", () => {
    expect(loadConfig({}).redis).toBeUndefined();
    const api = loadConfig({ REDIS_URL: "redis://r:6379/2", ROLE: "api", WORKER_CONCURRENCY: "3" });
    expect(api.redis).toEqual({ url: "redis://r:6379/2", prefix: "verbatim" });
    expect(api.workers.concurrency).toBe(0);
    expect(api.workers.lockMs).toBe(30_000);
    expect(() => loadConfig({ ROLE: "api" })).toThrow(/ROLE=api needs REDIS_URL/);
    expect(() => loadConfig({ ROLE: "worker" })).toThrow(/ROLE=worker needs REDIS_URL/);
    expect(() => loadConfig({ REDIS_URL: "http://r" })).toThrow(/REDIS_URL/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  signedInUser,
  startTranscriptionApi,
  type TranscriptionApi,
} from "./support/transcription-app.js";

describe("the plan and model calls", () => {
  let api: TranscriptionApi;

  beforeAll(async () => {
    api = await startTranscriptionApi("sqlite");
  });
  afterAll(async () => {
    await api?.close();
  });

  it("GET /api/subscriptions/active gives a new user's Free plan and when its minutes reset", async () => {
    const user = await signedInUser(api.db);
    const response = await fetch(`${api.base}/api/subscriptions/active`, { headers: user.auth });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      planType: string;
      status: string;
      currentPeriodEnd: string;
    };
    expect(body).toMatchObject({ planType: "free", status: "active" });
    const days = (Date.parse(body.currentPeriodEnd) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThanOrEqual(31);
    expect((await fetch(`${api.base}/api/subscriptions/active`)).status).toBe(401);
  });

  it("GET /api/models maps the public names to the configured models", async () => {
    const models = (await (await fetch(`${api.base}/api/models`)).json()) as {
      id: string;
      engineModel: string;
      installed: boolean;
    }[];
    expect(models[0]).toMatchObject({ id: "whisper-1", installed: true });
    expect(models[0]?.engineModel).toMatch(/ggml-random-mini-f16\.bin$/);
    expect(models[1]).toMatchObject({ id: "gpt-4o-transcribe", installed: false });
  });
});

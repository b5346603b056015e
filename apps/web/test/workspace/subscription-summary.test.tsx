import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { User } from "../../src/api/types";
import { SubscriptionSummary } from "../../src/features/workspace/subscription-summary";
import { mockApi, USER } from "../account/helpers";
import { json } from "../api-answers";
import { renderPage } from "../render";
import { signIn } from "../session";

afterEach(() => vi.restoreAllMocks());

describe("the minutes above the upload", () => {
  it.each([
    ["en", "20 minutes left"],
    ["zh-HK", "剩餘 20 分鐘"],
  ] as const)("say the number once, with its unit once (%s)", async (language, text) => {
    signIn();
    mockApi({
      "GET /api/auth/me": () => json({ ...USER, credits: 20 } satisfies User),
      "GET /api/subscriptions/active": () => json(null),
    });
    await renderPage(<SubscriptionSummary />, { language });
    const line = await screen.findByText(text);
    expect(line.textContent).toBe(text);
    expect(document.body.textContent).not.toMatch(/minutes Minutes|分鐘\s*剩餘分鐘/);
  });
});

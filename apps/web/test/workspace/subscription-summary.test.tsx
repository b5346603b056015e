import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { User } from "../../src/api/types";
import { SubscriptionSummary } from "../../src/features/workspace/subscription-summary";
import { UploadStep } from "../../src/features/workspace/upload-step";
import { defaultOptions } from "../../src/features/workspace/workspace-state";
import { mockApi, USER } from "../account/helpers";
import { errorJson, json } from "../api-answers";
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

describe("uploading into a team", () => {
  it("does not show one's own Free plan minutes, which do not pay", async () => {
    signIn();
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const path = new URL(String(input), "http://localhost").pathname;
      if (path === "/api/auth/me") return json({ ...USER, credits: 20 } satisfies User);
      if (path === "/api/subscriptions/active") return json(null);
      // Nothing else is needed here (models, health, limits): not found.
      return errorJson(404, { code: "NOT_FOUND", message: "Not found" });
    });
    const props = {
      file: null,
      options: defaultOptions("en"),
      subtitles: null,
      onFile: () => undefined,
      onOptions: () => undefined,
      onSubtitles: () => undefined,
      onStart: () => undefined,
      onLinkJob: () => undefined,
    };
    // Side by side, on the same answers: one's own upload shows one's minutes, the team's not.
    await renderPage(
      <>
        <section aria-label="own">
          <UploadStep {...props} />
        </section>
        <section aria-label="team">
          <UploadStep {...props} teamId="team-1" />
        </section>
      </>,
    );
    const own = screen.getByRole("region", { name: "own" });
    const team = screen.getByRole("region", { name: "team" });
    expect(await within(own).findByText("20 minutes left")).toBeInTheDocument();
    expect(within(own).getByText(/Free plan/)).toBeInTheDocument();
    expect(within(team).queryByText("20 minutes left")).toBeNull();
    expect(within(team).queryByText(/Free plan/)).toBeNull();
  });
});

import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Language } from "../../src/i18n/language";
import MinutesCheckoutPage from "../../src/pages/minutes-checkout-page";
import { renderRoutes } from "../render";
import { signIn, stubLocationAssign } from "../session";
import type { CheckoutResponse } from "../../src/api/types";
import { errorJson, json } from "../api-answers";

const renderPack = (path: string, language: Language = "en") =>
  renderRoutes([{ path: "/minutes-checkout/:pack", element: <MinutesCheckoutPage /> }], {
    path,
    language,
  });

describe("/minutes-checkout/:pack", () => {
  let assign: ReturnType<typeof vi.fn>;
  let location: ReturnType<typeof stubLocationAssign>;

  beforeEach(() => {
    signIn();
    location = stubLocationAssign();
    assign = location.assign;
  });

  afterEach(() => {
    location.restore();
    vi.restoreAllMocks();
  });

  it("starts the pack's checkout and redirects", async () => {
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(json({ url: "http://pay.test/cs_9" } satisfies CheckoutResponse));
    await renderPack("/minutes-checkout/1000");
    await waitFor(() => expect(assign).toHaveBeenCalledWith("http://pay.test/cs_9"));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe("/api/minutes/1000");
  });

  // The server's own text is different on purpose: the page must show the spec's message per code.
  it.each([
    [
      "en",
      "FREE_PLAN_UPGRADE_REQUIRED",
      "You need to upgrade to a Basic plan before purchasing additional minutes.",
    ],
    ["en", "BASIC_PLAN_REQUIRED", "Only Basic plan subscribers can purchase additional minutes."],
    ["en", "NO_SUBSCRIPTION", "You need an active subscription to purchase additional minutes."],
    ["zh-HK", "FREE_PLAN_UPGRADE_REQUIRED", "你需要先升級至基本計劃，才可購買額外分鐘。"],
    ["zh-HK", "BASIC_PLAN_REQUIRED", "只有基本計劃訂戶可以購買額外分鐘。"],
    ["zh-HK", "NO_SUBSCRIPTION", "你需要有效的訂閱，才可購買額外分鐘。"],
  ] as const)("in %s, shows the message for %s", async (language, code, message) => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      errorJson(403, { code, message: "server text" }),
    );
    await renderPack("/minutes-checkout/500", language);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText("server text")).not.toBeInTheDocument();
    const back = language === "en" ? "Go Back to Account" : "返回帳戶";
    const upgrade = language === "en" ? "Upgrade to Basic Plan" : "升級至基本計劃";
    expect(screen.getByRole("link", { name: back })).toHaveAttribute("href", "/account");
    expect(screen.getByRole("link", { name: upgrade })).toHaveAttribute("href", "/checkout/basic");
    expect(assign).not.toHaveBeenCalled();
  });

  it("says why for another error: the app's text for a known code, the server's for a new one", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(
      errorJson(502, { code: "PAYMENT_PROVIDER_ERROR", message: "Provider is down." }),
    );
    const { unmount } = await renderPack("/minutes-checkout/500");
    expect(
      await screen.findByText(
        "The payment provider could not be reached. Please try again in a moment.",
      ),
    ).toBeInTheDocument();
    unmount();
    vi.spyOn(globalThis, "fetch").mockResolvedValueOnce(
      errorJson(503, { code: "A_CODE_FROM_A_NEWER_SERVER", message: "Provider is down." }),
    );
    await renderPack("/minutes-checkout/500");
    expect(await screen.findByText("Provider is down.")).toBeInTheDocument();
  });

  it("says the connection was lost when no answer came", async () => {
    vi.spyOn(globalThis, "fetch").mockRejectedValueOnce(new TypeError("network down"));
    await renderPack("/minutes-checkout/500");
    expect(
      await screen.findByText(
        "The connection to Verbatim was lost before it answered. Check your internet connection and try again.",
      ),
    ).toBeInTheDocument();
  });

  it("refuses a pack size other than 500 or 1000 without calling the server", async () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    await renderPack("/minutes-checkout/750");
    expect(await screen.findByText("Invalid minutes pack size")).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});

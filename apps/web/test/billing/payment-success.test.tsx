import { act, screen } from "@testing-library/react";
import { useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../render";
import { Toaster } from "../../src/components/ui/toaster";
import {
  PLAN_SETTLE_MS,
  REFRESH_WAIT_MS,
} from "../../src/features/billing/use-payment-confirmation";
import PaymentSuccessPage from "../../src/pages/payment-success-page";
import { signIn } from "../session";
import type { ConfirmationResponse } from "../../src/api/types";
import { errorJson, json } from "../api-answers";

function LoginStandIn() {
  const state = useLocation().state as { from?: string } | null;
  return <p>Login page, back to {state?.from}</p>;
}

const renderReturn = (path: string) =>
  renderRoutes(
    [
      {
        path: "/payment-success",
        element: (
          <>
            <PaymentSuccessPage />
            <Toaster />
          </>
        ),
      },
      { path: "/login", element: <LoginStandIn /> },
    ],
    { path: path, strict: true },
  );

describe("/payment-success", () => {
  beforeEach(() => signIn());
  afterEach(() => vi.restoreAllMocks());

  it("confirms a plan exactly once, even in StrictMode, then shows success and a toast", async () => {
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(json({ minutes: 220, minutesAdded: 200 } satisfies ConfirmationResponse));
    await renderReturn("/payment-success?session_id=cs_1&plan=basic");

    expect(await screen.findByText("Payment Successful")).toBeInTheDocument();
    expect(screen.getByText("Your Basic plan is now active.")).toBeInTheDocument();
    expect(screen.getByText("You now have 220 minutes available.")).toBeInTheDocument();
    expect(await screen.findByText("200 minutes added to your account")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Start Transcribing" })).toHaveAttribute("href", "/");
    expect(screen.getByRole("link", { name: "View Account" })).toHaveAttribute(
      "href",
      "/account?refresh=true",
    );
    expect(screen.getByRole("link", { name: "Return Home" })).toHaveAttribute("href", "/");

    const confirmations = fetch.mock.calls.filter(([url]) =>
      String(url).includes("checkout-complete"),
    );
    expect(confirmations).toHaveLength(1);
    const [url, init] = confirmations[0]!;
    expect(url).toBe("/api/subscriptions/checkout-complete");
    expect(JSON.parse(String(init?.body))).toEqual({ sessionId: "cs_1", planType: "basic" });
  });

  it("confirms a minute pack with its size", async () => {
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(json({ minutes: 700, minutesAdded: 500 } satisfies ConfirmationResponse));
    await renderReturn("/payment-success?session_id=cs_2&minutes=500");
    expect(
      await screen.findByText("500 additional minutes have been added to your account."),
    ).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/api/minutes/checkout-complete");
    expect(JSON.parse(String(init?.body))).toEqual({ sessionId: "cs_2", minutesPack: "500" });
  });

  it("shows 'Payment Verification Failed' with the reason on 402", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(
      errorJson(402, {
        code: "PAYMENT_NOT_COMPLETED",
        message: "Failed to confirm payment: the payment has not been completed.",
      }),
    );
    await renderReturn("/payment-success?session_id=cs_3&plan=pro");
    expect(
      await screen.findByRole("heading", { name: "Payment Verification Failed" }),
    ).toBeInTheDocument();
    expect(screen.getAllByText("The payment has not been completed.").length).toBeGreaterThan(0);
    expect(screen.queryByText("Payment Successful")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "View Account" })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("says the session information is missing without a session_id, and calls nothing", async () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    await renderReturn("/payment-success?plan=basic");
    expect(
      await screen.findByRole("heading", { name: "Payment Verification Failed" }),
    ).toBeInTheDocument();
    expect(screen.getAllByText("Payment session information is missing").length).toBeGreaterThan(0);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("says it cannot tell what was bought without plan or minutes", async () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    await renderReturn("/payment-success?session_id=cs_4");
    expect(
      (await screen.findAllByText("Could not determine what was purchased")).length,
    ).toBeGreaterThan(0);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("signed out: waits, then goes to /login with the way back here, confirming nothing", async () => {
    localStorage.clear();
    const fetch = vi.spyOn(globalThis, "fetch");
    // The hook's waits run on a clock the test moves: "waits" and "never calls" are checked
    // over the whole time the page could still act, not at the first tick.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      await renderReturn("/payment-success?session_id=cs_5&plan=basic");
      await act(() => vi.advanceTimersByTimeAsync(REFRESH_WAIT_MS - 100));
      expect(screen.queryByText(/^Login page/)).not.toBeInTheDocument();
      expect(screen.getByText("Confirming your payment...")).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(200));
      expect(
        screen.getByText("Login page, back to /payment-success?session_id=cs_5&plan=basic"),
      ).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(10 * (REFRESH_WAIT_MS + PLAN_SETTLE_MS)));
      expect(fetch).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});

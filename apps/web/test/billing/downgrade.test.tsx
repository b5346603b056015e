import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Outlet } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../src/components/ui/toaster";
import DowngradePage from "../../src/pages/downgrade-page";
import { renderRoutes } from "../render";
import { signIn } from "../session";
import type { ActiveSubscription, DowngradeResponse, User } from "../../src/api/types";
import { errorJson, json } from "../api-answers";

const ME = {
  id: "u1",
  email: "ada@example.com",
  name: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  credits: 137,
  additionalCredits: 250,
  isAdmin: false,
  commentMails: true,
} satisfies User;

/** The current plan as GET /api/subscriptions/active answers: Basic, active, unless told. */
function plan(overrides: Partial<ActiveSubscription> = {}): ActiveSubscription {
  return {
    planType: "basic",
    status: "active",
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    openUploads: 3,
    ...overrides,
  };
}

/** An answer the test does not expect to be asked for. */
const unexpected = () => errorJson(500, { code: "INTERNAL", message: "not expected" });

/**
 * Answers GET /api/subscriptions/active with `plan`, GET /api/auth/me with 137 plan and 250
 * pack minutes, POST downgrade with `downgrade`, and POST cancel and resume with the plan so
 * changed.
 */
function mockServer(current: ActiveSubscription, downgrade: () => Response) {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === "/api/subscriptions/active") return json(current);
    if (url === "/api/auth/me") return json(ME);
    if (url === "/api/subscriptions/downgrade" && init?.method === "POST") return downgrade();
    if (url === "/api/subscriptions/cancel" && init?.method === "POST") {
      return json({ ...current, cancelAtPeriodEnd: true });
    }
    if (url === "/api/subscriptions/resume" && init?.method === "POST") {
      return json({ ...current, cancelAtPeriodEnd: false });
    }
    return errorJson(404, { code: "NOT_FOUND", message: "not mocked" });
  });
}

const renderDowngrade = () =>
  renderRoutes(
    [
      {
        element: (
          <>
            <Outlet />
            <Toaster />
          </>
        ),
        children: [
          { path: "/downgrade", element: <DowngradePage /> },
          { path: "/account", element: <p>Account page</p> },
        ],
      },
    ],
    { path: "/downgrade" },
  );

describe("/downgrade", () => {
  beforeEach(() => {
    signIn();
  });
  afterEach(() => vi.restoreAllMocks());

  const posts = (fetch: ReturnType<typeof mockServer>) =>
    fetch.mock.calls.filter(([, init]) => init?.method === "POST").map(([url]) => url);

  it("Basic: the first choice cancels at the period end, keeping plan and pack minutes", async () => {
    const fetch = mockServer(plan({ currentPeriodEnd: "2031-05-20T00:00:00.000Z" }), unexpected);
    const { queryClient } = await renderDowngrade();
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    expect(
      await screen.findByRole("heading", { name: "Cancel at the end of the period (recommended)" }),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        "Plan minutes left this period: 137. You can use them until May 20, 2031; then you get the Free plan's 20 a month.",
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        "Pack minutes: 250. They are lost on May 20, 2031, when the account moves to Free.",
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Cancel at period end" }));
    expect(await screen.findByText("Account page")).toBeInTheDocument();
    expect(await screen.findByText("Subscription cancelled")).toBeInTheDocument();
    expect(posts(fetch)).toEqual(["/api/subscriptions/cancel"]);
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual(expect.arrayContaining([["me"], ["subscription", "active"]]));
  });

  it("Basic: downgrading now asks first, stating the plan and pack minutes lost", async () => {
    const fetch = mockServer(plan(), () =>
      json({
        planType: "free",
        effective: "now",
        currentPeriodEnd: null,
      } satisfies DowngradeResponse),
    );
    await renderDowngrade();
    const open = await screen.findByRole("button", { name: "Downgrade to Free now…" });
    await waitFor(() => expect(open).toBeEnabled());
    expect(screen.queryByRole("button", { name: "Confirm Downgrade" })).toBeNull();
    await userEvent.click(open);
    const dialog = screen.getByRole("dialog", { name: "Downgrade to Free now?" });
    expect(
      within(dialog).getByText(
        "Plan minutes left this period: 137. They are replaced now by the Free plan's 20.",
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText("Pack minutes: 250. They are lost now.")).toBeInTheDocument();
    expect(posts(fetch)).toEqual([]);

    await userEvent.click(within(dialog).getByRole("button", { name: "Confirm Downgrade" }));
    expect(await screen.findByText("Account page")).toBeInTheDocument();
    expect(await screen.findByText("You are now on the Free plan.")).toBeInTheDocument();
    expect(posts(fetch)).toEqual(["/api/subscriptions/downgrade"]);
  });

  it("Pro: only cancelling at the period end is offered", async () => {
    mockServer(plan({ planType: "pro", currentPeriodEnd: "2031-05-20T00:00:00.000Z" }), unexpected);
    await renderDowngrade();
    expect(
      await screen.findByText("Your Pro plan stays active until May 20, 2031."),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Cancel at period end" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Downgrade to Free now…" })).toBeNull();
  });

  it("a cancelled plan: says until when, and Resume undoes it", async () => {
    const fetch = mockServer(
      plan({
        planType: "standard",
        currentPeriodEnd: "2031-05-20T00:00:00.000Z",
        cancelAtPeriodEnd: true,
      }),
      unexpected,
    );
    await renderDowngrade();
    expect(await screen.findByText("Your plan is cancelled")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Cancel at period end" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Resume subscription" }));
    expect(await screen.findByText("Subscription resumed")).toBeInTheDocument();
    expect(posts(fetch)).toEqual(["/api/subscriptions/resume"]);
  });

  it("keeps the page and says why when the downgrade fails", async () => {
    let release: () => void = () => {};
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      if (String(input) === "/api/subscriptions/active") return json(plan());
      if (String(input) === "/api/auth/me") return json(ME);
      await new Promise<void>((resolve) => (release = resolve));
      return errorJson(502, {
        code: "PAYMENT_PROVIDER_ERROR",
        message: "Provider unavailable.",
      });
    });
    await renderDowngrade();
    const open = await screen.findByRole("button", { name: "Downgrade to Free now…" });
    await waitFor(() => expect(open).toBeEnabled());
    await userEvent.click(open);
    await userEvent.click(await screen.findByRole("button", { name: "Confirm Downgrade" }));
    expect(await screen.findByRole("button", { name: "Downgrading..." })).toBeDisabled();
    release();
    expect(await screen.findByText("Failed to downgrade subscription")).toBeInTheDocument();
    expect(
      screen.getByText("The payment provider could not be reached. Please try again in a moment."),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Confirm Downgrade" })).toBeEnabled(),
    );
    expect(screen.queryByText("Account page")).not.toBeInTheDocument();
  });

  it("Free users are told there is nothing to downgrade", async () => {
    mockServer(plan({ planType: "free" }), unexpected);
    await renderDowngrade();
    expect(await screen.findByText("You are already on the Free plan")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Account" })).toHaveAttribute(
      "href",
      "/account",
    );
    expect(screen.queryByRole("button", { name: "Confirm Downgrade" })).not.toBeInTheDocument();
  });
});

import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import AccountPage from "../../src/pages/account-page";
import { renderRoutes } from "../render";
import { mockApi, USER } from "./helpers";
import { signIn } from "../session";
import type { ActiveSubscription, User, VoiceList } from "../../src/api/types";
import { json } from "../api-answers";

const routes = [
  { path: "/account", element: <AccountPage /> },
  { path: "/", element: <p>Home page</p> },
];

beforeEach(() => {
  signIn("tok");
});
afterEach(() => {
  vi.restoreAllMocks();
});

function account({ isAdmin = false, subscription = {} as Partial<ActiveSubscription> } = {}) {
  return mockApi({
    "GET /api/auth/me": () =>
      json({ ...USER, isAdmin, credits: 150, additionalCredits: 500 } satisfies User),
    "GET /api/subscriptions/active": () =>
      json({
        planType: "basic",
        status: "active",
        currentPeriodEnd: "2030-05-01T00:00:00.000Z",
        cancelAtPeriodEnd: false,
        ...subscription,
      } satisfies ActiveSubscription),
    "DELETE /api/account": () => new Response(null, { status: 204 }),
    // The API keys and voices cards on the page list the user's keys and voices (none here).
    "GET /api/keys": () => json([]),
    "GET /api/voices": () => json({ voices: [] } satisfies VoiceList),
  });
}

describe("/account", { timeout: 30_000 }, () => {
  it("shows 'Processing' with Refresh Now for an incomplete subscription, and refetches", async () => {
    const fetch = account({ subscription: { status: "incomplete" } });
    await renderRoutes(routes, { path: "/account" });
    expect(await screen.findByText("Processing")).toBeInTheDocument();
    expect(
      screen.getByText(/being activated\. This usually takes under a minute/),
    ).toBeInTheDocument();
    const subscriptionCalls = () =>
      fetch.mock.calls.filter(([url]) => String(url).includes("subscriptions")).length;
    const before = subscriptionCalls();
    await userEvent.setup().click(screen.getByRole("button", { name: "Refresh Now" }));
    await waitFor(() => expect(subscriptionCalls()).toBeGreaterThan(before));
  });

  it("shows the plan, the minutes and the Basic plan's actions; no Admin Tools for a user", async () => {
    account();
    await renderRoutes(routes, { path: "/account" });
    expect(await screen.findByText("Active")).toBeInTheDocument();
    expect(screen.getByText("Basic")).toBeInTheDocument();
    expect(screen.getAllByText("650 minutes").length).toBeGreaterThan(0);
    expect(screen.getByText("March 1, 2024")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Buy more minutes" })).toHaveAttribute(
      "href",
      "/minutes-checkout/500",
    );
    expect(screen.getByRole("link", { name: "Downgrade" })).toHaveAttribute("href", "/downgrade");
    expect(screen.queryByText("Refresh Now")).not.toBeInTheDocument();
    expect(screen.queryByText("Admin Tools")).not.toBeInTheDocument();
  });

  it("shows the Admin Tools card to an admin, and 'Never expires' on Free", async () => {
    account({
      isAdmin: true,
      subscription: { planType: "free", currentPeriodEnd: "2030-05-01T00:00:00.000Z" },
    });
    await renderRoutes(routes, { path: "/account" });
    expect(await screen.findByText("Admin Tools")).toBeInTheDocument();
    expect(screen.getByText("Access administrative functions")).toBeInTheDocument();
    expect(await screen.findByText("Never expires")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Upgrade" })).toHaveAttribute("href", "/pricing");
  });

  it("refetches with ?refresh=true, then drops the parameter", async () => {
    const fetch = account();
    const { router } = await renderRoutes(routes, { path: "/account?refresh=true" });
    await waitFor(() => expect(router.state.location.search).toBe(""));
    expect(router.state.location.pathname).toBe("/account");
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith("/api/auth/me"))).toBe(true);
  });

  it("deletes the account after the e-mail is typed, then signs out and goes home", async () => {
    const fetch = account();
    await renderRoutes(routes, { path: "/account" });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Delete account" }));
    const dialog = screen.getByRole("dialog", { name: "Delete your account?" });
    const confirm = within(dialog).getByRole("button", { name: "Delete my account" });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText(/Type your e-mail address/), "ADA@example.com");
    await user.click(confirm);
    expect(await screen.findByText("Home page")).toBeInTheDocument();
    const call = fetch.mock.calls.find(([, init]) => init?.method === "DELETE");
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ email: "ADA@example.com" });
    expect(localStorage.getItem("authToken")).toBeNull();
  });
});

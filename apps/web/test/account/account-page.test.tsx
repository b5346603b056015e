import { errorTextFor } from "@verbatim/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../src/components/ui/toaster";
import AccountPage from "../../src/pages/account-page";
import { renderRoutes } from "../render";
import { mockApi, USER } from "./helpers";
import { signIn } from "../session";
import type { ActiveSubscription, User, VoiceList } from "../../src/api/types";
import { errorJson, json } from "../api-answers";

const ZH_WRONG_PASSWORD = errorTextFor("WRONG_PASSWORD", "zh-HK") ?? "(no text)";

const routes = [
  {
    path: "/account",
    element: (
      <>
        <AccountPage />
        <Toaster />
      </>
    ),
  },
  { path: "/", element: <p>Home page</p> },
];

beforeEach(() => {
  signIn("tok");
});
afterEach(() => {
  vi.restoreAllMocks();
});

function account({
  isAdmin = false,
  commentMails = true,
  subscription = {} as Partial<ActiveSubscription>,
  deleteAnswer = () => new Response(null, { status: 204 }),
} = {}) {
  return mockApi({
    "GET /api/auth/me": () =>
      json({
        ...USER,
        isAdmin,
        commentMails,
        credits: 150,
        additionalCredits: 500,
      } satisfies User),
    "PUT /api/account/mail-preferences": (init) =>
      json({
        ...USER,
        isAdmin,
        credits: 150,
        additionalCredits: 500,
        commentMails: (JSON.parse(String(init?.body)) as { commentMails: boolean }).commentMails,
      } satisfies User),
    "GET /api/subscriptions/active": () =>
      json({
        planType: "basic",
        status: "active",
        currentPeriodEnd: "2030-05-01T00:00:00.000Z",
        cancelAtPeriodEnd: false,
        openUploads: 3,
        ...subscription,
      } satisfies ActiveSubscription),
    "DELETE /api/account": () => deleteAnswer(),
    // Basic's upgrade options ask what moving up costs today.
    "GET /api/subscriptions/quote": () =>
      json({
        plan: "standard",
        priceCents: 1350,
        creditCents: 0,
        dueCents: 1350,
        creditFrom: null,
      }),
    "POST /api/subscriptions/resume": () =>
      json({
        planType: "basic",
        status: "active",
        currentPeriodEnd: "2030-05-01T00:00:00.000Z",
        cancelAtPeriodEnd: false,
        openUploads: 3,
      } satisfies ActiveSubscription),
    // The API keys and voices cards on the page list the user's keys and voices (none here).
    "GET /api/keys": () => json([]),
    "GET /api/voices": () => json({ voices: [] } satisfies VoiceList),
    "GET /api/webhooks": () => json([]),
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
    expect(screen.getByRole("link", { name: "Cancel or downgrade" })).toHaveAttribute(
      "href",
      "/downgrade",
    );
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

  it("a cancelled plan says until when, and Resume undoes the cancellation", async () => {
    const fetch = account({ subscription: { cancelAtPeriodEnd: true } });
    await renderRoutes(routes, { path: "/account" });
    expect(await screen.findByText("Cancelled: ends at the period end")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Cancel or downgrade" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Resume subscription" }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([url, init]) =>
            String(url).endsWith("/api/subscriptions/resume") && init?.method === "POST",
        ),
      ).toBe(true),
    );
  });

  it("deletes the account only with the password, then signs out and goes home", async () => {
    const fetch = account();
    await renderRoutes(routes, { path: "/account" });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Delete account" }));
    const dialog = screen.getByRole("dialog", { name: "Delete your account?" });
    const confirm = within(dialog).getByRole("button", { name: "Delete my account" });
    expect(confirm).toBeDisabled();
    // Typing the e-mail shown in the dialog is not enough: the field asks for the password.
    const field = within(dialog).getByLabelText("Password of ada@example.com");
    expect(field).toHaveAttribute("type", "password");
    await user.type(field, "my secret words");
    await user.click(confirm);
    expect(await screen.findByText("Home page")).toBeInTheDocument();
    const call = fetch.mock.calls.find(([, init]) => init?.method === "DELETE");
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ password: "my secret words" });
    expect(localStorage.getItem("authToken")).toBeNull();
  });

  it("a wrong password keeps the account and says so in Chinese", async () => {
    account({
      deleteAnswer: () =>
        errorJson(400, { code: "WRONG_PASSWORD", message: "The current password is not correct." }),
    });
    await renderRoutes(routes, { path: "/account", language: "zh-HK" });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "刪除帳戶" }));
    const dialog = screen.getByRole("dialog", { name: "確定要刪除帳戶？" });
    await user.type(within(dialog).getByLabelText("ada@example.com 的密碼"), "wrong");
    await user.click(within(dialog).getByRole("button", { name: "刪除我的帳戶" }));
    expect(await screen.findByText("未能刪除帳戶")).toBeInTheDocument();
    expect(screen.getByText(ZH_WRONG_PASSWORD)).toBeInTheDocument();
    expect(screen.queryByText("Home page")).toBeNull();
    expect(localStorage.getItem("authToken")).toBe("tok");
  });

  it("turns the e-mails about comments on share links off and on, saving each change", async () => {
    const fetch = account();
    await renderRoutes(routes, { path: "/account" });
    const user = userEvent.setup();
    const box = await screen.findByRole("checkbox", {
      name: "E-mail me about comments on my share links",
    });
    expect(box).toBeChecked();
    expect(box).toHaveAccessibleDescription(/One e-mail per batch of comments/);
    await user.click(box);
    expect(await screen.findByText("E-mail choice saved.")).toBeInTheDocument();
    expect(box).not.toBeChecked();
    const puts = () =>
      fetch.mock.calls
        .filter(([url, init]) => String(url).includes("mail-preferences") && init?.method === "PUT")
        .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
    expect(puts()).toEqual([{ commentMails: false }]);
    await user.click(box);
    await waitFor(() => expect(box).toBeChecked());
    expect(puts()).toEqual([{ commentMails: false }, { commentMails: true }]);
  });

  it("shows the e-mail choice as the account has it, in Chinese", async () => {
    account({ commentMails: false });
    await renderRoutes(routes, { path: "/account", language: "zh-HK" });
    const box = await screen.findByRole("checkbox", {
      name: "有人在我的分享連結留言時以電郵通知我",
    });
    expect(box).not.toBeChecked();
    expect(screen.getByText("電郵")).toBeInTheDocument();
  });
});

import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import ResetPasswordPage from "../../src/pages/reset-password-page";
import { renderRoutes } from "../render";
import { mockApi } from "./helpers";
import type { Ok } from "../../src/api/types";
import { errorJson, json } from "../api-answers";

const routes = [
  { path: "/reset-password", element: <ResetPasswordPage /> },
  { path: "/forgot-password", element: <p>Forgot page</p> },
  { path: "/login", element: <p>Login page</p> },
];

afterEach(() => {
  vi.restoreAllMocks();
});

async function submit(password: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("New password"), password);
  await user.type(screen.getByLabelText("Confirm password"), confirm);
  await user.click(screen.getByRole("button", { name: /Reset password|Set password/ }));
}

describe("/reset-password", { timeout: 30_000 }, () => {
  it("without a token shows 'Invalid Reset Link' with a way to ask for a new one", async () => {
    await renderRoutes(routes, { path: "/reset-password" });
    expect(
      screen.getByRole("heading", { level: 1, name: "Invalid Reset Link" }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText("New password")).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole("link", { name: "Request a New Link" }));
    expect(await screen.findByText("Forgot page")).toBeInTheDocument();
  });

  it("says 'Passwords don't match' and sends nothing", async () => {
    const fetch = mockApi({});
    await renderRoutes(routes, { path: "/reset-password?token=abc" });
    await submit("long-enough-1", "long-enough-2");
    const message = await screen.findByText("Passwords don't match");
    expect(message).toHaveAttribute("role", "alert");
    expect(screen.getByLabelText("Confirm password")).toHaveAttribute(
      "aria-describedby",
      "reset-confirm-error",
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows only the first rule broken for a short password", async () => {
    mockApi({});
    await renderRoutes(routes, { path: "/reset-password?token=abc" });
    await submit("short", "short");
    expect(await screen.findByText("Password must be at least 8 characters")).toBeInTheDocument();
    expect(screen.queryByText("Passwords don't match")).not.toBeInTheDocument();
  });

  it("shows the server's password refusal by its code, in the user's language", async () => {
    mockApi({
      "POST /api/auth/reset-password": () =>
        errorJson(400, { code: "PASSWORD_TOO_WEAK", message: "This password is too common." }),
    });
    await renderRoutes(routes, { path: "/reset-password?token=abc", language: "zh-HK" });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("新密碼"), "password");
    await user.type(screen.getByLabelText(/確認/), "password");
    await user.click(screen.getByRole("button", { name: /密碼/ }));
    expect(await screen.findByText(/這個密碼太常見或太容易猜到/)).toBeInTheDocument();
    expect(screen.queryByText(/連結可能已失效/)).not.toBeInTheDocument();
  });

  it("refuses a password of spaces before sending it", async () => {
    const fetch = mockApi({});
    await renderRoutes(routes, { path: "/reset-password?token=abc" });
    await submit("          ", "          ");
    expect(
      await screen.findByText("The password cannot be blank or only spaces."),
    ).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("sets up an account with setup=true, then offers Go to Login", async () => {
    const fetch = mockApi({
      "POST /api/auth/reset-password": () => json({ ok: true } satisfies Ok),
    });
    await renderRoutes(routes, { path: "/reset-password?token=abc&setup=true" });
    expect(
      screen.getByRole("heading", { level: 1, name: "Set up your account" }),
    ).toBeInTheDocument();
    await submit("long-enough-1", "long-enough-1");
    expect(await screen.findByRole("link", { name: "Go to Login" })).toHaveAttribute(
      "href",
      "/login",
    );
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toEqual({
      token: "abc",
      password: "long-enough-1",
    });
  });

  it("explains a refused or failed reset", async () => {
    mockApi({
      "POST /api/auth/reset-password": () =>
        errorJson(400, { code: "INVALID_TOKEN", message: "Expired" }),
    });
    await renderRoutes(routes, { path: "/reset-password?token=abc" });
    await submit("long-enough-1", "long-enough-1");
    expect(
      await screen.findByText("Failed to reset password. The link may have expired."),
    ).toBeInTheDocument();
    vi.mocked(globalThis.fetch).mockRejectedValue(new TypeError("offline"));
    await userEvent.setup().click(screen.getByRole("button", { name: "Reset password" }));
    expect(
      await screen.findByText("An unexpected error occurred. Please try again."),
    ).toBeInTheDocument();
  });
});

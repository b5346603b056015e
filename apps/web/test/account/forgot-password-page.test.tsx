import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import ForgotPasswordPage from "../../src/pages/forgot-password-page";
import { renderRoutes } from "../render";
import { mockApi } from "./helpers";
import type { Ok } from "../../src/api/types";
import { errorJson, json } from "../api-answers";

const routes = [
  { path: "/forgot-password", element: <ForgotPasswordPage /> },
  { path: "/login", element: <p>Login page</p> },
];

afterEach(() => {
  vi.restoreAllMocks();
});

async function submit(email: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText(/^(Email|電郵地址)$/), email);
  await user.click(screen.getByRole("button", { name: "Send reset link" }));
}

const SENT = (email: string) =>
  `If an account exists for ${email}, we have sent a link to reset your password. The link expires soon, so use it promptly. Check your spam folder if it does not arrive.`;

describe("/forgot-password", { timeout: 30_000 }, () => {
  it("asks for an e-mail, then a valid one, without calling the server", async () => {
    const fetch = mockApi({});
    await renderRoutes(routes, { path: "/forgot-password" });
    await submit("");
    expect(await screen.findByText("Email is required")).toHaveAttribute("role", "alert");
    await submit("someone@");
    expect(await screen.findByText("Invalid email address")).toBeInTheDocument();
    expect(screen.queryByText("Email is required")).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("sends the trimmed address and shows the neutral confirmation", async () => {
    const fetch = mockApi({
      "POST /api/auth/forgot-password": () => json({ ok: true } satisfies Ok),
    });
    await renderRoutes(routes, { path: "/forgot-password" });
    await submit("  ada@example.com ");
    expect(await screen.findByText("Check your e-mail")).toBeInTheDocument();
    expect(screen.getByText(SENT("ada@example.com"))).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Send reset link" })).not.toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url)).toBe("/api/auth/forgot-password");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({ email: "ada@example.com" });

    await userEvent.setup().click(screen.getByRole("link", { name: "Back to login" }));
    expect(await screen.findByText("Login page")).toBeInTheDocument();
  });

  it("answers the same when the server fails, so nobody learns whether an account exists", async () => {
    const fetch = mockApi({
      "POST /api/auth/forgot-password": () =>
        errorJson(500, { code: "INTERNAL", message: "Something broke" }),
    });
    await renderRoutes(routes, { path: "/forgot-password" });
    await submit("nobody@example.com");
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(await screen.findByText(SENT("nobody@example.com"))).toBeInTheDocument();
    expect(screen.queryByText("Something broke")).not.toBeInTheDocument();
  });
});

import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../src/components/ui/toaster";
import LoginPage from "../../src/pages/login-page";
import { renderRoutes } from "../render";
import { mockApi, USER } from "./helpers";
import type { LoginResponse } from "../../src/api/types";
import { errorJson, json } from "../api-answers";

const routes = [
  {
    path: "/login",
    element: (
      <>
        <LoginPage />
        <Toaster />
      </>
    ),
  },
  { path: "/", element: <p>Home page</p> },
  { path: "/history", element: <p>History page</p> },
];

afterEach(() => {
  vi.restoreAllMocks();
});

async function fillIn(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText(/^(Email|電郵地址)$/), email);
  if (password) await user.type(screen.getByLabelText(/^(Password|密碼)$/), password);
  await user.click(screen.getByRole("button", { name: /^(Log in|登入)$/ }));
}

describe("/login", { timeout: 30_000 }, () => {
  it("shows the spec's validation messages, tied to the fields", async () => {
    const fetch = mockApi({});
    await renderRoutes(routes, { path: "/login" });
    await fillIn("not-an-email", "123");
    expect(await screen.findByText("Invalid email address")).toHaveAttribute("role", "alert");
    expect(screen.getByText("Password must be at least 6 characters")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-describedby", "login-email-error");
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the validation messages in Traditional Chinese", async () => {
    mockApi({});
    await renderRoutes(routes, { path: "/login", language: "zh-HK" });
    await fillIn("nope", "1");
    expect(await screen.findByText("電郵地址無效")).toBeInTheDocument();
    expect(screen.getByText("密碼最少要有 6 個字元")).toBeInTheDocument();
    expect(screen.queryByText("Invalid email address")).not.toBeInTheDocument();
  });

  it("stores the token and goes back to the page that asked for login", async () => {
    const fetch = mockApi({
      "POST /api/auth/login": () =>
        json({
          token: "tok-123",
          tokenExpiration: "2099-01-01T00:00:00.000Z",
          user: USER,
        } satisfies LoginResponse),
    });
    const { router } = await renderRoutes(routes, { path: "/login" });
    await router.navigate("/login", { state: { from: "/history" } });
    await fillIn("ada@example.com", "secret-pw");
    expect(await screen.findByText("History page")).toBeInTheDocument();
    expect(localStorage.getItem("authToken")).toBe("tok-123");
    expect(localStorage.getItem("authTokenExpiration")).toBe("2099-01-01T00:00:00.000Z");
    const [, init] = fetch.mock.calls[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      email: "ada@example.com",
      password: "secret-pw",
    });
  });

  it("goes home after login when nothing asked for it", async () => {
    mockApi({
      "POST /api/auth/login": () =>
        json({
          token: "t",
          tokenExpiration: "2099-01-01T00:00:00.000Z",
          user: USER,
        } satisfies LoginResponse),
    });
    await renderRoutes(routes, { path: "/login" });
    await fillIn("ada@example.com", "secret-pw");
    expect(await screen.findByText("Home page")).toBeInTheDocument();
  });

  it("shows 'Login failed' with the reason for the error's code, and a lost connection as such", async () => {
    mockApi({
      "POST /api/auth/login": () =>
        errorJson(401, { code: "INVALID_CREDENTIALS", message: "Invalid email or password." }),
    });
    await renderRoutes(routes, { path: "/login" });
    await fillIn("ada@example.com", "wrong-pw");
    expect(await screen.findByText("Login failed")).toBeInTheDocument();
    expect(screen.getByText("Invalid email or password.")).toBeInTheDocument();
    expect(localStorage.getItem("authToken")).toBeNull();

    vi.mocked(globalThis.fetch).mockRejectedValue(new TypeError("Failed to fetch"));
    await userEvent.setup().click(screen.getByRole("button", { name: "Log in" }));
    await waitFor(() =>
      expect(
        // Not "check your credentials": nothing reached the server to judge them.
        screen.getByText(
          "The connection to Verbatim was lost before it answered. Check your internet connection and try again.",
        ),
      ).toBeInTheDocument(),
    );
  });
});

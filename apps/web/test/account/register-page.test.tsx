import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../src/components/ui/toaster";
import LoginPage from "../../src/pages/login-page";
import RegisterPage from "../../src/pages/register-page";
import { renderRoutes } from "../render";
import { mockApi, USER } from "./helpers";
import type { LoginResponse, RegisterResponse } from "../../src/api/types";
import { errorJson, json } from "../api-answers";

const routes = [
  {
    path: "/register",
    element: (
      <>
        <RegisterPage />
        <Toaster />
      </>
    ),
  },
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
];

afterEach(() => {
  vi.restoreAllMocks();
});

async function fillIn(name: string, email: string) {
  const user = userEvent.setup();
  if (name) await user.type(screen.getByLabelText(/^(Name|名稱|姓名)$/), name);
  if (email) await user.type(screen.getByLabelText(/^(Email|電郵地址)$/), email);
  await user.click(screen.getByRole("button", { name: /^(Create account|建立帳戶)$/ }));
}

describe("/register", { timeout: 30_000 }, () => {
  it("checks name and e-mail before calling the server, messages tied to the fields", async () => {
    const fetch = mockApi({});
    await renderRoutes(routes, { path: "/register" });
    await fillIn(" A ", "ada@");
    expect(await screen.findByText("Name must be at least 2 characters")).toHaveAttribute(
      "role",
      "alert",
    );
    expect(screen.getByText("Invalid email address")).toBeInTheDocument();
    expect(screen.getByLabelText("Name")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("sends name, e-mail and the interface language, then tells the user to check their e-mail", async () => {
    const fetch = mockApi({
      "POST /api/auth/register": () => json({ emailSent: true } satisfies RegisterResponse, 201),
    });
    await renderRoutes(routes, { path: "/register" });
    await fillIn("Ada Lovelace", "ada@example.com");
    // On the login page, with the address it was sent to.
    expect(await screen.findByRole("button", { name: "Log in" })).toBeInTheDocument();
    expect(await screen.findByText("Check your e-mail")).toBeInTheDocument();
    expect(
      screen.getByText(
        "We sent an e-mail to ada@example.com with instructions to set up your account.",
      ),
    ).toBeInTheDocument();
    expect(screen.getAllByText(/ada@example\.com/).length).toBeGreaterThanOrEqual(2);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [, init] = fetch.mock.calls[0]!;
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({
      name: "Ada Lovelace",
      email: "ada@example.com",
      language: "en",
    });
    expect(localStorage.getItem("authToken")).toBeNull();
  });

  it("registers in Traditional Chinese with language zh-HK", async () => {
    const fetch = mockApi({
      "POST /api/auth/register": () => json({ emailSent: true } satisfies RegisterResponse, 201),
    });
    await renderRoutes(routes, { path: "/register", language: "zh-HK" });
    const user = userEvent.setup();
    const [name, email] = screen.getAllByRole("textbox");
    await user.type(name!, "陳大文");
    await user.type(email!, "chan@example.com");
    await user.click(screen.getByRole("button", { name: /建立|註冊/ }));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [, init] = fetch.mock.calls[0]!;
    expect(JSON.parse(String(init?.body))).toMatchObject({ language: "zh-HK" });
  });

  it("signs in straight away when the server answers with a session", async () => {
    mockApi({
      "POST /api/auth/register": () =>
        json(
          {
            token: "tok-new",
            tokenExpiration: "2099-01-01T00:00:00.000Z",
            user: USER,
          } satisfies LoginResponse,
          201,
        ),
    });
    await renderRoutes(routes, { path: "/register" });
    await fillIn("Ada", "ada@example.com");
    expect(await screen.findByText("Home page")).toBeInTheDocument();
    expect(localStorage.getItem("authToken")).toBe("tok-new");
  });

  it("shows 'Registration failed' and stays on the form when the server refuses", async () => {
    mockApi({
      "POST /api/auth/register": () =>
        errorJson(429, { code: "RATE_LIMITED", message: "Too many attempts." }),
    });
    await renderRoutes(routes, { path: "/register" });
    await fillIn("Ada", "ada@example.com");
    expect(await screen.findByText("Registration failed")).toBeInTheDocument();
    expect(screen.getByText("Failed to create account. Please try again.")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveValue("ada@example.com");
    expect(screen.queryByText("Check your e-mail")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Create account" })).toBeEnabled();
  });
});

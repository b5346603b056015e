import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Header } from "../../src/app/layout/header";
import { Toaster } from "../../src/components/ui/toaster";
import { mockApi, USER } from "../account/helpers";
import { renderRoutes } from "../render";
import { signIn } from "../session";
import type { Ok, User } from "../../src/api/types";
import { errorJson, json } from "../api-answers";

const page = (text: string) => (
  <>
    <Header />
    <p>{text}</p>
    <Toaster />
  </>
);
const routes = [
  { path: "/", element: page("Home page") },
  { path: "/history", element: page("History page") },
  { path: "/account", element: page("Account page") },
];

afterEach(() => {
  vi.restoreAllMocks();
});

const openMenu = async (name = "Ada") => {
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: `Account menu for ${name}` }));
  await screen.findByRole("menu");
  return user;
};

describe("the user menu", { timeout: 30_000 }, () => {
  it("shows the user's name and the minutes left (plan and packs together)", async () => {
    signIn();
    mockApi({
      "GET /api/auth/me": () =>
        json({ ...USER, credits: 150, additionalCredits: 500 } satisfies User),
    });
    await renderRoutes(routes, { path: "/history" });
    await openMenu();
    expect(screen.getByText("Minutes available")).toBeInTheDocument();
    expect(screen.getByText("650 minutes")).toBeInTheDocument();
  });

  it("falls back to the e-mail when the user has no name, and '1 minute' in the singular", async () => {
    signIn();
    mockApi({
      "GET /api/auth/me": () =>
        json({ ...USER, name: null, credits: 1, additionalCredits: 0 } satisfies User),
    });
    await renderRoutes(routes, { path: "/history" });
    await openMenu("ada@example.com");
    expect(screen.getByText("1 minute")).toBeInTheDocument();
  });

  it("goes to account settings and to history", async () => {
    signIn();
    mockApi({ "GET /api/auth/me": () => json(USER) });
    await renderRoutes(routes, { path: "/" });
    let user = await openMenu();
    await user.click(screen.getByRole("menuitem", { name: "Account settings" }));
    expect(await screen.findByText("Account page")).toBeInTheDocument();
    user = await openMenu();
    await user.click(screen.getByRole("menuitem", { name: "History" }));
    expect(await screen.findByText("History page")).toBeInTheDocument();
  });

  it("logs out on the server and here, goes home and offers login again", async () => {
    signIn("token-9");
    const logout = vi.fn(() => json({ ok: true } satisfies Ok));
    mockApi({ "GET /api/auth/me": () => json(USER), "POST /api/auth/logout": logout });
    await renderRoutes(routes, { path: "/history" });
    const user = await openMenu();
    await user.click(screen.getByRole("menuitem", { name: "Log out" }));
    expect(await screen.findByText("Home page")).toBeInTheDocument();
    expect(await screen.findByText("You have been logged out successfully")).toBeInTheDocument();
    expect(logout).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem("authToken")).toBeNull();
    expect(screen.getByRole("link", { name: "Log in" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Account menu/ })).not.toBeInTheDocument();
    const call = vi
      .mocked(globalThis.fetch)
      .mock.calls.find(([url]) => String(url) === "/api/auth/logout");
    expect(new Headers(call?.[1]?.headers).get("authorization")).toBe("Bearer token-9");
  });

  it("still logs out here when the server fails, and says there was an issue", async () => {
    signIn();
    mockApi({
      "GET /api/auth/me": () => json(USER),
      "POST /api/auth/logout": () => errorJson(500, { code: "INTERNAL", message: "down" }),
    });
    await renderRoutes(routes, { path: "/history" });
    const user = await openMenu();
    await user.click(screen.getByRole("menuitem", { name: "Log out" }));
    expect(
      await screen.findByText("You have been logged out, but there was an issue with the server."),
    ).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem("authToken")).toBeNull());
    expect(screen.getByText("Home page")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Log in" })).toBeInTheDocument();
  });
});

import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../../src/api/client";
import { useMe } from "../../src/api/queries";
import { useSession } from "../../src/auth/session";
import { mockApi, USER } from "../account/helpers";
import { renderRoutes } from "../render";
import type { SessionResponse } from "../../src/api/types";
import { errorJson, json } from "../api-answers";

// The session token is refreshed when under 7 days are left, at start and every minute.
// A refresh rotates it: the server accepts the old token once, to make the new one, and never
// again. So a refresh must happen once however many ask at the same moment, and a request that
// set off with the old token just before the rotation must not end the session.

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const DAY = 86_400_000;

function storeToken(token: string, msLeft: number): void {
  localStorage.setItem("authToken", token);
  localStorage.setItem("authTokenExpiration", new Date(Date.now() + msLeft).toISOString());
}

const bearer = (init: RequestInit | undefined) =>
  new Headers(init?.headers).get("authorization")?.replace(/^Bearer /, "") ?? null;

/**
 * A stand-in for the server's token rules: `valid` tokens are accepted; a refresh uses its
 * token up and issues the next one (`token-2`, `token-3`, …).
 */
function tokenServer(first: string) {
  const valid = new Set([first]);
  let issued = 1;
  const refresh = vi.fn(async (init: RequestInit | undefined) => {
    const token = bearer(init);
    if (!token || !valid.has(token)) {
      return errorJson(401, { code: "UNAUTHORIZED", message: "Please log in to continue." });
    }
    valid.delete(token);
    const next = `token-${++issued}`;
    valid.add(next);
    return json({
      token: next,
      tokenExpiration: new Date(Date.now() + 30 * DAY).toISOString(),
    } satisfies SessionResponse);
  });
  const guarded =
    (answer: () => Response) =>
    async (init: RequestInit | undefined): Promise<Response> => {
      const token = bearer(init);
      return token && valid.has(token)
        ? answer()
        : errorJson(401, { code: "UNAUTHORIZED", message: "Please log in to continue." });
    };
  return { valid, refresh, guarded };
}

/** Shows the session's token and the signed-in user's name. */
function Probe() {
  const { token, refresh } = useSession();
  const me = useMe();
  return (
    <div>
      <p>token: {token ?? "none"}</p>
      <p>user: {me.data?.name ?? (me.isError ? "error" : "…")}</p>
      <button type="button" onClick={() => void refresh()}>
        refresh
      </button>
    </div>
  );
}

const routes = [{ path: "/", element: <Probe /> }];

describe("token refresh in the browser", { timeout: 30_000 }, () => {
  it("refreshes a token with under 7 days left once, and later calls carry the new one", async () => {
    storeToken("token-1", 3 * DAY);
    const server = tokenServer("token-1");
    const me = vi.fn(server.guarded(() => json(USER)));
    mockApi({ "POST /api/auth/refresh": server.refresh, "GET /api/auth/me": me });
    await renderRoutes(routes);
    expect(await screen.findByText("token: token-2")).toBeInTheDocument();
    expect(localStorage.getItem("authToken")).toBe("token-2");
    expect(Date.parse(localStorage.getItem("authTokenExpiration") ?? "")).toBeGreaterThan(
      Date.now() + 29 * DAY,
    );
    expect(await screen.findByText("user: Ada")).toBeInTheDocument();
    expect(server.refresh).toHaveBeenCalledTimes(1);
    expect(bearer(server.refresh.mock.calls[0]?.[0])).toBe("token-1");
    // The next call goes out with the new token.
    await api("/api/auth/me");
    expect(bearer(me.mock.calls.at(-1)?.[0])).toBe("token-2");
  });

  it("refreshes once when the start-up check runs twice (StrictMode) and a page asks too", async () => {
    storeToken("token-1", 3 * DAY);
    const server = tokenServer("token-1");
    mockApi({
      "POST /api/auth/refresh": server.refresh,
      "GET /api/auth/me": server.guarded(() => json(USER)),
    });
    await renderRoutes(routes, { strict: true });
    // A page's own refresh (the account page's button, the payment return) at the same moment.
    act(() => screen.getByRole("button", { name: "refresh" }).click());
    expect(await screen.findByText("token: token-2")).toBeInTheDocument();
    expect(await screen.findByText("user: Ada")).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.refresh).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem("authToken")).toBe("token-2");
    expect(server.valid).toEqual(new Set(["token-2"]));
  });

  it("retries once, with the new token, a request the rotation overtook, and stays signed in", async () => {
    storeToken("token-1", 3 * DAY);
    const server = tokenServer("token-1");
    // The refresh reaches the server first; the user call that left with token-1 arrives after.
    let rotated!: () => void;
    const rotation = new Promise<void>((resolve) => (rotated = resolve));
    const me = vi.fn(async (init: RequestInit | undefined) => {
      if (bearer(init) === "token-1") await rotation;
      return server.guarded(() => json(USER))(init);
    });
    mockApi({
      "POST /api/auth/refresh": async (init) => {
        const answer = await server.refresh(init);
        rotated();
        return answer;
      },
      "GET /api/auth/me": me,
    });
    await renderRoutes(routes);
    expect(await screen.findByText("user: Ada")).toBeInTheDocument();
    expect(screen.getByText("token: token-2")).toBeInTheDocument();
    expect(me.mock.calls.map(([init]) => bearer(init))).toEqual(["token-1", "token-2"]);
    expect(server.refresh).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem("authToken")).toBe("token-2");
  });

  it("adopts the token another tab made when both refresh at once", async () => {
    storeToken("token-1", 3 * DAY);
    const server = tokenServer("token-1");
    // The other tab's refresh wins: the shared storage holds its token when ours is refused.
    const ours = vi.fn(async (init: RequestInit | undefined) => {
      await server.refresh(
        new Request("http://x", { headers: { authorization: "Bearer token-1" } }),
      );
      localStorage.setItem("authToken", "token-2");
      return server.refresh(init);
    });
    mockApi({
      "POST /api/auth/refresh": ours,
      "GET /api/auth/me": server.guarded(() => json(USER)),
    });
    await renderRoutes(routes);
    expect(await screen.findByText("token: token-2")).toBeInTheDocument();
    expect(await screen.findByText("user: Ada")).toBeInTheDocument();
    expect(ours).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem("authToken")).toBe("token-2");
  });

  it("ends the session on a 401 for the current token, without a second try", async () => {
    storeToken("token-1", 20 * DAY); // far from expiry: no refresh
    const me = vi.fn(() =>
      errorJson(401, { code: "UNAUTHORIZED", message: "Please log in to continue." }),
    );
    mockApi({ "GET /api/auth/me": me });
    await renderRoutes(routes);
    expect(await screen.findByText("token: none")).toBeInTheDocument();
    expect(me).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem("authToken")).toBeNull();
  });

  it("drops an expired token without calling the server", async () => {
    storeToken("token-1", -60_000);
    const fetch = mockApi({});
    await renderRoutes(routes);
    expect(await screen.findByText("token: none")).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem("authToken")).toBeNull());
    expect(fetch).not.toHaveBeenCalled();
  });
});

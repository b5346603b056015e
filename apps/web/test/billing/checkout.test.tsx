import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderRoutes } from "../render";
import CheckoutPage from "../../src/pages/checkout-page";
import { signIn, stubLocationAssign } from "../session";
import type { CheckoutResponse } from "../../src/api/types";
import { errorJson, json } from "../api-answers";

function renderCheckout(path: string) {
  return renderRoutes(
    [
      {
        path: "/checkout/:planType",
        element: <CheckoutPage />,
      },
      { path: "/", element: <p>Home page</p> },
    ],
    { path: path, strict: true },
  );
}

describe("/checkout/:planType", () => {
  let assign: ReturnType<typeof vi.fn>;
  let location: ReturnType<typeof stubLocationAssign>;

  beforeEach(() => {
    signIn();
    location = stubLocationAssign();
    assign = location.assign;
  });

  afterEach(() => {
    location.restore();
    vi.restoreAllMocks();
  });

  it("starts the plan's checkout once and sends the browser to the payment page", async () => {
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(json({ url: "http://pay.test/session/cs_1" } satisfies CheckoutResponse));
    await renderCheckout("/checkout/standard");
    expect(await screen.findByText("Redirecting to secure payment page...")).toBeInTheDocument();
    await waitFor(() => expect(assign).toHaveBeenCalledWith("http://pay.test/session/cs_1"));
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/api/subscriptions/standard");
    expect(init?.method).toBe("POST");
    expect(new Headers(init?.headers).get("authorization")).toBe("Bearer token-1");
    expect(assign).toHaveBeenCalledTimes(1);
  });

  it("says payments are not configured, in the interface language, when the server has none", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      errorJson(503, {
        code: "PAYMENTS_NOT_CONFIGURED",
        message: "Payments are not configured.",
      }),
    );
    await renderCheckout("/checkout/basic");
    expect(
      await screen.findByText(/^Payments are not configured on this server, so plans/),
    ).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it("says why and offers a way home when the checkout fails", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      errorJson(409, {
        code: "ALREADY_SUBSCRIBED",
        message: "You are already on the basic plan.",
      }),
    );
    await renderCheckout("/checkout/basic");
    expect(await screen.findByText("You are already on this plan.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
    expect(assign).not.toHaveBeenCalled();
  });

  it("refuses an unknown plan without calling the server", async () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    await renderCheckout("/checkout/platinum");
    expect(await screen.findByText("Invalid subscription plan type")).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});

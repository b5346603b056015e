import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { storeSession } from "../../src/api/auth-storage";
import PricingPage from "../../src/pages/pricing-page";
import { renderPage } from "../render";

function card(name: RegExp) {
  return screen.getByRole("article", { name });
}

// Role queries over whole pages are slow in jsdom, more so when every test file runs at once.
describe("/pricing", { timeout: 20_000 }, () => {
  it("shows the plans' prices and minutes, Basic marked Popular", async () => {
    await renderPage(<PricingPage />);
    expect(screen.getByRole("heading", { level: 1 })).toBeInTheDocument();
    const free = card(/^free$/i);
    expect(within(free).getByText("$0")).toBeInTheDocument();
    expect(within(free).getByText("20 minutes every month")).toBeInTheDocument();
    const basic = card(/^basic$/i);
    expect(within(basic).getByText("$6")).toBeInTheDocument();
    expect(within(basic).getByText("200 minutes every month")).toBeInTheDocument();
    expect(within(basic).getByText("Popular")).toBeInTheDocument();
    expect(within(free).queryByText("Popular")).not.toBeInTheDocument();
    expect(within(card(/^500 minutes$/)).getByText("$13.50")).toBeInTheDocument();
    expect(within(card(/^1000 minutes$/)).getByText("$24.00")).toBeInTheDocument();
  });

  it("links each plan and pack to its checkout, and Free to sign-up", async () => {
    await renderPage(<PricingPage />);
    expect(screen.getByRole("link", { name: "Start for free" })).toHaveAttribute(
      "href",
      "/register",
    );
    expect(screen.getByRole("link", { name: "Choose Basic" })).toHaveAttribute(
      "href",
      "/checkout/basic",
    );
    expect(screen.getByRole("link", { name: "Buy 500 minutes" })).toHaveAttribute(
      "href",
      "/minutes-checkout/500",
    );
    expect(screen.getByRole("link", { name: "Buy 1000 minutes" })).toHaveAttribute(
      "href",
      "/minutes-checkout/1000",
    );
    expect(screen.getByRole("link", { name: "Start free" })).toHaveAttribute("href", "/register");
  });

  it("sells Free and Basic only (Standard and Pro are offered in the account), in both languages", async () => {
    await renderPage(<PricingPage />);
    expect(
      screen.getAllByRole("article").map((article) => article.getAttribute("aria-labelledby")),
    ).toEqual(["plan-free", "plan-basic", expect.anything(), expect.anything()]);
    expect(screen.queryByText(/Standard|\bPro\b/)).toBeNull();
    expect(screen.queryByText(/\/ month · (500|1000) minutes/)).toBeNull();
    expect(screen.queryByRole("link", { name: /Choose (Standard|Pro)/ })).toBeNull();
    expect(
      document.querySelector('a[href^="/checkout/standard"], a[href^="/checkout/pro"]'),
    ).toBeNull();
  });

  it("has no Standard or Pro in Traditional Chinese either", async () => {
    await renderPage(<PricingPage />, { language: "zh-HK" });
    expect(screen.queryByText(/標準|專業/)).toBeNull();
    expect(
      document.querySelector('a[href^="/checkout/standard"], a[href^="/checkout/pro"]'),
    ).toBeNull();
  });

  it("has a five-question FAQ", async () => {
    await renderPage(<PricingPage />);
    expect(screen.getAllByRole("button", { expanded: false })).toHaveLength(5);
  });

  it("sends a signed-in user's Free button home instead of to sign-up", async () => {
    storeSession("token", new Date(Date.now() + 30 * 24 * 3600_000).toISOString());
    await renderPage(<PricingPage />);
    expect(screen.getByRole("link", { name: "Start for free" })).toHaveAttribute("href", "/");
  });

  it("is translated into Traditional Chinese", async () => {
    await renderPage(<PricingPage />, { language: "zh-HK" });
    expect(within(card(/^基本$/)).getByText("最受歡迎")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "選擇基本計劃" })).toHaveAttribute(
      "href",
      "/checkout/basic",
    );
  });
});

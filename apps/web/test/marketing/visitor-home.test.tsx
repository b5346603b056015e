import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { VisitorHome } from "../../src/features/marketing/visitor-home";
import { renderPage } from "../render";

// Role queries over whole pages are slow in jsdom, more so when every test file runs at once.
describe("the visitor's home page", { timeout: 20_000 }, () => {
  it("has one h1, a drop zone that leads to sign-up, and get-started and login buttons", async () => {
    await renderPage(<VisitorHome />);
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("link", { name: /drop your audio or video here/i })).toHaveAttribute(
      "href",
      "/register",
    );
    expect(screen.getByRole("link", { name: "Get started free" })).toHaveAttribute(
      "href",
      "/register",
    );
    expect(screen.getAllByRole("link", { name: "Log in" })[0]).toHaveAttribute("href", "/login");
  });

  it("lists 57 languages, three testimonials and Basic as Popular", async () => {
    await renderPage(<VisitorHome />);
    const languages = screen
      .getByRole("heading", { name: "57 languages and more" })
      .closest("section")!;
    expect(within(languages).getAllByRole("listitem")).toHaveLength(57);
    expect(within(languages).getByText("Cantonese")).toBeInTheDocument();
    expect(screen.getAllByRole("figure")).toHaveLength(3);
    expect(
      within(screen.getByRole("article", { name: "Basic" })).getByText("Popular"),
    ).toBeInTheDocument();
  });

  it("names the languages in Chinese for zh-HK", async () => {
    await renderPage(<VisitorHome />, { language: "zh-HK" });
    expect(screen.getByText("粵語")).toBeInTheDocument();
  });
});

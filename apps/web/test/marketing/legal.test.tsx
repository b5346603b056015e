import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import CookiePolicyPage from "../../src/pages/cookie-policy-page";
import PrivacyPolicyPage from "../../src/pages/privacy-policy-page";
import TermsOfServicePage from "../../src/pages/terms-of-service-page";
import { renderPage } from "../render";

const sectionHeadings = () =>
  screen.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent ?? "");

// Role queries over whole pages are slow in jsdom, more so when every test file runs at once.
describe("legal pages", { timeout: 20_000 }, () => {
  it("the terms of service have exactly 13 numbered sections", async () => {
    await renderPage(<TermsOfServicePage />);
    expect(screen.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeInTheDocument();
    const headings = sectionHeadings();
    expect(headings).toHaveLength(13);
    headings.forEach((heading, index) =>
      expect(heading).toMatch(new RegExp(`^${index + 1}\\. \\S`)),
    );
    expect(screen.getByText("Last updated: March 1, 2023")).toBeInTheDocument();
  });

  it("so do the Chinese terms", async () => {
    await renderPage(<TermsOfServicePage />, { language: "zh-HK" });
    expect(sectionHeadings()).toHaveLength(13);
    expect(screen.getByRole("heading", { level: 1, name: "服務條款" })).toBeInTheDocument();
  });

  it("the privacy policy describes local processing, deletion and cookies", async () => {
    await renderPage(<PrivacyPolicyPage />);
    expect(screen.getByText(/not sent to any third-party AI service/)).toBeInTheDocument();
    expect(
      screen.getByText(/deleted as soon as the transcription is finished/),
    ).toBeInTheDocument();
    // Deletion is immediate (delete-account.ts), and the policy says so, not "within 30 days".
    expect(screen.getByText(/it is deleted at once/)).toBeInTheDocument();
    expect(screen.queryByText(/within 30 days/)).toBeNull();
    expect(screen.getByText(/under 16/)).toBeInTheDocument();
  });

  it("the cookie policy names the session cookie and the language preference", async () => {
    await renderPage(<CookiePolicyPage />);
    expect(screen.getByText(/A session cookie that keeps you signed in/)).toBeInTheDocument();
    expect(screen.getByText(/Your interface language/)).toBeInTheDocument();
  });
});

import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import FaqPage from "../../src/pages/faq-page";
import { renderPage } from "../render";

const GROUPS = [
  "About the Service",
  "Pricing and Minutes",
  "Using the Service",
  "Privacy and Security",
];

/** The question buttons (the accordion triggers carry aria-expanded). */
const questions = () =>
  screen.getAllByRole("button").filter((button) => button.hasAttribute("aria-expanded"));
const open = () => questions().filter((button) => button.getAttribute("aria-expanded") === "true");

// Role queries over whole pages are slow in jsdom, more so when every test file runs at once.
describe("/faq", { timeout: 20_000 }, () => {
  it("shows 17 questions in the four groups, and a Contact Support link", async () => {
    await renderPage(<FaqPage />);
    for (const group of GROUPS)
      expect(screen.getByRole("heading", { level: 2, name: group })).toBeInTheDocument();
    expect(questions()).toHaveLength(17);
    const counts = GROUPS.map(
      (group) =>
        screen
          .getByRole("heading", { name: group })
          .parentElement!.querySelectorAll("[aria-expanded]").length,
    );
    expect(counts.reduce((a, b) => a + b)).toBe(17);
    expect(counts.every((count) => count >= 3)).toBe(true);
    expect(screen.getByRole("link", { name: "Contact Support" })).toHaveAttribute(
      "href",
      "/contact",
    );
  });

  it("opens one answer at a time, across groups, and closes it again", async () => {
    const user = userEvent.setup();
    await renderPage(<FaqPage />);
    expect(open()).toHaveLength(0);

    await user.click(screen.getByRole("button", { name: "What is Verbatim?" }));
    expect(open().map((button) => button.textContent)).toEqual(["What is Verbatim?"]);
    expect(screen.getByText(/turns audio and video into timed subtitles/)).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Do you keep my audio and video files?" }));
    expect(open().map((button) => button.textContent)).toEqual([
      "Do you keep my audio and video files?",
    ]);
    expect(
      screen.queryByText(/turns audio and video into timed subtitles/),
    ).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Do you keep my audio and video files?" }));
    expect(open()).toHaveLength(0);
  });

  it("is translated into Traditional Chinese", async () => {
    await renderPage(<FaqPage />, { language: "zh-HK" });
    expect(screen.getByRole("heading", { level: 2, name: "收費及分鐘" })).toBeInTheDocument();
    expect(questions()).toHaveLength(17);
  });
});

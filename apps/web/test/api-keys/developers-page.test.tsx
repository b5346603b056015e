import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import DevelopersPage from "../../src/pages/developers-page";
import { renderPage } from "../render";

afterEach(() => {
  vi.restoreAllMocks();
});

const origin = window.location.origin;

describe("/developers", () => {
  it("shows curl and openai examples for this origin, and links to keys and the reference", async () => {
    await renderPage(<DevelopersPage />, { path: "/developers" });
    expect(screen.getByRole("heading", { level: 1, name: "Verbatim API" })).toBeInTheDocument();
    const codes = Array.from(document.querySelectorAll("pre > code")).map((c) => c.textContent);
    expect(codes).toContainEqual(expect.stringContaining(`curl ${origin}/v1/audio/transcriptions`));
    expect(codes).toContainEqual(expect.stringContaining(`baseURL: "${origin}/v1"`));
    expect(codes).toContainEqual(
      expect.stringContaining(
        'client.audio.transcriptions.create({\n  file: fs.createReadStream("talk.mp3")',
      ),
    );
    expect(screen.getByRole("link", { name: "Get an API key" })).toHaveAttribute(
      "href",
      "/account",
    );
    expect(screen.getByRole("link", { name: "Full API reference" })).toHaveAttribute(
      "href",
      "/api/docs",
    );
    for (const format of ["json", "text", "srt", "vtt", "verbose_json"]) {
      expect(screen.getByRole("rowheader", { name: format })).toBeInTheDocument();
    }

    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    await user.click(screen.getByRole("button", { name: "Copy curl" }));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining(`${origin}/v1/audio`));
  });

  it("is in Traditional Chinese with the same examples", async () => {
    await renderPage(<DevelopersPage />, { path: "/developers", language: "zh-HK" });
    expect(screen.getByRole("heading", { name: "開始使用" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "取得 API 密鑰" })).toHaveAttribute("href", "/account");
    const curl = screen.getByRole("button", { name: "複製curl" });
    const block = curl.closest("div")?.parentElement;
    expect(within(block as HTMLElement).getByText(/\/v1\/audio\/transcriptions/)).toHaveTextContent(
      `curl ${origin}/v1/audio/transcriptions`,
    );
    expect(screen.getByText(`${origin}/v1`)).toBeInTheDocument();
    expect(document.title).toBe("Verbatim API | Verbatim");
  });
});

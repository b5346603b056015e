import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SharedTranscription } from "../../src/api/types";
import { SharedView } from "../../src/features/sharing/shared-view";
import { renderPage } from "../render";

// A share link's page with translation tracks: the viewer switches the text to a translation or
// to both side by side, and downloads follow the choice (`language=` and `track=`).

const SHARED: SharedTranscription = {
  fileName: "talk.mp3",
  ownerName: "Ada",
  language: "en",
  duration: 6,
  speakers: null,
  subtitles: [
    { id: 1, startTime: "00:00:00,000", endTime: "00:00:02,000", text: "Good evening." },
    { id: 2, startTime: "00:00:02,000", endTime: "00:00:04,000", text: "Thank you." },
  ],
  media: null,
  mediaGone: "not-kept",
  permissions: { download: true, comment: false },
  expiresAt: null,
  overview: null,
  translations: [
    {
      language: "zh-HK",
      cues: [
        { index: 1, text: "晚安。" },
        { index: 2, text: "多謝。" },
      ],
    },
  ],
};

let asked: string[] = [];
beforeEach(() => {
  asked = [];
  URL.createObjectURL = () => "blob:x";
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    asked.push(url);
    return new Response("1\n00:00:00,000 --> 00:00:02,000\n晚安。\n", {
      headers: { "content-disposition": 'attachment; filename="talk.zh-HK.srt"' },
    });
  });
});
afterEach(() => vi.restoreAllMocks());

function lines(): string[] {
  return screen.getAllByTestId("shared-cue").map((row) =>
    [...row.querySelectorAll("p")]
      .filter((p) => !p.hidden)
      .map((p) => p.textContent)
      .join(" | "),
  );
}

describe("a share page's translation tracks", () => {
  it("switches the text to the translation, then side by side, and downloads what is shown (English)", async () => {
    await renderPage(<SharedView token="tok" grant={null} shared={SHARED} />);
    expect(lines()).toEqual(["Good evening.", "Thank you."]);
    const choice = screen.getByLabelText("Text");
    // The tracks by name, each alone or beside the original.
    expect(
      within(choice)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual([
      "Original",
      "Chinese (Hong Kong, Traditional) translation",
      "Original and Chinese (Hong Kong, Traditional)",
    ]);

    await userEvent.selectOptions(choice, "translation:zh-HK");
    expect(lines()).toEqual(["晚安。", "多謝。"]);
    expect(screen.getAllByTestId("shared-translation")[0]).toHaveAttribute("lang", "zh-HK");
    await userEvent.click(screen.getByRole("button", { name: "SRT" }));
    await waitFor(() => expect(asked).toHaveLength(1));
    const first = new URL(asked[0]!, "http://localhost");
    expect(first.pathname).toBe("/api/shared/tok/export");
    expect(first.searchParams.get("language")).toBe("zh-HK");
    expect(first.searchParams.get("track")).toBe("translation");

    await userEvent.selectOptions(choice, "both:zh-HK");
    expect(lines()).toEqual(["Good evening. | 晚安。", "Thank you. | 多謝。"]);
    await userEvent.click(screen.getByRole("button", { name: "VTT" }));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(new URL(asked[1]!, "http://localhost").searchParams.get("track")).toBe("both");

    await userEvent.selectOptions(choice, "original");
    await userEvent.click(screen.getByRole("button", { name: "TXT" }));
    await waitFor(() => expect(asked).toHaveLength(3));
    const plain = new URL(asked[2]!, "http://localhost").searchParams;
    expect(plain.has("language")).toBe(false);
    expect(lines()).toEqual(["Good evening.", "Thank you."]);
  });

  it("shows a styled subtitle in its italics, never its markup", async () => {
    const subtitles = SHARED.subtitles.map((cue, i) =>
      i === 0 ? { ...cue, text: "<i>Good</i> evening." } : cue,
    );
    await renderPage(<SharedView token="tok" grant={null} shared={{ ...SHARED, subtitles }} />);
    expect(lines()).toEqual(["Good evening.", "Thank you."]);
    expect(within(screen.getAllByTestId("shared-cue")[0]!).getByText("Good")).toHaveClass("italic");
  });

  it("reads in Traditional Chinese, fits a phone's width, and shows no switch without tracks", async () => {
    const view = await renderPage(<SharedView token="tok" grant={null} shared={SHARED} />, {
      language: "zh-HK",
    });
    const choice = screen.getByLabelText("顯示文字");
    expect(
      within(choice)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["原文", "中文（香港繁體）譯文", "原文與中文（香港繁體）譯文對照"]);
    // At 390 px the choice takes the row's width, and a translation beside the original wraps
    // below it instead of squeezing a third column.
    expect(choice.className).toContain("w-full");
    await userEvent.selectOptions(choice, "both:zh-HK");
    const translation = screen.getAllByTestId("shared-translation")[0]!;
    expect(translation.className).toContain("basis-full");
    expect(translation.className).toContain("sm:basis-0");
    view.unmount();

    await renderPage(
      <SharedView token="tok" grant={null} shared={{ ...SHARED, translations: [] }} />,
      { language: "zh-HK" },
    );
    expect(screen.queryByLabelText("顯示文字")).toBeNull();
    expect(lines()).toEqual(["Good evening.", "Thank you."]);
  });
});

import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DownloadStep } from "../../src/features/workspace/download-step";
import { renderPage } from "../render";

// The download step of a bilingual transcription: a choice of track(s) — both stacked, the
// original alone, the English alone — that every download and preview asks the export route
// for (`track`), in both languages, at phone width; a transcription without translations gets
// no choice and sends no `track`.

const requested: URL[] = [];
/** The transcription's translation tracks (GET …/translations). */
let translations: { language: string; status: string; cues: unknown[] }[] = [];

beforeEach(() => {
  requested.length = 0;
  translations = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL) => {
      const url = new URL(String(input instanceof Request ? input.url : input), "http://x");
      requested.push(url);
      if (url.pathname.endsWith("/translations")) {
        return Promise.resolve(
          new Response(JSON.stringify({ translations }), {
            headers: { "content-type": "application/json" },
          }),
        );
      }
      const track = url.searchParams.get("track") ?? "none";
      return Promise.resolve(
        new Response(`1\n00:00:00,000 --> 00:00:01,000\n${track}\n`, {
          headers: { "content-disposition": `attachment; filename="talk.${track}.srt"` },
        }),
      );
    }),
  );
  // jsdom has no object URLs and does not navigate: the saved file is not what is tested here.
  URL.createObjectURL = () => "blob:x";
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
  window.innerWidth = 375;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const srtDownloads = () =>
  requested.filter(
    (url) => url.pathname.endsWith("/export") && url.searchParams.get("format") === "srt",
  );

describe("the download step's track choice", () => {
  it("sends the chosen track with every download and preview", async () => {
    await renderPage(<DownloadStep id="t1" bilingual onNew={() => {}} onBack={() => {}} />);
    const both = screen.getByRole("radio", { name: "Both, original over English" });
    expect(both).toBeChecked();
    expect(await screen.findAllByText(/both/, { selector: "pre" })).toHaveLength(2);

    fireEvent.click(screen.getByRole("radio", { name: "English translation only" }));
    await waitFor(() =>
      expect(srtDownloads().some((url) => url.searchParams.get("track") === "translation")).toBe(
        true,
      ),
    );
    expect(await screen.findAllByText(/translation/, { selector: "pre" })).toHaveLength(2);

    requested.length = 0;
    fireEvent.click(screen.getByRole("button", { name: /Download SRT/ }));
    await waitFor(() => expect(srtDownloads()).toHaveLength(1));
    expect(srtDownloads()[0]!.searchParams.get("track")).toBe("translation");
  });

  it("reads in Traditional Chinese, one option a row on a phone", async () => {
    await renderPage(<DownloadStep id="t1" bilingual onNew={() => {}} onBack={() => {}} />, {
      language: "zh-HK",
    });
    const group = screen.getByRole("group", { name: "語言" });
    expect(group).toHaveAccessibleDescription(/英文翻譯/);
    for (const name of ["雙語（原文在上，英文在下）", "只有原文", "只有英文翻譯"])
      expect(screen.getByRole("radio", { name })).toBeInTheDocument();
    // One column below the `sm` breakpoint; three from it.
    expect(group.querySelector("div.grid")).toHaveClass("grid-cols-1", "sm:grid-cols-3");
  });

  it("offers no choice and sends no track for a transcription in one language", async () => {
    await renderPage(<DownloadStep id="t1" onNew={() => {}} onBack={() => {}} />);
    await waitFor(() => expect(srtDownloads().length).toBeGreaterThan(0));
    expect(screen.queryByRole("radio")).toBeNull();
    expect(srtDownloads().every((url) => !url.searchParams.has("track"))).toBe(true);
  });
});

describe("the download step's translation choice", () => {
  it("exports a translation track, alone or under its original, by its language", async () => {
    translations = [{ language: "zh-HK", status: "completed", cues: [] }];
    await renderPage(<DownloadStep id="t1" onNew={() => {}} onBack={() => {}} />);
    expect(screen.queryByRole("radio")).toBeNull();
    fireEvent.change(await screen.findByLabelText("Translation"), {
      target: { value: "zh-HK" },
    });
    fireEvent.click(
      await screen.findByRole("radio", { name: "Chinese (Hong Kong, Traditional) only" }),
    );
    requested.length = 0;
    fireEvent.click(screen.getByRole("button", { name: /Download SRT/ }));
    await waitFor(() =>
      expect(
        srtDownloads().some(
          (url) =>
            url.searchParams.get("language") === "zh-HK" &&
            url.searchParams.get("track") === "translation",
        ),
      ).toBe(true),
    );
  });
});

describe("EBU-STL in the download step", () => {
  it.each([
    ["en", /Download EBU-STL/, "EBU-STL holds Latin letters only, and this transcript has “你”"],
    ["zh-HK", /EBU-STL/, "EBU-STL 只能載入拉丁字母，而這份文字稿有「你」"],
  ] as const)(
    "is offered disabled, with the reason, for a Chinese transcript before any click (%s)",
    async (language, name, reason) => {
      await renderPage(
        <DownloadStep
          id="t1"
          language="yue"
          subtitles={[{ text: "Hello" }, { text: "你好" }]}
          onNew={() => {}}
          onBack={() => {}}
        />,
        { language },
      );
      const stl = screen.getByRole("button", { name });
      expect(stl).toBeDisabled();
      expect(stl).toHaveAccessibleDescription(expect.stringContaining(reason));
      expect(
        screen.getByText(language === "en" ? "Language: Cantonese" : "語言：廣東話"),
      ).toBeInTheDocument();
    },
  );

  it("is offered for Latin text, and for the English track alone of a bilingual transcript", async () => {
    await renderPage(
      <DownloadStep
        id="t1"
        bilingual
        subtitles={[{ text: "你好", translation: "Hello, Zürich" }]}
        onNew={() => {}}
        onBack={() => {}}
      />,
    );
    expect(screen.getByRole("button", { name: /Download EBU-STL/ })).toBeDisabled();
    fireEvent.click(screen.getByRole("radio", { name: "English translation only" }));
    expect(screen.getByRole("button", { name: /Download EBU-STL/ })).toBeEnabled();
  });
});

describe("the download step's speaker names switch", () => {
  it("leaves the labels out of every download and preview when unticked (speakerNames=false)", async () => {
    await renderPage(<DownloadStep id="t1" onNew={() => {}} onBack={() => {}} />);
    const names = screen.getByRole("checkbox", { name: /Speaker names in the files/ });
    expect(names).toBeChecked();
    await waitFor(() => expect(srtDownloads().length).toBeGreaterThan(0));
    expect(srtDownloads().every((url) => !url.searchParams.has("speakerNames"))).toBe(true);

    requested.length = 0;
    fireEvent.click(names);
    await waitFor(() => expect(srtDownloads().length).toBeGreaterThan(0)); // the previews again
    fireEvent.click(screen.getByRole("button", { name: /Download SRT/ }));
    fireEvent.click(screen.getByRole("button", { name: /Download Word/ }));
    await waitFor(() => expect(srtDownloads()).toHaveLength(2)); // the preview's and the download's
    await waitFor(() =>
      expect(requested.some((url) => url.searchParams.get("format") === "docx")).toBe(true),
    );
    const exports = requested.filter((url) => url.pathname.endsWith("/export"));
    expect(exports.map((url) => url.searchParams.get("speakerNames"))).toEqual(
      exports.map(() => "false"),
    );
  });

  it("says so in Traditional Chinese", async () => {
    await renderPage(<DownloadStep id="t1" onNew={() => {}} onBack={() => {}} />, {
      language: "zh-HK",
    });
    expect(screen.getByRole("checkbox", { name: /檔案包括講者名稱/ })).toBeChecked();
  });
});

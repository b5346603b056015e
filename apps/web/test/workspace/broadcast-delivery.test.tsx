import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DownloadStep } from "../../src/features/workspace/download-step";
import { renderPage } from "../render";

// The broadcast delivery preset in the download step: the EBU-STL GSI fields a broadcaster
// fills in go to the export route as its `stl*` parameters; a bad country or revision is said
// and nothing is asked for; both languages.

const requested: URL[] = [];

beforeEach(() => {
  requested.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL) => {
      requested.push(new URL(String(input instanceof Request ? input.url : input), "http://x"));
      return Promise.resolve(
        new Response("x", { headers: { "content-disposition": 'attachment; filename="a.stl"' } }),
      );
    }),
  );
  URL.createObjectURL = () => "blob:x";
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Unfolds the preset (jsdom does not toggle a <details> on a click of its summary). */
function open(summary: string) {
  const details = screen.getByText(summary).closest("details");
  if (details) details.open = true;
}

const stlDownloads = () => requested.filter((url) => url.searchParams.get("format") === "stl");

describe("broadcast delivery", () => {
  it("sends the GSI fields with the EBU-STL download, the programme from the file's name", async () => {
    await renderPage(
      <DownloadStep id="t1" fileName="evening-news.mp4" onNew={() => {}} onBack={() => {}} />,
    );
    open("Broadcast delivery (EBU-STL)");
    expect(screen.getByLabelText("Programme title")).toHaveValue("evening-news");
    fireEvent.input(screen.getByLabelText("Episode title"), { target: { value: "Ep. 12" } });
    fireEvent.input(screen.getByLabelText("Publisher"), { target: { value: "Harbour TV" } });
    fireEvent.input(screen.getByLabelText("Country of origin"), { target: { value: "Hong" } });
    fireEvent.click(screen.getByRole("button", { name: "Download for broadcast" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("three letters");
    expect(screen.getByLabelText("Country of origin")).toHaveAttribute("aria-invalid", "true");
    expect(stlDownloads()).toHaveLength(0);
    fireEvent.input(screen.getByLabelText("Country of origin"), { target: { value: "hkg" } });
    fireEvent.input(screen.getByLabelText("Revision number"), { target: { value: "2" } });
    fireEvent.click(screen.getByRole("button", { name: "Download for broadcast" }));
    await waitFor(() => expect(stlDownloads()).toHaveLength(1));
    const query = stlDownloads()[0]!.searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      format: "stl",
      stlProgramme: "evening-news",
      stlEpisode: "Ep. 12",
      stlPublisher: "Harbour TV",
      stlCountry: "HKG",
      stlRevision: "2",
    });
    expect(query.has("stlEditor")).toBe(false);
  });

  it("reads in Traditional Chinese", async () => {
    await renderPage(<DownloadStep id="t1" onNew={() => {}} onBack={() => {}} />, {
      language: "zh-HK",
    });
    open("廣播交付（EBU-STL）");
    for (const label of ["節目名稱", "集數名稱", "發行者", "編輯姓名", "編輯聯絡方式", "修訂編號"])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "下載廣播版本" })).toBeEnabled();
  });
});

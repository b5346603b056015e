import { errorTextFor } from "@verbatim/contract";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LinkImport } from "../../src/features/workspace/link-import";
import { defaultOptions } from "../../src/features/workspace/workspace-state";
import { errorJson, json } from "../api-answers";
import { renderPage } from "../render";

// The link field while the server fetches the file: POST /api/imports answers only once the
// file is in, so the field follows the download's progress stream (under the progress id the
// import sends) and shows a bar, in both languages; the stream closes with the answer.

/** A stand-in for the browser's EventSource that the test drives (jsdom has none). */
class FakeEventSource extends EventTarget {
  static last: FakeEventSource | null = null;
  readonly url: string;
  closed = false;
  constructor(url: string) {
    super();
    this.url = url;
    FakeEventSource.last = this;
  }
  emit(name: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(name, { data: JSON.stringify(data) }));
  }
  close() {
    this.closed = true;
  }
}

let answer: (response: Response) => void;
let sentBody: { progressId?: string; url?: string } = {};

beforeEach(() => {
  vi.stubGlobal("EventSource", FakeEventSource);
  vi.stubGlobal(
    "fetch",
    vi.fn((_input: RequestInfo | URL, init?: RequestInit) => {
      sentBody = JSON.parse(String(init?.body ?? "{}")) as typeof sentBody;
      return new Promise<Response>((resolve) => {
        answer = resolve;
      });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  FakeEventSource.last = null;
});

async function start(language: "en" | "zh-HK", onJob = vi.fn()) {
  await renderPage(
    <LinkImport options={defaultOptions(language)} disabled={false} onJob={onJob} />,
    { language },
  );
  fireEvent.input(screen.getByRole("textbox"), {
    target: { value: "https://example.com/talk.mp3" },
  });
  fireEvent.submit(screen.getByRole("form"));
  await waitFor(() => expect(FakeEventSource.last).not.toBeNull());
  return FakeEventSource.last!;
}

describe("the link field's download progress", () => {
  it("shows the server's download as a bar, then hands on the job", async () => {
    const onJob = vi.fn();
    const source = await start("en", onJob);
    await waitFor(() => expect(sentBody.progressId).toBeDefined());
    expect(sentBody.progressId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-/);
    expect(source.url).toBe(`/api/imports/progress/${sentBody.progressId}`);
    const bar = screen.getByRole("progressbar", { name: "Downloading the file" });
    expect(bar).toHaveAttribute("aria-valuetext", "Connecting…");

    source.emit("progress", { receivedBytes: 1024 * 1024, totalBytes: 4 * 1024 * 1024 });
    await waitFor(() => expect(bar).toHaveAttribute("aria-valuenow", "25"));
    expect(bar).toHaveAttribute("aria-valuetext", "1.0 MB of 4.0 MB");

    answer(
      json({ id: "job-9", status: "queued", eventsUrl: "/api/transcriptions/job-9/events" }, 202),
    );
    await waitFor(() => expect(onJob).toHaveBeenCalledWith("job-9"));
    expect(source.closed).toBe(true);
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("reads in Traditional Chinese, a size unknown shows a moving bar, a failure its reason", async () => {
    const source = await start("zh-HK");
    const bar = screen.getByRole("progressbar", { name: "正在下載檔案" });
    source.emit("progress", { receivedBytes: 3 * 1024 * 1024, totalBytes: null });
    await waitFor(() => expect(bar).toHaveAttribute("aria-valuetext", "已下載 3.0 MB"));
    expect(bar).not.toHaveAttribute("aria-valuenow");

    answer(
      errorJson(502, { code: "URL_FETCH_FAILED", message: "The server of that link failed." }),
    );
    await waitFor(() => expect(screen.queryByRole("progressbar")).toBeNull());
    expect(source.closed).toBe(true);
    expect(screen.getByRole("alert")).toHaveTextContent(errorTextFor("URL_FETCH_FAILED", "zh-HK")!);
  });
});

import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WHOLE_UPLOAD_LIMIT_BYTES } from "../../src/features/workspace/file-rules";
import { ProcessStep, type WorkspaceError } from "../../src/features/workspace/process-step";
import type { TranscribeOptions } from "../../src/features/workspace/upload-transport";
import { mergeSegments } from "../../src/features/workspace/use-job-events";
import { installFakeXhr } from "../fake-xhr";
import { renderPage } from "../render";

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
  drop() {
    this.dispatchEvent(new Event("error"));
  }
  reopen() {
    this.dispatchEvent(new Event("open"));
  }
  close() {
    this.closed = true;
  }
}

function renderStep() {
  return renderPage(
    <ProcessStep
      upload={null}
      jobId="job-1"
      onJob={() => undefined}
      onCompleted={() => undefined}
      onError={() => undefined}
      onCancelled={() => undefined}
    />,
  );
}

const source = () => {
  const current = FakeEventSource.last;
  if (!current) throw new Error("no event stream was opened");
  return current;
};

beforeEach(() => {
  vi.stubGlobal("EventSource", FakeEventSource);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  FakeEventSource.last = null;
});

describe("mergeSegments", () => {
  it("adds only segments it has not seen, in time order", () => {
    const a = { start: 0, end: 1000, text: "a" };
    const b = { start: 1000, end: 2000, text: "b" };
    const c = { start: 2000, end: 3000, text: "c" };
    const list = mergeSegments([], [a, b]);
    expect(mergeSegments(list, [a, b])).toBe(list);
    expect(mergeSegments(list, [c, a]).map((s) => s.text)).toEqual(["a", "b", "c"]);
  });
});

describe("ProcessStep following a job", () => {
  it("keeps every line of text, once, through a reconnect that replays them", async () => {
    await renderStep();
    expect(source().url).toBe("/api/transcriptions/job-1/events");
    act(() => {
      source().emit("processing", { percent: 10, secondsLeft: 50 });
      for (let i = 0; i < 12; i += 1) {
        source().emit("segment", { start: i * 1000, end: i * 1000 + 900, text: `Line ${i + 1}` });
      }
    });
    expect(screen.getByRole("log", { name: "Text so far (12 lines)" })).toHaveTextContent("Line 1");
    act(() => source().drop());
    expect(screen.getByRole("alert")).toHaveTextContent("Connection lost: reconnecting…");
    expect(screen.queryByText("10%")).not.toBeInTheDocument(); // no stale numbers meanwhile
    act(() => {
      source().reopen();
      source().emit("processing", { percent: 30, secondsLeft: 30 });
      for (let i = 0; i < 13; i += 1) {
        source().emit("segment", { start: i * 1000, end: i * 1000 + 900, text: `Line ${i + 1}` });
      }
    });
    const log = screen.getByRole("log", { name: "Text so far (13 lines)" });
    expect(log.querySelectorAll("p")).toHaveLength(13);
    expect(log).toHaveTextContent("Line 13");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("shows an honest working state, not a stuck 0 %, until the first progress", async () => {
    await renderStep();
    act(() => source().emit("processing", { percent: 0 }));
    const bar = screen.getByRole("progressbar", { name: "Transcribing" });
    expect(bar).not.toHaveAttribute("aria-valuenow");
    expect(bar).toHaveAttribute("aria-valuetext", "Transcribing… first results soon");
    expect(screen.queryByText("0%")).not.toBeInTheDocument();
    act(() => source().emit("processing", { percent: 5, secondsLeft: 90 }));
    expect(screen.getByRole("progressbar", { name: "Transcribing" })).toHaveAttribute(
      "aria-valuenow",
      "5",
    );
  });

  it("does not promise first results soon while live lines already show", async () => {
    await renderStep();
    act(() => {
      source().emit("processing", { percent: 0 });
      source().emit("segment", { start: 0, end: 900, text: "Line 1" });
      source().emit("segment", { start: 1000, end: 1900, text: "Line 2" });
    });
    expect(screen.getByRole("log", { name: "Text so far (2 lines)" })).toHaveTextContent("Line 2");
    expect(screen.getByRole("progressbar", { name: "Transcribing" })).toHaveAttribute(
      "aria-valuetext",
      "Transcribing… 2 lines so far",
    );
    expect(screen.queryByText(/first results soon/)).not.toBeInTheDocument();
  });

  it("says when the browser is offline instead of showing stale progress", async () => {
    await renderStep();
    act(() => source().emit("processing", { percent: 40, secondsLeft: 20 }));
    vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event("offline")));
    expect(screen.getByRole("alert")).toHaveTextContent("You are offline.");
    expect(screen.getByRole("alert")).toHaveTextContent("The transcription goes on without you");
  });

  it("shows the job alive, and says so when it has been silent for 10 s", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
    await renderStep();
    act(() => source().emit("processing", { percent: 40, secondsLeft: 20 }));
    expect(screen.getByText("Working: updated just now")).toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(11_000));
    expect(screen.getByText(/^Still working: no news for 11 s/)).toBeInTheDocument();
    act(() => source().emit("processing", { percent: 41, secondsLeft: 19 }));
    expect(screen.getByText("Working: updated just now")).toBeInTheDocument();
  });
});

describe("ProcessStep when the upload fails, in Chinese", () => {
  const OPTIONS: TranscribeOptions = {
    model: "whisper-1",
    generateTimestamps: true,
    language: "auto",
    task: "transcribe",
    chineseScript: "none",
    style: "standard",
    speakers: { kind: "off" },
    bilingual: false,
  };

  it("explains a whole upload lost to the network in Chinese", async () => {
    installFakeXhr(() => "network");
    const onError = vi.fn();
    const file = new File([new Uint8Array(100)], "talk.mp3", { type: "audio/mpeg" });
    await renderPage(
      <ProcessStep
        upload={{ file, options: OPTIONS, subtitles: null }}
        jobId={null}
        onJob={() => undefined}
        onCompleted={() => undefined}
        onError={onError}
        onCancelled={() => undefined}
      />,
      { language: "zh-HK" },
    );
    await waitFor(() => expect(onError).toHaveBeenCalled());
    const [{ message, code }] = onError.mock.calls[0] as [WorkspaceError];
    expect(code).toBe("NETWORK");
    expect(message).toMatch(/\p{Script=Han}/u);
    expect(message).not.toMatch(/network|upload/i);
  });

  it("says why a chunked upload stopped in Chinese, and offers to resume", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    installFakeXhr(() => "network");
    const file = new File([new Uint8Array(WHOLE_UPLOAD_LIMIT_BYTES + 1)], "long.mp3", {
      type: "audio/mpeg",
    });
    await renderPage(
      <ProcessStep
        upload={{ file, options: OPTIONS, subtitles: null }}
        jobId={null}
        onJob={() => undefined}
        onCompleted={() => undefined}
        onError={() => undefined}
        onCancelled={() => undefined}
      />,
      { language: "zh-HK" },
    );
    // The chunk is tried four times, with waits of 0.5, 1 and 2 s between.
    for (let waited = 0; waited < 4 && !screen.queryByRole("alert"); waited += 1)
      await act(() => vi.advanceTimersByTimeAsync(1000));
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toMatch(/\p{Script=Han}/u);
    expect(alert.textContent).not.toMatch(/network|chunk|failed/i);
    expect(screen.getByRole("button", { name: "繼續上載" })).toBeInTheDocument();
  });
});

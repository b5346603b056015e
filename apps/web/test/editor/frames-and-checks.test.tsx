import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ChecksResponse, TranscriptionDetail } from "../../src/api/types";
import { Toaster } from "../../src/components/ui/toaster";
import { SubtitleEditor, type Subtitle } from "../../src/features/editor/subtitle-editor";
import { json } from "../api-answers";
import { renderPage } from "../render";
import { editorOpened } from "./editor-opened";

// The editor's frame mode (times as SMPTE timecode of the video's rate, typed and nudged by a
// frame) and its quality-checks panel (the server's findings, a jump to each, "Fix what can be
// fixed" as one undoable step).

const subtitles: Subtitle[] = [
  { id: 1, startTime: "00:00:01,000", endTime: "00:00:03,000", text: "I saw the the dog." },
  { id: 2, startTime: "00:00:03,020", endTime: "00:00:06,000", text: "Good morning" },
];

async function renderEditor(frameRate: TranscriptionDetail["frameRate"], shotChanges?: number[]) {
  await renderPage(
    <>
      <SubtitleEditor
        transcription={{
          id: "t1",
          fileName: "talk.mp4",
          language: "en",
          subtitles,
          frameRate,
          ...(shotChanges ? { shotChanges } : {}),
        }}
        media={null}
        onBack={() => undefined}
        onContinue={() => undefined}
      />
      <Toaster />
    </>,
  );
  await editorOpened();
}

afterEach(() => vi.restoreAllMocks());

describe("frame mode", () => {
  it("shows and takes HH:MM:SS:FF at the video's 25 fps, and nudges by a frame", async () => {
    await renderEditor("25");
    const start = screen.getByLabelText("Start time of subtitle 1") as HTMLInputElement;
    expect(start.value).toBe("00:00:01,000");
    await userEvent.click(screen.getByRole("checkbox", { name: /Frames \(25 fps\)/ }));
    expect(start.value).toBe("00:00:01:00");
    await userEvent.clear(start);
    await userEvent.type(start, "00:00:02:12");
    await userEvent.tab();
    expect(start.value).toBe("00:00:02:12");
    await userEvent.click(start);
    await userEvent.keyboard("{ArrowUp}");
    expect(start.value).toBe("00:00:02:13");
    // Back in milliseconds: frame 63 starts at 2.52 s.
    await userEvent.click(screen.getByRole("checkbox", { name: /Times in frames/ }));
    expect(start.value).toBe("00:00:02,520");
  });

  it("refuses a frame number past the rate's last, and writes drop-frame with ;", async () => {
    await renderEditor("29.97");
    await userEvent.click(screen.getByRole("checkbox", { name: /Frames \(29.97 fps\)/ }));
    const end = screen.getByLabelText("End time of subtitle 1") as HTMLInputElement;
    expect(end.value).toBe("00:00:03;00");
    await userEvent.clear(end);
    await userEvent.type(end, "00:00:03;30");
    expect(end).toHaveAttribute("aria-invalid", "true");
  });
});

describe("snap to shot changes", () => {
  it("moves edges near a cut by the guides' rules, in one undoable step", async () => {
    // 25 fps: subtitle 1's start is 7 frames before a cut at 1.28 s, its end 5 frames before
    // one at 3.2 s (2 frames before it: 3.12 s, which subtitle 2 at 3.02 s leaves no room for).
    await renderEditor("25", [1280, 6200]);
    await userEvent.click(screen.getByRole("button", { name: "Snap to shot changes (2 cuts)" }));
    expect(screen.getByLabelText("Start time of subtitle 1")).toHaveValue("00:00:01,280");
    expect(screen.getByLabelText("End time of subtitle 2")).toHaveValue("00:00:06,120");
    await userEvent.click(screen.getByRole("button", { name: "Undo" }));
    expect(screen.getByLabelText("Start time of subtitle 1")).toHaveValue("00:00:01,000");
  });
});

describe("quality checks panel", () => {
  it("lists the server's findings, jumps to one, and fixes what can be fixed with undo", async () => {
    const checks: ChecksResponse = {
      style: "standard",
      frameRate: "25",
      minGapMs: 80,
      spelling: "en-US",
      issues: [
        {
          kind: "gap_too_short",
          subtitle: 1,
          actual: 20,
          limit: 80,
          fix: { endTime: "00:00:02,940" },
        },
        { kind: "doubled_word", subtitle: 1, word: "the", fix: { text: "I saw the dog." } },
        { kind: "spelling", subtitle: 2, word: "Gud", suggestions: ["Good"] },
      ],
    };
    const urls: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (url, init) => {
      urls.push(String(url));
      if (String(url).includes("/checks")) return json(checks);
      const body = JSON.parse(String(init?.body)) as { subtitles: Subtitle[] };
      return json({ id: "t1", subtitles: body.subtitles });
    });
    await renderEditor("25");
    await userEvent.click(screen.getByRole("button", { name: "Check subtitles" }));
    const list = await screen.findByRole("list", { name: "Quality checks" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(3);
    expect(list).toHaveTextContent("Doubled word “the”.");
    expect(list).toHaveTextContent("“Gud” may be misspelt. Suggestions: Good.");
    // The panel saved first: the server checks what it holds.
    expect(urls.some((url) => url.endsWith("/api/transcriptions/t1/checks"))).toBe(true);
    await userEvent.click(within(list).getByRole("button", { name: /#2/ }));
    expect(screen.getByLabelText("Text of subtitle 2")).toHaveFocus();
    await userEvent.click(screen.getByRole("button", { name: "Fix what can be fixed (2)" }));
    expect(screen.getByLabelText("Text of subtitle 1")).toHaveValue("I saw the dog.");
    expect(screen.getByLabelText("End time of subtitle 1")).toHaveValue("00:00:02,940");
    await userEvent.click(screen.getByRole("button", { name: "Undo" }));
    expect(screen.getByLabelText("Text of subtitle 1")).toHaveValue("I saw the the dog.");
    expect(screen.getByLabelText("End time of subtitle 1")).toHaveValue("00:00:03,000");
  });
});

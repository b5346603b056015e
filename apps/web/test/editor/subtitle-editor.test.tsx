import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../src/components/ui/toaster";
import { SubtitleEditor, type Subtitle } from "../../src/features/editor/subtitle-editor";
import type { TranscriptionDetail, UpdateBody } from "../../src/api/types";
import { errorJson, json } from "../api-answers";
import { renderPage } from "../render";
import { editorOpened } from "./editor-opened";

const subtitles: Subtitle[] = [
  { id: 1, startTime: "00:00:01,000", endTime: "00:00:03,000", text: "Hello world" },
  { id: 2, startTime: "00:00:04,000", endTime: "00:00:06,000", text: "Good morning" },
];

async function renderEditor(
  props: {
    onContinue?: (saved: Subtitle[]) => void;
    media?: File | null;
    readOnly?: boolean;
  } = {},
) {
  const rendered = await renderPage(
    <>
      <SubtitleEditor
        transcription={{ id: "t1", fileName: "talk.mp3", language: "en", subtitles }}
        media={props.media ?? null}
        onBack={() => undefined}
        onContinue={props.onContinue ?? (() => undefined)}
        readOnly={props.readOnly ?? false}
      />
      <Toaster />
    </>,
  );
  // The editor opens once it has looked for a draft on this device (none in jsdom).
  await editorOpened();
  return rendered;
}

/** A save as the editor sends it: its cues, numbered. */
type SentSubtitles = UpdateBody & { subtitles: Subtitle[] };

/** The saved transcription, without a version: the editor goes on saving without one. */
const saved = (subtitles: Subtitle[]) =>
  json({ id: "t1", subtitles } satisfies Partial<TranscriptionDetail>);

function mockSave() {
  return vi.spyOn(globalThis, "fetch").mockImplementation(async (_url, init) => {
    const body = JSON.parse(String(init?.body)) as SentSubtitles;
    return saved(body.subtitles);
  });
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("SubtitleEditor", () => {
  it("read only (a team's viewer): nothing can be changed, nothing is saved, Continue goes on", async () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    const onContinue = vi.fn();
    await renderEditor({ readOnly: true, onContinue });
    const text = screen.getByLabelText("Text of subtitle 1");
    expect(text).toHaveValue("Hello world");
    expect(text).toBeDisabled();
    expect(screen.getByLabelText("Start time of subtitle 2")).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Save changes" })).toBeNull();
    // The editing shortcuts do nothing: Alt+Shift+Backspace would delete the first cue.
    await userEvent.keyboard("{Alt>}{Shift>}{Backspace}{/Shift}{/Alt}");
    expect(screen.getByLabelText("Text of subtitle 1")).toHaveValue("Hello world");
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(onContinue).toHaveBeenCalledWith(subtitles, undefined, undefined);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("read only: the toolbar leaves out what a viewer cannot use, and find and shortcuts work", async () => {
    await renderEditor({ readOnly: true });
    const toolbar = screen.getByRole("toolbar");
    for (const name of ["Undo", "Share", /Captioned video/, /Split at playhead/]) {
      expect(within(toolbar).queryByRole("button", { name })).toBeNull();
    }
    expect(within(toolbar).getByRole("status")).toHaveTextContent("Read only");
    await userEvent.click(within(toolbar).getByRole("button", { name: "Find" }));
    const find = screen.getByRole("textbox", { name: "Find" });
    expect(find).toBeEnabled();
    expect(screen.queryByLabelText("Replace with")).toBeNull();
    expect(screen.queryByRole("button", { name: "Replace all" })).toBeNull();
    await userEvent.type(find, "world");
    expect(screen.getByText("1 match")).toBeInTheDocument();
    const shortcuts = within(toolbar).getByRole("button", { name: "Shortcuts" });
    expect(shortcuts).toBeEnabled();
    await userEvent.click(shortcuts);
    expect(await screen.findByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
  });

  it("says a refused save (a viewer's 403) is about viewing only, not the admin panel", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async () =>
      errorJson(403, {
        code: "FORBIDDEN",
        message: "You don't have permission to access the admin panel.",
      }),
    );
    await renderEditor();
    await userEvent.type(screen.getByLabelText("Text of subtitle 1"), "!");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(
      await screen.findByText(
        "You can only view this team's transcriptions: your changes were not saved.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/admin panel/)).toBeNull();
  });

  it("lists the cues with labelled times and text", async () => {
    await renderEditor();
    expect(screen.getByLabelText("Start time of subtitle 2")).toHaveValue("00:00:04,000");
    expect(screen.getByLabelText("End time of subtitle 1")).toHaveValue("00:00:03,000");
    expect(screen.getByLabelText("Text of subtitle 1")).toHaveValue("Hello world");
    expect(screen.getByText(/original upload is not kept/)).toBeInTheDocument();
  });

  it.each([
    [
      "en",
      "Transcribed by SenseVoice (sensevoice-small)",
      "Text of subtitle 1",
      "Language: Cantonese",
    ],
    ["zh-HK", "由 SenseVoice 轉錄（sensevoice-small）", "第 1 句字幕的文字", "語言：廣東話"],
  ] as const)(
    "says which language it is in words, and which model family and model transcribed it (%s)",
    async (language, text, label, spoken) => {
      await renderPage(
        <SubtitleEditor
          transcription={{
            id: "t1",
            fileName: "talk.mp3",
            language: "yue",
            subtitles,
            modelFamily: "sensevoice",
            engineModel: "sensevoice-small",
          }}
          media={null}
          onBack={() => undefined}
          onContinue={() => undefined}
        />,
        { language },
      );
      await editorOpened(label);
      expect(screen.getByText(text)).toBeInTheDocument();
      expect(screen.getByText(spoken)).toBeInTheDocument();
    },
  );

  it("shows an invalid time in red without blocking it, and Save refuses with a message", async () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    await renderEditor();
    const start = screen.getByLabelText("Start time of subtitle 2");
    fireEvent.input(start, { target: { value: "0:04" } });
    expect(start).toHaveValue("0:04");
    expect(start).toHaveAttribute("aria-invalid", "true");
    expect(start.className).toContain("border-red-600");
    expect(screen.getByText(/Use the form hh:mm:ss,mmm/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(
      await screen.findByText("Subtitle 2: the start time is not in the form hh:mm:ss,mmm."),
    ).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("flags an end before the start", async () => {
    await renderEditor();
    fireEvent.input(screen.getByLabelText("End time of subtitle 1"), {
      target: { value: "00:00:00,500" },
    });
    expect(screen.getByLabelText("End time of subtitle 1")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText("The end is before the start.")).toBeInTheDocument();
  });

  it("takes each keystroke at once, and Ctrl+Z in the text field undoes the typing", async () => {
    await renderEditor();
    const undo = screen.getByRole("button", { name: "Undo" });
    const text = screen.getByLabelText("Text of subtitle 1");
    expect(undo).toBeDisabled();
    await userEvent.type(text, "ABC");
    expect(undo).toBeEnabled(); // no waiting: the edit is in the history already
    expect(text).toHaveValue("Hello worldABC");
    await userEvent.keyboard("{Control>}z{/Control}");
    expect(text).toHaveValue("Hello world");
    await userEvent.keyboard("{Control>}{Shift>}z{/Shift}{/Control}");
    expect(text).toHaveValue("Hello worldABC");
  });

  it("undoes typing and a deletion in the order they happened", async () => {
    await renderEditor();
    await userEvent.click(screen.getByRole("button", { name: "Delete subtitle 1" }));
    const text = screen.getByLabelText("Text of subtitle 1");
    await userEvent.type(text, "!");
    expect(text).toHaveValue("Good morning!");
    await userEvent.keyboard("{Control>}z{/Control}");
    expect(screen.getByLabelText("Text of subtitle 1")).toHaveValue("Good morning");
    expect(screen.queryByLabelText("Text of subtitle 2")).not.toBeInTheDocument();
    await userEvent.keyboard("{Control>}z{/Control}");
    expect(screen.getByLabelText("Text of subtitle 1")).toHaveValue("Hello world");
    expect(screen.getByLabelText("Text of subtitle 2")).toHaveValue("Good morning");
  });

  it("Save sends the edited cues in a PATCH, numbered from 1", async () => {
    const fetch = mockSave();
    await renderEditor();
    fireEvent.input(screen.getByLabelText("End time of subtitle 2"), {
      target: { value: "00:00:06,500" },
    });
    await userEvent.type(screen.getByLabelText("Text of subtitle 1"), "!");
    await userEvent.click(screen.getByRole("button", { name: "Delete subtitle 1" }));
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Changes saved")).toBeInTheDocument();
    // (an autosave may have gone first on a slow machine: the last call is the one to check)
    const [url, init] = fetch.mock.calls.at(-1) ?? [];
    expect(url).toBe("/api/transcriptions/t1");
    expect(init?.method).toBe("PATCH");
    expect(JSON.parse(String(init?.body))).toEqual({
      subtitles: [
        { id: 1, startTime: "00:00:04,000", endTime: "00:00:06,500", text: "Good morning" },
      ],
    });
  });

  it("styles a selection and a whole cue, places it at the top, undoes, and saves the markup", async () => {
    const fetch = mockSave();
    await renderEditor();
    const text = screen.getByLabelText("Text of subtitle 1") as HTMLTextAreaElement;
    // "world" selected, then Ctrl+I in the text box: that word in italics.
    text.focus();
    text.setSelectionRange(6, 11);
    await userEvent.keyboard("{Control>}i{/Control}");
    const preview = screen.getByLabelText("How subtitle 1 is shown");
    expect(preview.querySelector(".italic")?.textContent).toBe("world");
    // The text box keeps showing the plain text; typing keeps the styles, a typed "<i>" is text.
    expect(text).toHaveValue("Hello world");
    await userEvent.type(text, " <i>");
    expect(text).toHaveValue("Hello world <i>");
    // The Bold button with nothing selected elsewhere: the whole cue in bold, one undo step.
    text.setSelectionRange(0, 0);
    await userEvent.click(screen.getByRole("button", { name: "Bold" }));
    expect(screen.getByRole("button", { name: "Bold" })).toHaveAttribute("aria-pressed", "true");
    await userEvent.keyboard("{Control>}z{/Control}");
    expect(screen.getByRole("button", { name: "Bold" })).toHaveAttribute("aria-pressed", "false");
    await userEvent.click(screen.getByRole("button", { name: "Top" }));
    expect(screen.getByRole("button", { name: "Top" })).toHaveAttribute("aria-pressed", "true");
    expect(within(preview).getByText("at the top")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Changes saved")).toBeInTheDocument();
    const body = JSON.parse(String(fetch.mock.calls.at(-1)?.[1]?.body)) as SentSubtitles;
    expect(body.subtitles[0]).toEqual({
      id: 1,
      startTime: "00:00:01,000",
      endTime: "00:00:03,000",
      text: "Hello <i>world &lt;i></i>",
      position: "top",
    });
  });

  it("Continue saves pending text at once and hands over the saved cues", async () => {
    const fetch = mockSave();
    const onContinue = vi.fn();
    await renderEditor({ onContinue });
    await userEvent.type(screen.getByLabelText("Text of subtitle 2"), "!");
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    await vi.waitFor(() => expect(onContinue).toHaveBeenCalled());
    expect(fetch).toHaveBeenCalled();
    expect(onContinue.mock.calls[0]?.[0]).toEqual([
      subtitles[0],
      { ...subtitles[1], text: "Good morning!" },
    ]);
  });

  it("maps plain text back to cues by content: deleting a paragraph moves no text", async () => {
    await renderEditor();
    await userEvent.click(screen.getByRole("button", { name: "Plain" }));
    const plain = screen.getByLabelText("Subtitle text");
    expect(plain).toHaveValue("Hello world\n\nGood morning");
    fireEvent.input(plain, { target: { value: "Good morning\n\nNew one" } });
    await userEvent.click(screen.getByRole("button", { name: "SRT" }));
    expect(screen.getByLabelText("Text of subtitle 1")).toHaveValue("Good morning");
    expect(screen.getByLabelText("Start time of subtitle 1")).toHaveValue("00:00:04,000");
    expect(screen.getByLabelText("End time of subtitle 1")).toHaveValue("00:00:06,000");
    expect(screen.getByLabelText("Text of subtitle 2")).toHaveValue("New one");
    expect(screen.getByLabelText("Start time of subtitle 2")).toHaveValue("00:00:06,084");
    expect(screen.getByLabelText("End time of subtitle 2")).toHaveValue("00:00:08,084");
  });

  it("finds and replaces, counting matches", async () => {
    await renderEditor();
    await userEvent.click(screen.getByRole("button", { name: "Find and replace" }));
    const panel = screen.getByRole("region", { name: "Find and replace" });
    await userEvent.type(within(panel).getByLabelText("Find"), "O");
    expect(within(panel).getByText("5 matches")).toBeInTheDocument();
    await userEvent.click(within(panel).getByLabelText("Match case"));
    expect(within(panel).getByText("0 matches")).toBeInTheDocument();
    await userEvent.click(within(panel).getByLabelText("Match case"));
    await userEvent.type(within(panel).getByLabelText("Replace with"), "0");
    await userEvent.click(within(panel).getByRole("button", { name: "Replace all" }));
    expect(within(panel).getByText("Replaced 5 matches")).toBeInTheDocument();
    expect(screen.getByLabelText("Text of subtitle 1")).toHaveValue("Hell0 w0rld");
    expect(screen.getByLabelText("Text of subtitle 2")).toHaveValue("G00d m0rning");
  });

  it("steps through matches with Enter and Shift+Enter and replaces one at a time", async () => {
    await renderEditor();
    await userEvent.click(screen.getByRole("button", { name: "Find and replace" }));
    const panel = screen.getByRole("region", { name: "Find and replace" });
    await userEvent.type(within(panel).getByLabelText("Find"), "or{Enter}");
    expect(within(panel).getByText("Subtitle 1: match 1 of 2")).toBeInTheDocument();
    await userEvent.keyboard("{Enter}");
    expect(within(panel).getByText("Subtitle 2: match 2 of 2")).toBeInTheDocument();
    await userEvent.keyboard("{Shift>}{Enter}{/Shift}");
    expect(within(panel).getByText("Subtitle 1: match 1 of 2")).toBeInTheDocument();
    await userEvent.type(within(panel).getByLabelText("Replace with"), "OR");
    await userEvent.click(within(panel).getByRole("button", { name: "Replace" }));
    expect(screen.getByLabelText("Text of subtitle 1")).toHaveValue("Hello wORld");
    expect(screen.getByLabelText("Text of subtitle 2")).toHaveValue("Good morning");
    // Replace moved on to the next match ("wORld" still matches, ignoring case); undo takes back
    // only the one replacement.
    expect(within(panel).getByText("Subtitle 2: match 2 of 2")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Undo" }));
    expect(screen.getByLabelText("Text of subtitle 1")).toHaveValue("Hello world");
  });

  it("keeps each cue row to three tab stops and shows its reading numbers", async () => {
    await renderEditor();
    screen.getByLabelText("Start time of subtitle 1").focus();
    await userEvent.tab();
    expect(screen.getByLabelText("End time of subtitle 1")).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByLabelText("Text of subtitle 1")).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByLabelText("Start time of subtitle 2")).toHaveFocus();
    // The actions stay reachable: by mouse, and by shortcut from the text.
    screen.getByLabelText("Text of subtitle 1").focus();
    await userEvent.keyboard("{Alt>}n{/Alt}");
    expect(screen.getByLabelText("Text of subtitle 2")).toHaveValue("");
    const numbers = screen.getByLabelText("Reading numbers for subtitle 1");
    expect(within(numbers).getByTestId("cue-cps")).toHaveTextContent("5.5");
    expect(within(numbers).getByTestId("cue-lines")).toHaveTextContent("11");
  });

  it("splits at the caret, merges, and shows reading warnings", async () => {
    await renderEditor();
    const text = screen.getByLabelText("Text of subtitle 1") as HTMLTextAreaElement;
    text.setSelectionRange(5, 5);
    await userEvent.click(screen.getByRole("button", { name: "Split subtitle 1 at the cursor" }));
    expect(screen.getByLabelText("Text of subtitle 1")).toHaveValue("Hello");
    expect(screen.getByLabelText("Text of subtitle 2")).toHaveValue("world");
    // The first half ends the minimum gap (2 frames at 23.976: 84 ms) before the second.
    expect(screen.getByLabelText("End time of subtitle 1")).toHaveValue("00:00:01,916");
    expect(screen.getByLabelText("Start time of subtitle 2")).toHaveValue("00:00:02,000");
    fireEvent.input(screen.getByLabelText("Text of subtitle 2"), {
      target: { value: "A line that is much too long to read in a single second" },
    });
    const warnings = screen.getByRole("list", { name: "Readability warnings for subtitle 2" });
    expect(within(warnings).getByText("Line too long")).toBeInTheDocument();
    expect(within(warnings).getByText("Too fast to read")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Merge subtitle 1 with the next" }));
    expect(screen.getByLabelText("Text of subtitle 1")).toHaveValue(
      "Hello\nA line that is much too long to read in a single second",
    );
    expect(screen.getByLabelText("End time of subtitle 1")).toHaveValue("00:00:03,000");
  });

  it("shifts all timings, and refuses a shift that would go below zero", async () => {
    await renderEditor();
    const shift = screen.getByLabelText("Shift all timings by (seconds)");
    await userEvent.type(shift, "-1.5");
    expect(screen.getByRole("alert")).toHaveTextContent(
      "The first time is 00:00:01,000: you can move at most 1 s earlier.",
    );
    expect(screen.getByRole("button", { name: "Shift" })).toBeDisabled();
    await userEvent.clear(shift);
    await userEvent.type(shift, "-0.5");
    await userEvent.click(screen.getByRole("button", { name: "Shift" }));
    expect(screen.getByLabelText("Start time of subtitle 1")).toHaveValue("00:00:00,500");
    expect(screen.getByLabelText("Start time of subtitle 2")).toHaveValue("00:00:03,500");
  });

  it("refuses a shift written as an exponent, or one that moves a cue past the media's end", async () => {
    await renderPage(
      <SubtitleEditor
        transcription={{ id: "t-len", fileName: "a.mp3", language: "en", subtitles, duration: 8 }}
        media={null}
        onBack={() => undefined}
        onContinue={() => undefined}
      />,
    );
    const shift = await screen.findByLabelText("Shift all timings by (seconds)");
    const apply = screen.getByRole("button", { name: "Shift" });
    fireEvent.input(shift, { target: { value: "1e3" } });
    expect(apply).toBeDisabled();
    fireEvent.input(shift, { target: { value: "4" } });
    expect(apply).toBeDisabled();
    expect(screen.getByRole("alert")).toHaveTextContent(
      "The last subtitle starts at 00:00:04,000 and the media ends at 00:00:08,000: you can move at most 3.999 s later.",
    );
    fireEvent.input(shift, { target: { value: "3,5" } });
    fireEvent.click(apply);
    expect(screen.getByLabelText("Start time of subtitle 2")).toHaveValue("00:00:07,500");
  });

  it("marks an overlap and fixes it on request", async () => {
    await renderEditor();
    fireEvent.input(screen.getByLabelText("Start time of subtitle 2"), {
      target: { value: "00:00:02,500" },
    });
    expect(screen.getByText("Starts before subtitle 1 ends")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Fix 1 overlap" }));
    expect(screen.queryByText("Starts before subtitle 1 ends")).not.toBeInTheDocument();
    expect(screen.getByLabelText("End time of subtitle 1")).toHaveValue("00:00:02,416");
  });

  it("undoes and redoes with the keyboard outside text fields", async () => {
    await renderEditor();
    await userEvent.click(screen.getByRole("button", { name: "Delete subtitle 1" }));
    expect(screen.queryByLabelText("Text of subtitle 2")).not.toBeInTheDocument();
    await userEvent.keyboard("{Control>}z{/Control}");
    expect(screen.getByLabelText("Text of subtitle 2")).toHaveValue("Good morning");
    await userEvent.keyboard("{Control>}y{/Control}");
    expect(screen.queryByLabelText("Text of subtitle 2")).not.toBeInTheDocument();
  });

  it("autosaves 2 s after the last edit when all times are valid", async () => {
    const fetch = mockSave();
    await renderEditor();
    vi.useFakeTimers();
    const end = screen.getByLabelText("End time of subtitle 1");
    fireEvent.input(end, { target: { value: "00:00:03," } });
    await act(async () => vi.advanceTimersByTime(3000));
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByText("Not saved: fix the highlighted times")).toBeInTheDocument();
    fireEvent.input(end, { target: { value: "00:00:03,500" } });
    expect(screen.getByText("Unsaved changes")).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1999));
    expect(fetch).not.toHaveBeenCalled();
    await act(async () => vi.advanceTimersByTime(1));
    expect(fetch).toHaveBeenCalledTimes(1);
    vi.useRealTimers();
    expect(await screen.findByText("All changes saved")).toBeInTheDocument();
  });

  it("says a failed save is being retried, and retries until it goes through", async () => {
    let failures = 1;
    const fetch = vi.spyOn(globalThis, "fetch").mockImplementation(async (_url, init) => {
      if (failures-- > 0) return new Response("upstream down", { status: 502 });
      const body = JSON.parse(String(init?.body)) as SentSubtitles;
      return saved(body.subtitles);
    });
    await renderEditor();
    vi.useFakeTimers();
    fireEvent.input(screen.getByLabelText("Text of subtitle 1"), { target: { value: "Edited" } });
    await act(async () => vi.advanceTimersByTimeAsync(2000));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.getByText("Not saved yet: retrying")).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTimeAsync(10_000));
    expect(fetch).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
    expect(await screen.findByText("All changes saved")).toBeInTheDocument();
    const last = JSON.parse(String(fetch.mock.calls[1]?.[1]?.body)) as { subtitles: Subtitle[] };
    expect(last.subtitles[0]?.text).toBe("Edited");
  });

  it("queues a save behind the autosave in flight: no self-conflict, newest text last", async () => {
    // A server that versions the subtitles and refuses a save from an older version.
    let version = 0;
    let stored = "";
    const releases: Array<() => void> = [];
    const fetch = vi.spyOn(globalThis, "fetch").mockImplementation(async (_url, init) => {
      const body = JSON.parse(String(init?.body)) as SentSubtitles;
      await new Promise<void>((resolve) => releases.push(resolve));
      if (body.baseVersion !== `v${version}`) {
        const details = { version: `v${version}`, subtitles: [] };
        return errorJson(409, { code: "EDIT_CONFLICT", message: "x", details });
      }
      version += 1;
      stored = body.subtitles[0]?.text ?? "";
      return json({
        version: `v${version}`,
        subtitles: body.subtitles,
      } satisfies Partial<TranscriptionDetail>);
    });
    const { unmount } = await renderPage(
      <SubtitleEditor
        transcription={{
          id: "t-race",
          fileName: "a.mp3",
          language: "en",
          subtitles,
          version: "v0",
        }}
        media={null}
        onBack={() => undefined}
        onContinue={() => undefined}
      />,
    );
    const text = await editorOpened();
    vi.useFakeTimers();
    fireEvent.input(text, { target: { value: "First" } });
    await act(async () => vi.advanceTimersByTimeAsync(2000)); // the autosave starts…
    expect(fetch).toHaveBeenCalledTimes(1);
    fireEvent.input(text, { target: { value: "Second" } });
    vi.useRealTimers();
    // Saving by hand waits too (its button says so), and leaving the editor now (an in-app
    // navigation) sends the newest text after the autosave, from the version it leaves.
    expect(screen.getByRole("button", { name: "Saving…" })).toBeDisabled();
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch).toHaveBeenCalledTimes(1);
    releases.shift()?.();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    releases.shift()?.();
    await vi.waitFor(() => expect(stored).toBe("Second"));
    expect(version).toBe(2);
  });

  it("marks empty subtitles and says by Save and Continue how many are left out of downloads", async () => {
    mockSave();
    await renderEditor();
    expect(screen.queryByText(/left out of downloads/)).not.toBeInTheDocument();
    const text = screen.getByLabelText("Text of subtitle 2");
    fireEvent.input(text, { target: { value: "  " } });
    expect(await screen.findByText("Empty: left out of downloads")).toBeInTheDocument();
    expect(text).toHaveAccessibleDescription("Empty: left out of downloads");
    const note = screen.getByText("1 empty subtitle will be left out of downloads.");
    expect(screen.getByRole("button", { name: "Continue" })).toHaveAccessibleDescription(
      note.textContent!,
    );
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Changes saved")).toBeInTheDocument();
    expect(screen.getAllByText("1 empty subtitle will be left out of downloads.")).toHaveLength(2);
    fireEvent.input(screen.getByLabelText("Text of subtitle 1"), { target: { value: "" } });
    expect(
      await screen.findByText("2 empty subtitles will be left out of downloads."),
    ).toBeInTheDocument();
  });

  it("learns on focus that another tab saved meanwhile instead of saying all is saved", async () => {
    const theirs = [{ ...subtitles[0]!, text: "Saved in the other tab" }, subtitles[1]!];
    const fetch = vi.spyOn(globalThis, "fetch").mockImplementation(async () =>
      json({
        id: "t-stale",
        version: "v2",
        subtitles: theirs,
      } satisfies Partial<TranscriptionDetail>),
    );
    await renderPage(
      <SubtitleEditor
        transcription={{
          id: "t-stale",
          fileName: "a.mp3",
          language: "en",
          subtitles,
          version: "v1",
        }}
        media={null}
        onBack={() => undefined}
        onContinue={() => undefined}
      />,
    );
    await editorOpened();
    expect(screen.getByText("All changes saved")).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event("focus"));
    });
    expect(
      await screen.findByText("Changed in another tab or device: choose a version"),
    ).toBeInTheDocument();
    expect(screen.queryByText("All changes saved")).not.toBeInTheDocument();
    expect(String(fetch.mock.calls[0]?.[0])).toContain("/api/transcriptions/t-stale");
    await userEvent.click(screen.getByRole("button", { name: "Use the other version" }));
    expect(screen.getByLabelText("Text of subtitle 1")).toHaveValue("Saved in the other tab");
    expect(screen.getByText("All changes saved")).toBeInTheDocument();
  });

  it("says nothing when the version on focus is its own", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async () =>
      json({ id: "t-same", version: "v1", subtitles } satisfies Partial<TranscriptionDetail>),
    );
    await renderPage(
      <SubtitleEditor
        transcription={{
          id: "t-same",
          fileName: "a.mp3",
          language: "en",
          subtitles,
          version: "v1",
        }}
        media={null}
        onBack={() => undefined}
        onContinue={() => undefined}
      />,
    );
    await editorOpened();
    act(() => {
      window.dispatchEvent(new Event("focus"));
    });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByText("All changes saved")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("plays the local file, and says so when playback fails", async () => {
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:talk");
    const revoke = vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    const file = new File(["x"], "talk.mp3", { type: "audio/mpeg" });
    const { container, unmount } = await renderEditor({ media: file });
    await vi.waitFor(() =>
      expect(container.querySelector("audio")).toHaveAttribute("src", "blob:talk"),
    );
    const audio = container.querySelector("audio");
    expect(screen.getByRole("button", { name: "Play" })).toBeInTheDocument();
    fireEvent.error(audio as HTMLAudioElement);
    expect(
      await screen.findByText(
        "Playback failed. Try using the download buttons to save and play locally.",
      ),
    ).toBeInTheDocument();
    unmount();
    expect(revoke).toHaveBeenCalledWith("blob:talk");
  });
});

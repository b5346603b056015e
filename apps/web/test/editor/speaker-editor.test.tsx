import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../src/components/ui/toaster";
import { SubtitleEditor, type Subtitle } from "../../src/features/editor/subtitle-editor";
import type { TranscriptionDetail } from "../../src/api/types";
import { json } from "../api-answers";
import { renderPage } from "../render";
import { editorOpened } from "./editor-opened";

const subtitles: Subtitle[] = [
  { id: 1, startTime: "00:00:01,000", endTime: "00:00:03,000", text: "Hello there", speaker: "S1" },
  { id: 2, startTime: "00:00:04,000", endTime: "00:00:06,000", text: "Hi", speaker: "S2" },
];
const speakers = [
  { id: "S1", name: null },
  { id: "S2", name: null },
];

async function renderEditor(language?: "zh-HK") {
  await renderPage(
    <>
      <SubtitleEditor
        transcription={{ id: "t1", fileName: "talk.mp3", language: "en", subtitles, speakers }}
        media={null}
        onBack={() => undefined}
        onContinue={() => undefined}
      />
      <Toaster />
    </>,
    language ? { language } : undefined,
  );
  await editorOpened(language ? "第 1 句字幕的文字" : "Text of subtitle 1");
}

/** The shown option of a cue's speaker menu. */
function rowSpeaker(number: number): string {
  const select = screen.getByLabelText(`Speaker of subtitle ${number}`) as HTMLSelectElement;
  return select.selectedOptions[0]?.textContent ?? "";
}

afterEach(() => vi.restoreAllMocks());

describe("speakers in the editor", () => {
  it("shows each cue's speaker, named 'Speaker N' until renamed", async () => {
    await renderEditor();
    expect(rowSpeaker(1)).toBe("Speaker 1");
    expect(rowSpeaker(2)).toBe("Speaker 2");
    const panel = screen.getByRole("region", { name: "Speakers" });
    expect(within(panel).getAllByText("1 subtitle")).toHaveLength(2);
  });

  it("renames a speaker in all of their cues, and Undo takes the name back", async () => {
    await renderEditor();
    const name = screen.getByLabelText("Name of Speaker 1");
    await userEvent.type(name, "Ann{Enter}");
    expect(rowSpeaker(1)).toBe("Ann");
    await userEvent.click(screen.getByRole("button", { name: "Undo" }));
    expect(rowSpeaker(1)).toBe("Speaker 1");
    expect(screen.getByLabelText("Name of Speaker 1")).toHaveValue("");
  });

  it("changes a cue's speaker from its menu with the keyboard, undoably", async () => {
    await renderEditor();
    const menu = screen.getByLabelText("Speaker of subtitle 2");
    menu.focus();
    await userEvent.selectOptions(menu, "S1");
    expect(rowSpeaker(2)).toBe("Speaker 1");
    await userEvent.selectOptions(menu, "S3");
    expect(rowSpeaker(2)).toBe("Speaker 3");
    expect(screen.getByLabelText("Name of Speaker 3")).toBeInTheDocument();
    await userEvent.keyboard("{Control>}z{/Control}");
    expect(rowSpeaker(2)).toBe("Speaker 1");
    expect(screen.queryByLabelText("Name of Speaker 3")).not.toBeInTheDocument();
  });

  it("says which speaker a merge kept", async () => {
    await renderEditor();
    await userEvent.click(screen.getByRole("button", { name: "Merge subtitle 1 with the next" }));
    expect(
      await screen.findByText("The merged subtitles had different speakers: kept Speaker 1."),
    ).toBeInTheDocument();
    expect(rowSpeaker(1)).toBe("Speaker 1");
  });

  it("stops listing a speaker left with no subtitles", async () => {
    await renderEditor();
    await userEvent.selectOptions(screen.getByLabelText("Speaker of subtitle 2"), "S1");
    const panel = screen.getByRole("region", { name: "Speakers" });
    expect(within(panel).getByLabelText("Name of Speaker 1")).toBeInTheDocument();
    expect(within(panel).queryByLabelText("Name of Speaker 2")).toBeNull();
    expect(within(panel).queryByText("0 subtitles")).toBeNull();
    // The cue menu still offers them, and giving them a cue lists them again.
    await userEvent.selectOptions(screen.getByLabelText("Speaker of subtitle 1"), "S2");
    expect(within(panel).getByLabelText("Name of Speaker 2")).toBeInTheDocument();
  });

  it("saves the speakers with the cues", async () => {
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockImplementation(async () =>
        json({ id: "t1", version: "2" } satisfies Partial<TranscriptionDetail>),
      );
    await renderEditor();
    await userEvent.type(screen.getByLabelText("Name of Speaker 2"), "Bea{Enter}");
    await userEvent.selectOptions(screen.getByLabelText("Speaker of subtitle 1"), "S2");
    await userEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Changes saved")).toBeInTheDocument();
    const [url, init] = fetch.mock.calls.at(-1) ?? [];
    expect(url).toBe("/api/transcriptions/t1");
    expect(JSON.parse(String(init?.body))).toEqual({
      subtitles: subtitles.map((s) => ({ ...s, speaker: "S2" })),
      speakers: [
        { id: "S1", name: null },
        { id: "S2", name: "Bea" },
      ],
    });
  });

  it("shows the speaker lines in the plain view", async () => {
    await renderEditor();
    await userEvent.click(screen.getByRole("button", { name: "Plain" }));
    expect(screen.getByLabelText("Subtitle text")).toHaveValue(
      "Speaker 1:\nHello there\n\nSpeaker 2:\nHi",
    );
  });

  it("says 講者 1 in Chinese", async () => {
    await renderEditor("zh-HK");
    const select = screen.getByLabelText("第 1 句字幕的講者") as HTMLSelectElement;
    expect(select.selectedOptions[0]?.textContent).toBe("講者 1");
  });
});

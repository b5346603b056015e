import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Toaster } from "../../src/components/ui/toaster";
import { SubtitleEditor, type Subtitle } from "../../src/features/editor/subtitle-editor";
import { renderPage } from "../render";
import { editorOpened } from "./editor-opened";

const chinese: Subtitle[] = [
  { id: 1, startTime: "00:00:01,000", endTime: "00:00:03,000", text: "这是一个软件" },
  { id: 2, startTime: "00:00:04,000", endTime: "00:00:06,000", text: "我们的头发" },
];

async function renderEditor(language: string | null, subtitles: Subtitle[]) {
  await renderPage(
    <>
      <SubtitleEditor
        transcription={{ id: `t-${language}`, fileName: "talk.mp3", language, subtitles }}
        media={null}
        onBack={() => undefined}
        onContinue={() => undefined}
      />
      <Toaster />
    </>,
  );
  await editorOpened();
}

describe("Chinese script conversion in the editor", () => {
  it("converts the whole transcript between scripts as one undo step", async () => {
    await renderEditor("zh", chinese);
    const script = screen.getByLabelText("Chinese script");
    await userEvent.selectOptions(script, "hk");
    await waitFor(() =>
      expect(screen.getByLabelText("Text of subtitle 1")).toHaveValue("這是一個軟件"),
    );
    expect(screen.getByLabelText("Text of subtitle 2")).toHaveValue("我們的頭髮");
    await userEvent.selectOptions(screen.getByLabelText("Chinese script"), "tw");
    await waitFor(() =>
      expect(screen.getByLabelText("Text of subtitle 1")).toHaveValue("這是一個軟體"),
    );
    await userEvent.click(screen.getByRole("button", { name: "Undo" }));
    expect(screen.getByLabelText("Text of subtitle 1")).toHaveValue("這是一個軟件");
    await userEvent.click(screen.getByRole("button", { name: "Undo" }));
    expect(screen.getByLabelText("Text of subtitle 1")).toHaveValue("这是一个软件");
  });

  it("is offered only for Chinese", async () => {
    await renderEditor("en", [
      { id: 1, startTime: "00:00:01,000", endTime: "00:00:03,000", text: "Hello" },
    ]);
    expect(screen.queryByLabelText("Chinese script")).toBeNull();
  });
});

import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AnsweredQuestion } from "../../src/api/types";
import { SubtitleEditor } from "../../src/features/editor/subtitle-editor";
import { AskAcross } from "../../src/features/insights/ask-across";
import { json, transcriptionSummary } from "../api-answers";
import { editorOpened } from "../editor/editor-opened";
import { renderPage } from "../render";

// A question across History's transcriptions: asked of the completed ones listed, each
// citation naming its transcription and opening it at that moment (the editor seeks there).

afterEach(() => vi.restoreAllMocks());

describe("asking across transcriptions", () => {
  it("asks the completed ones listed; a citation opens its transcription at the moment", async () => {
    const answer: AnsweredQuestion = {
      id: "q1",
      question: "Who mentioned the bridge?",
      notInTranscript: false,
      parts: [
        { text: "The lecture did " },
        { citation: { sourceId: "t2", cue: 2, start: 10_000, end: 19_000 } },
      ],
      text: "The lecture did [c2]",
      citations: [{ sourceId: "t2", cue: 2, start: 10_000, end: 19_000 }],
      model: "scripted",
      createdAt: "2026-03-01T10:02:00.000Z",
    };
    const fetch = vi.spyOn(globalThis, "fetch").mockImplementation(
      async () =>
        new Response(`${JSON.stringify({ type: "answer", answer })}\n`, {
          headers: { "content-type": "application/x-ndjson" },
        }),
    );
    await renderPage(
      <AskAcross
        items={[
          transcriptionSummary({ id: "t1", fileName: "talk.mp3" }),
          transcriptionSummary({ id: "t2", fileName: "lecture.mp4" }),
          transcriptionSummary({ id: "t3", fileName: "broken.mp3", status: "failed" }),
        ]}
      />,
    );
    const region = screen.getByRole("region", { name: "Ask across these transcriptions" });
    await userEvent.click(within(region).getByRole("button", { name: "Open" }));
    expect(region).toHaveTextContent("Asks the 2 completed transcriptions listed here");
    await userEvent.type(
      within(region).getByLabelText("Your question"),
      "Who mentioned the bridge?",
    );
    await userEvent.click(within(region).getByRole("button", { name: "Ask" }));
    const link = await within(region).findByRole("link", { name: "Open lecture.mp4 at 0:10" });
    expect(link).toHaveAttribute("href", "/?job=t2&at=10000");
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toBe("/api/questions");
    expect(JSON.parse(String(init?.body))).toMatchObject({
      question: "Who mentioned the bridge?",
      transcriptionIds: ["t1", "t2"],
    });
  });

  it("is not offered for fewer than two completed transcriptions", async () => {
    await renderPage(<AskAcross items={[transcriptionSummary({ id: "t1" })]} />);
    expect(screen.queryByRole("region", { name: "Ask across these transcriptions" })).toBeNull();
  });

  it("the editor opens at the moment asked for, its subtitle current", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => json({}));
    await renderPage(
      <SubtitleEditor
        transcription={{
          id: "t2",
          fileName: "lecture.mp4",
          language: "en",
          subtitles: [
            { id: 1, startTime: "00:00:00,000", endTime: "00:00:09,000", text: "Welcome." },
            { id: 2, startTime: "00:00:10,000", endTime: "00:00:19,000", text: "The bridge." },
          ],
        }}
        media={null}
        startAtMs={10_000}
        onBack={() => undefined}
        onContinue={() => undefined}
      />,
    );
    await editorOpened();
    const second = screen.getByLabelText("Text of subtitle 2").closest('[aria-current="true"]');
    expect(second).not.toBeNull();
  });
});

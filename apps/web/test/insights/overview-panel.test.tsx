import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { AnsweredQuestion, Insights, InsightsJob } from "../../src/api/types";
import { AskPanel } from "../../src/features/insights/ask-panel";
import { OverviewPanel } from "../../src/features/insights/overview-panel";
import { SharedOverview } from "../../src/features/insights/shared-overview";
import { errorJson, json } from "../api-answers";
import { renderPage } from "../render";

// The Overview beside the editor and the questions panel: insights shown with citations that
// seek, unverified statements marked, the cost said before generating, progress, errors in the
// user's language, streamed answers kept in the history.

const cite = (cue: number, start: number) => ({ sourceId: "t1", cue, start, end: start + 2000 });

function job(overrides: Partial<InsightsJob> = {}): InsightsJob {
  return {
    id: "i1",
    transcriptionId: "t1",
    status: "completed",
    progress: 100,
    stage: null,
    costSeconds: 180,
    edited: false,
    error: null,
    createdAt: "2026-03-01T10:00:00.000Z",
    finishedAt: "2026-03-01T10:01:00.000Z",
    insights: {
      version: 1,
      model: "scripted",
      language: "en",
      durationMs: 3_600_000,
      shortSummary: { text: "The team plans the launch.", citations: [cite(1, 0)] },
      summary: [
        { text: "They pick a date in May.", citations: [cite(40, 754_000)] },
        { text: "Budget was discussed.", citations: [], unverified: true },
      ],
      chapters: [
        { title: "Opening", gist: "Hellos.", start: 0, end: 600_000, citation: cite(1, 0) },
        {
          title: "Dates",
          gist: "When to launch.",
          start: 600_000,
          end: 3_600_000,
          citation: cite(30, 600_000),
        },
      ],
      keyPoints: [],
      quotes: [],
      actionItems: [
        { text: "Book the hall.", citations: [cite(52, 3_723_000)], owner: "Ana", due: "Friday" },
      ],
      topics: ["launch"],
      checks: { rejected: 1, regenerated: 1, dropped: 1, sections: 1 },
      tokens: { prompt: 10, output: 10 },
    },
    ...overrides,
  };
}

afterEach(() => vi.restoreAllMocks());

describe("Overview panel", () => {
  it("shows the insights; each citation seeks, and a statement without a source is marked", async () => {
    const seek = vi.fn();
    vi.spyOn(globalThis, "fetch").mockImplementation(async () => json(job()));
    await renderPage(
      <OverviewPanel
        transcriptionId="t1"
        durationMs={3_600_000}
        status="completed"
        readOnly={false}
        onSeek={seek}
      />,
    );
    expect(await screen.findByText(/The team plans the launch\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Play from 12:34" }));
    expect(seek).toHaveBeenLastCalledWith(754_000);
    await userEvent.click(screen.getByRole("button", { name: "Play from 1:02:03" }));
    expect(seek).toHaveBeenLastCalledWith(3_723_000);
    await userEvent.click(screen.getByRole("button", { name: "Play from 10:00" }));
    expect(seek).toHaveBeenLastCalledWith(600_000);
    const marked = screen.getByText(/Budget was discussed\./);
    expect(marked).toHaveTextContent("no source found");
    expect(within(marked).queryByRole("button", { name: /^Play from/ })).toBeNull();
    expect(screen.getByText("Who: Ana · When: Friday")).toBeInTheDocument();
    // Every format the export route offers.
    const formats = screen.getByRole("combobox", { name: "Export overview as" });
    expect(within(formats).getAllByRole("option")).toHaveLength(9);
  });

  /** A server that keeps the insights: GET gives them, PATCH replaces the parts sent. */
  function keepingServer(refuse?: () => Response) {
    let stored = job();
    const patches: unknown[] = [];
    const fetch = vi.spyOn(globalThis, "fetch").mockImplementation(async (_url, init) => {
      if (init?.method === "PATCH") {
        const body = JSON.parse(String(init.body)) as {
          shortSummary?: string;
          chapters?: { title: string; gist: string; start: number }[];
          actionItems?: Insights["actionItems"];
          summary?: Insights["summary"];
        };
        patches.push(body);
        if (refuse) return refuse();
        const insights = stored.insights!;
        stored = {
          ...stored,
          edited: true,
          insights: {
            ...insights,
            ...(body.shortSummary && {
              shortSummary: { ...insights.shortSummary, text: body.shortSummary },
            }),
            ...(body.summary && { summary: body.summary }),
            ...(body.actionItems && { actionItems: body.actionItems }),
            ...(body.chapters && {
              chapters: insights.chapters.map((chapter, i) => ({
                ...chapter,
                title: body.chapters![i]!.title,
              })),
            }),
          },
        };
      }
      return json(stored);
    });
    return { fetch, patches };
  }
  const panel = (readOnly = false) => (
    <OverviewPanel
      transcriptionId="t1"
      durationMs={3_600_000}
      status="completed"
      readOnly={readOnly}
      onSeek={() => undefined}
    />
  );

  it("edits the short summary, a chapter's title and an action item; kept after a reload", async () => {
    const { patches } = keepingServer();
    const { unmount } = await renderPage(panel());
    const user = userEvent.setup();
    await screen.findByText(/The team plans the launch\./);

    await user.click(screen.getByRole("button", { name: "Edit the short summary" }));
    const summary = screen.getByLabelText("Short summary");
    expect(summary).toHaveValue("The team plans the launch.");
    await user.clear(summary);
    await user.type(summary, "The team fixes the launch date.");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(/The team fixes the launch date\./)).toBeInTheDocument();
    expect(screen.queryByLabelText("Short summary")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Edit the title of chapter 2" }));
    const title = screen.getByLabelText("Title of chapter 2");
    await user.clear(title);
    await user.type(title, "Picking a date{Enter}");
    expect(await screen.findByText("Picking a date")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Edit action item 1" }));
    const item = screen.getByLabelText("Action item 1");
    await user.clear(item);
    await user.type(item, "Book the big hall.");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(/Book the big hall\./)).toBeInTheDocument();
    expect(screen.getByText("Edited since it was generated")).toBeInTheDocument();

    // What was sent: each part whole, the rest of it as the server gave it.
    expect(patches).toEqual([
      { shortSummary: "The team fixes the launch date." },
      {
        chapters: [
          { title: "Opening", gist: "Hellos.", start: 0 },
          { title: "Picking a date", gist: "When to launch.", start: 600_000 },
        ],
      },
      {
        actionItems: [
          {
            text: "Book the big hall.",
            citations: [cite(52, 3_723_000)],
            owner: "Ana",
            due: "Friday",
          },
        ],
      },
    ]);

    // A reload reads what the server kept.
    unmount();
    await renderPage(panel());
    expect(await screen.findByText(/The team fixes the launch date\./)).toBeInTheDocument();
    expect(screen.getByText("Picking a date")).toBeInTheDocument();
    expect(screen.getByText(/Book the big hall\./)).toBeInTheDocument();
    expect(screen.queryByText("Dates")).toBeNull();
  });

  it("edits in Chinese, says a refusal, keeps the text; Cancel leaves it; a reader has no Edit", async () => {
    const { patches } = keepingServer(() =>
      errorJson(400, { code: "INSIGHTS_CHAPTERS_INVALID", message: "The chapters are not valid." }),
    );
    const { unmount } = await renderPage(panel(), { language: "zh-HK" });
    const user = userEvent.setup();
    await screen.findByText(/The team plans the launch\./);
    // Chinese punctuation around the topics (a full-width colon), not English ": ".
    expect(screen.getByText("主題：launch")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "編輯第 1 章的標題" }));
    const title = screen.getByLabelText("第 1 章的標題");
    await user.clear(title);
    await user.click(screen.getByRole("button", { name: "儲存" }));
    expect(screen.getByRole("alert")).toHaveTextContent("請輸入內容，或按取消。");
    expect(patches).toHaveLength(0);
    await user.type(title, "開場");
    await user.click(screen.getByRole("button", { name: "儲存" }));
    expect(await screen.findByRole("alert")).not.toHaveTextContent("請輸入內容");
    expect(patches).toHaveLength(1);
    expect(title).toHaveValue("開場");
    await user.click(screen.getByRole("button", { name: "取消" }));
    expect(screen.getByText("Opening")).toBeInTheDocument();
    unmount();

    await renderPage(panel(true));
    await screen.findByText(/The team plans the launch\./);
    expect(screen.queryByRole("button", { name: /^Edit/ })).toBeNull();
  });

  it("says the cost before generating, then follows the job's progress", async () => {
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockImplementation(async () =>
        json(job({ status: "queued", progress: 0, insights: null, finishedAt: null }), 202),
      );
    await renderPage(
      <OverviewPanel
        transcriptionId="t1"
        durationMs={3_600_000}
        status={null}
        readOnly={false}
        onSeek={() => undefined}
      />,
    );
    // Nothing asked of the server before the click.
    expect(fetch).not.toHaveBeenCalled();
    const button = screen.getByRole("button", { name: "Generate overview" });
    expect(button).toHaveAccessibleDescription(/Uses 3\.0 min of your minutes/);
    await userEvent.selectOptions(
      screen.getByRole("combobox", { name: "Write it in" }),
      "Traditional Chinese (Hong Kong)",
    );
    await userEvent.click(button);
    expect(
      await screen.findByRole("progressbar", { name: "Waiting to start…" }),
    ).toBeInTheDocument();
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toBe("/api/transcriptions/t1/insights");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({ language: "zh-HK", chineseScript: "hk" });
    expect(screen.getByRole("button", { name: "Cancel" })).toBeInTheDocument();
  });

  it("says why generating was refused, in Chinese", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async () =>
      errorJson(503, { code: "INSIGHTS_MODEL_NOT_CONFIGURED", message: "no model" }),
    );
    await renderPage(
      <OverviewPanel
        transcriptionId="t1"
        durationMs={60_000}
        status={null}
        readOnly={false}
        onSeek={() => undefined}
      />,
      { language: "zh-HK" },
    );
    await userEvent.click(screen.getByRole("button", { name: "產生概覽" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "此伺服器未設定語言模型，或模型仍在下載中",
    );
  });

  it("shows a failed job's reason and offers to try again; a viewer cannot generate", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async () =>
      json(
        job({
          status: "failed",
          insights: null,
          error: { code: "INSIGHTS_MODEL_FAILED", message: "x" },
        }),
      ),
    );
    const { unmount } = await renderPage(
      <OverviewPanel
        transcriptionId="t1"
        durationMs={60_000}
        status="failed"
        readOnly={false}
        onSeek={() => undefined}
      />,
    );
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The language model did not give a usable answer",
    );
    expect(screen.getByRole("button", { name: "Generate overview" })).toBeInTheDocument();
    unmount();
    await renderPage(
      <OverviewPanel
        transcriptionId="t1"
        durationMs={60_000}
        status="failed"
        readOnly
        onSeek={() => undefined}
      />,
    );
    expect(await screen.findByRole("alert")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Generate overview" })).toBeNull();
  });
});

/** An NDJSON answer streamed in pieces, as the server sends it. */
function streamed(lines: unknown[]): Response {
  const text = lines.map((line) => `${JSON.stringify(line)}\n`).join("");
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      // Split mid-line: the reader must join the pieces.
      const cut = Math.floor(text.length / 2);
      controller.enqueue(encoder.encode(text.slice(0, cut)));
      controller.enqueue(encoder.encode(text.slice(cut)));
      controller.close();
    },
  });
  return new Response(body, { headers: { "content-type": "application/x-ndjson" } });
}

describe("Ask panel", () => {
  const answer: AnsweredQuestion = {
    id: "q2",
    question: "When is the launch?",
    notInTranscript: false,
    parts: [
      { text: "In May " },
      { citation: cite(40, 754_000) },
      { text: " at the hall " },
      { unverified: "c999" },
    ],
    text: "In May [c40] at the hall [c999]",
    citations: [cite(40, 754_000)],
    model: "scripted",
    createdAt: "2026-03-01T10:02:00.000Z",
  };
  const earlier: AnsweredQuestion = {
    ...answer,
    id: "q1",
    question: "Who won the match?",
    notInTranscript: true,
    parts: [{ text: "NOT_IN_TRANSCRIPT" }],
    citations: [],
  };

  it("streams the answer, then keeps it above the earlier ones with citations that seek", async () => {
    const seek = vi.fn();
    const fetch = vi.spyOn(globalThis, "fetch").mockImplementation(async (url, init) => {
      if (init?.method === "POST")
        return streamed([
          { type: "delta", text: "In May " },
          { type: "delta", text: "[c40]" },
          { type: "answer", answer },
        ]);
      return json({ questions: [earlier] });
    });
    await renderPage(<AskPanel transcriptionId="t1" onSeek={seek} />);
    await userEvent.click(screen.getByRole("button", { name: "Open" }));
    const history = await screen.findByRole("list", { name: "Questions asked" });
    expect(history).toHaveTextContent("The transcript does not say.");
    await userEvent.type(screen.getByLabelText("Your question"), "When is the launch?{Enter}");
    await vi.waitFor(() =>
      expect(within(history).getAllByRole("listitem")[0]).toHaveTextContent("When is the launch?"),
    );
    const [url, init] = fetch.mock.calls.find(([, i]) => i?.method === "POST") ?? [];
    expect(String(url)).toBe("/api/transcriptions/t1/questions");
    expect(JSON.parse(String(init?.body))).toMatchObject({ question: "When is the launch?" });
    const newest = within(history).getAllByRole("listitem")[0]!;
    expect(newest).toHaveTextContent("no source found");
    await userEvent.click(within(newest).getByRole("button", { name: "Play from 12:34" }));
    expect(seek).toHaveBeenCalledWith(754_000);
    expect(screen.getByLabelText("Your question")).toHaveValue("");
  });

  it("shows a failed answer's reason", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(async (_url, init) =>
      init?.method === "POST"
        ? streamed([{ type: "error", code: "INSIGHTS_MODEL_FAILED", message: "x" }])
        : json({ questions: [] }),
    );
    await renderPage(<AskPanel transcriptionId="t1" onSeek={() => undefined} />);
    await userEvent.click(screen.getByRole("button", { name: "Open" }));
    await userEvent.type(screen.getByLabelText("Your question"), "Why?{Enter}");
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The language model did not give a usable answer",
    );
  });
});

describe("a share link's overview", () => {
  it("shows the summary (marked when unsourced) and chapters whose times seek, in Chinese", async () => {
    const seek = vi.fn();
    await renderPage(
      <SharedOverview
        overview={{
          shortSummary: "會議討論大橋預算。",
          unverified: true,
          chapters: [
            { title: "開場", gist: "", start: 0, end: 60_000 },
            { title: "預算", gist: "金額和時間。", start: 60_000, end: 120_000 },
          ],
        }}
        onSeek={seek}
      />,
      { language: "zh-HK" },
    );
    expect(screen.getByRole("heading", { name: "概覽" })).toBeInTheDocument();
    expect(screen.getByText(/會議討論大橋預算/)).toHaveTextContent("找不到出處");
    await userEvent.click(screen.getByRole("button", { name: "由 1:00 開始播放" }));
    expect(seek).toHaveBeenCalledWith(60_000);
  });
});

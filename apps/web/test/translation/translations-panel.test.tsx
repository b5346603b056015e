import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SavedGlossary, Subtitle, TranslationTrack } from "../../src/api/types";
import { BilingualView, translatedCueId } from "../../src/features/translation/bilingual-view";
import { GlossaryDialog } from "../../src/features/translation/glossary-dialog";
import { readGlossaryText } from "../../src/features/translation/glossary-text";
import { afterSave, loadPendingEdits } from "../../src/features/translation/pending-edits";
import { TranslationsPanel } from "../../src/features/translation/translations-panel";
import {
  TranslateWhenDone,
  type TranslateWhenDoneOptions,
} from "../../src/features/translation/translate-when-done";
import { mockApi, USER } from "../account/helpers";
import { errorJson, json } from "../api-answers";
import { renderPage } from "../render";
import { signIn } from "../session";

// The editor's translations: the panel (tracks, progress, why one failed, asking for one with
// its cost shown first, errors in the user's language) and the side-by-side view (edits saved
// by PATCH and kept in this browser until they are, flagged cues stepped through).

function track(overrides: Partial<TranslationTrack> = {}): TranslationTrack {
  return {
    id: "x1",
    transcriptionId: "t1",
    language: "zh-HK",
    status: "completed",
    progress: 100,
    model: "scripted",
    style: "standard",
    register: "written",
    glossary: [],
    costSeconds: 6,
    chargedSeconds: 6,
    flaggedCues: 1,
    error: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    finishedAt: "2026-01-01T00:01:00.000Z",
    cues: [
      { index: 1, text: "晚安。", flags: [] },
      { index: 2, text: "一句非常非常長的翻譯", flags: ["OVER_BUDGET"] },
      { index: 3, text: "謝謝。", flags: [] },
    ],
    ...overrides,
  };
}

const ORIGINALS: Subtitle[] = [
  { id: 1, startTime: "00:00:00,000", endTime: "00:00:02,000", text: "Good evening." },
  { id: 2, startTime: "00:00:02,000", endTime: "00:00:04,000", text: "A long sentence." },
  { id: 3, startTime: "00:00:04,000", endTime: "00:00:06,000", text: "Thank you." },
];

beforeEach(() => {
  signIn("tok");
  localStorage.clear();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const panel = (readOnly = false) => (
  <TranslationsPanel
    transcriptionId="t1"
    durationMs={60_000}
    style="standard"
    readOnly={readOnly}
    open={null}
    onOpen={() => {}}
  />
);

describe("the translations panel", () => {
  it("lists each language's track, and why a failed one failed, in the user's language", async () => {
    const failed = track({
      language: "ja",
      status: "failed",
      progress: 0,
      chargedSeconds: 0,
      flaggedCues: 0,
      cues: [],
      error: { code: "TRANSLATION_MODEL_UNAVAILABLE", message: "server text" },
    });
    mockApi({
      "GET /api/transcriptions/t1/translations": () => json({ translations: [track(), failed] }),
    });
    await renderPage(panel(), { language: "zh-HK" });
    // Closed until opened (nothing asked of the server), then remembered on the device.
    const toggle = screen.getByRole("button", { name: "翻譯" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await userEvent.setup().click(toggle);
    const list = await screen.findByRole("list", { name: "翻譯" });
    expect(localStorage.getItem("verbatim.translations-open")).toBe("1");
    expect(list).toHaveTextContent("中文（香港繁體）");
    expect(list).toHaveTextContent("1 句字幕需要檢查");
    expect(list).toHaveTextContent("日文");
    expect(list).toHaveTextContent("負責翻譯的語言模型暫時未能使用");
    expect(screen.getByRole("button", { name: "並排檢視" })).toBeInTheDocument();
  });

  it("asks for a language found by search, showing the cost first, and says why it was refused", async () => {
    const sent: unknown[] = [];
    let answer = () =>
      errorJson(402, {
        code: "INSUFFICIENT_MINUTES",
        message: "no",
        details: { neededMinutes: 1, availableMinutes: 0 },
      });
    mockApi({
      "GET /api/transcriptions/t1/translations": () => json({ translations: [] }),
      "GET /api/auth/me": () => json(USER),
      "GET /api/glossaries": () => json({ glossaries: [] }),
      "POST /api/transcriptions/t1/translations": (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return answer();
      },
    });
    await renderPage(panel());
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Translate…" }));
    // 60 s of media: 6 seconds of minutes, shown as 0.1 min before anything is asked.
    expect(screen.getByText(/Uses up to 0.1 min of your minutes/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Search languages/), "japan");
    expect(screen.getAllByRole("radio")).toHaveLength(1);
    await user.click(screen.getByRole("radio", { name: /Japanese/ }));
    await user.click(screen.getByRole("button", { name: "Translate into Japanese" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(/minutes/i);
    expect(sent).toEqual([{ language: "ja", style: "standard" }]);

    // Any BCP-47 code may be typed; Hong Kong Chinese offers written or spoken.
    await user.clear(screen.getByLabelText(/Search languages/));
    await user.type(screen.getByLabelText(/Search languages/), "pt-br");
    expect(screen.getByRole("radio", { name: /Other language: pt-BR/ })).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Search languages/));
    await user.click(screen.getByRole("radio", { name: /Hong Kong/ }));
    await user.click(screen.getByRole("radio", { name: /Cantonese as spoken/ }));
    answer = () => json(track({ status: "queued", progress: 0, cues: [] }), 202);
    await user.click(screen.getByRole("button", { name: /Translate into Chinese \(Hong Kong/ }));
    await waitFor(() =>
      expect(sent[1]).toEqual({ language: "zh-HK", style: "standard", register: "spoken" }),
    );
  });

  it("deletes a track only after a warning", async () => {
    let deleted = 0;
    mockApi({
      "GET /api/transcriptions/t1/translations": () =>
        json({ translations: deleted ? [] : [track()] }),
      "DELETE /api/transcriptions/t1/translations/zh-HK": () => {
        deleted++;
        return new Response(null, { status: 204 });
      },
    });
    localStorage.setItem("verbatim.translations-open", "1");
    await renderPage(panel());
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole("button", {
        name: "Delete the Chinese (Hong Kong, Traditional) translation",
      }),
    );
    const warning = await screen.findByRole("dialog");
    expect(warning).toHaveTextContent(/deleted for good/);
    expect(deleted).toBe(0);
    await user.click(screen.getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(deleted).toBe(1));
  });
});

describe("the side-by-side view", () => {
  const view = (onSeek = (_ms: number) => {}) => (
    <BilingualView
      transcriptionId="t1"
      originals={ORIGINALS}
      track={track()}
      playheadMs={2500}
      readOnly={false}
      onSeek={onSeek}
    />
  );

  it("shows each cue beside its translation, the one playing marked, flagged ones with why", async () => {
    mockApi({});
    const seek = vi.fn();
    await renderPage(view(seek));
    const rows = screen.getAllByRole("listitem");
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveAttribute("aria-current", "true");
    expect(rows[1]).toHaveTextContent("A long sentence.");
    const flagged = screen.getByLabelText(
      "Translation of subtitle 2 (Chinese (Hong Kong, Traditional))",
    );
    expect(flagged).toHaveAccessibleDescription(/Over the reading limit/);

    fireEvent.click(screen.getByRole("button", { name: "Next flagged" }));
    expect(document.activeElement).toBe(document.getElementById(translatedCueId("zh-HK", 2)));
    expect(seek).toHaveBeenCalledWith(2000);
  });

  it("shows a styled original in its italics, never its markup", async () => {
    mockApi({});
    const styled = ORIGINALS.map((cue, i) =>
      i === 0 ? { ...cue, text: "<i>Good</i> evening." } : cue,
    );
    await renderPage(
      <BilingualView
        transcriptionId="t1"
        originals={styled}
        track={track()}
        playheadMs={0}
        readOnly={false}
        onSeek={() => {}}
      />,
    );
    const row = screen.getAllByRole("listitem")[0]!;
    expect(row).toHaveTextContent("Good evening.");
    expect(row.textContent).not.toContain("<i>");
    expect(within(row).getByText("Good")).toHaveClass("italic");
  });

  it("saves an edit by PATCH shortly after typing, keeping it on the device until saved", async () => {
    const patched: unknown[] = [];
    let release: () => void = () => {};
    mockApi({
      "PATCH /api/transcriptions/t1/translations/zh-HK": async (init) => {
        patched.push(JSON.parse(String(init?.body)));
        await new Promise<void>((resolve) => (release = resolve));
        return json(track());
      },
    });
    await renderPage(view());
    const field = screen.getByLabelText(/Translation of subtitle 3/);
    fireEvent.input(field, { target: { value: "多謝。" } });
    expect(loadPendingEdits("t1", "zh-HK")).toEqual({ 3: "多謝。" });
    expect(screen.getByRole("status")).toHaveTextContent("Kept on this device");
    await waitFor(() => expect(patched).toEqual([{ cues: [{ index: 3, text: "多謝。" }] }]));
    await act(async () => release());
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("All changes saved"));
    expect(loadPendingEdits("t1", "zh-HK")).toEqual({});
  });

  it("undoes a run of typing at a time, saving what it puts back", async () => {
    const patched: unknown[] = [];
    mockApi({
      "PATCH /api/transcriptions/t1/translations/zh-HK": (init) => {
        patched.push(JSON.parse(String(init?.body)));
        return json(track());
      },
    });
    await renderPage(view());
    const undo = screen.getByRole("button", { name: "Undo" });
    expect(undo).toBeDisabled();
    const field = screen.getByLabelText(/Translation of subtitle 1/);
    fireEvent.input(field, { target: { value: "晚" } });
    fireEvent.input(field, { target: { value: "晚上好" } });
    fireEvent.blur(field);
    fireEvent.input(field, { target: { value: "晚上好。" } });
    fireEvent.click(undo);
    expect(field).toHaveValue("晚上好");
    fireEvent.click(undo);
    expect(field).toHaveValue("晚安。");
    expect(undo).toBeDisabled();
    await waitFor(() => expect(patched.at(-1)).toEqual({ cues: [{ index: 1, text: "晚安。" }] }));
  });

  it("sends edits a reload left unsaved as soon as it opens", async () => {
    localStorage.setItem("verbatim.translation-edits.t1.zh-HK", JSON.stringify({ 1: "你好。" }));
    const patched: unknown[] = [];
    mockApi({
      "PATCH /api/transcriptions/t1/translations/zh-HK": (init) => {
        patched.push(JSON.parse(String(init?.body)));
        return json(track());
      },
    });
    await renderPage(view());
    expect(screen.getByLabelText(/Translation of subtitle 1/)).toHaveValue("你好。");
    await waitFor(() => expect(patched).toEqual([{ cues: [{ index: 1, text: "你好。" }] }]));
    await waitFor(() => expect(loadPendingEdits("t1", "zh-HK")).toEqual({}));
  });
});

describe("the helpers", () => {
  it("keeps what changed again while a save was under way", () => {
    expect(afterSave({ 1: "a", 2: "b2" }, { 1: "a", 2: "b" })).toEqual({ 2: "b2" });
  });

  it("reads a glossary a term a line, with = or a tab, naming the lines it cannot read", () => {
    expect(readGlossaryText("LegCo = 立法會\nVerbatim\tVerbatim\n\nno separator\n = x")).toEqual({
      entries: [
        { source: "LegCo", target: "立法會" },
        { source: "Verbatim", target: "Verbatim" },
      ],
      unreadable: [4, 5],
    });
  });
});

describe("translate when done, on the upload form", () => {
  it("adds languages up to the limit and removes them, in the user's language", async () => {
    let chosen: string[] = [];
    const { rerender } = await renderPage(
      <TranslateWhenDone value={chosen} onChange={(next) => (chosen = next)} />,
      { language: "zh-HK" },
    );
    const user = userEvent.setup();
    for (const label of ["中文（香港繁體）", "英文", "日文"]) {
      await user.selectOptions(screen.getByLabelText("加入語言"), label);
      rerender(<TranslateWhenDone value={chosen} onChange={(next) => (chosen = next)} />);
    }
    expect(chosen).toEqual(["zh-HK", "en", "ja"]);
    // Three at most (as many as may run at once): no more to add.
    expect(screen.queryByLabelText("加入語言")).toBeNull();
    await user.click(screen.getByRole("button", { name: "移除英文" }));
    expect(chosen).toEqual(["zh-HK", "ja"]);
  });

  it("offers the preset, a saved glossary and spoken Cantonese once a language is chosen", async () => {
    const glossary: SavedGlossary = {
      id: "g1",
      name: "Council",
      teamId: null,
      entries: [{ source: "LegCo", target: "立法會" }],
      updatedAt: "2026-01-01T00:00:00.000Z",
    };
    mockApi({ "GET /api/glossaries": () => json({ glossaries: [glossary] }) });
    let how: TranslateWhenDoneOptions = {};
    let setLanguages: (next: string[]) => void = () => undefined;
    function Form() {
      const [languages, choose] = useState<string[]>([]);
      const [options, setOptions] = useState<TranslateWhenDoneOptions>({});
      setLanguages = choose;
      return (
        <TranslateWhenDone
          value={languages}
          onChange={choose}
          options={options}
          defaultStyle="standard"
          onOptionsChange={(next) => {
            how = next;
            setOptions(next);
          }}
        />
      );
    }
    await renderPage(<Form />);
    // Nothing to set before a language is chosen.
    expect(screen.queryByLabelText("Reading limits")).toBeNull();
    act(() => setLanguages(["zh-HK", "fr"]));
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText("Reading limits"), "netflix");
    await screen.findByRole("option", { name: "Council (1)" });
    await user.selectOptions(screen.getByLabelText("Glossary"), "g1");
    await user.click(screen.getByLabelText("Cantonese as spoken (口語)"));
    expect(how).toEqual({
      translateStyle: "netflix",
      translateGlossaryId: "g1",
      translateRegister: "spoken",
    });
    // Written or spoken is asked only for Hong Kong Chinese.
    act(() => setLanguages(["fr"]));
    expect(screen.queryByLabelText("Cantonese as spoken (口語)")).toBeNull();
  });

  it("asks the same in Chinese, at a phone's width", async () => {
    mockApi({ "GET /api/glossaries": () => json({ glossaries: [] }) });
    await renderPage(
      <TranslateWhenDone
        value={["zh-HK"]}
        onChange={() => undefined}
        onOptionsChange={() => undefined}
      />,
      { language: "zh-HK" },
    );
    const preset = screen.getByLabelText("閱讀限制");
    // One column on a phone (two from the sm breakpoint), each control the column's width.
    expect(preset.className).toContain("w-full");
    expect(preset.closest(".grid")?.className).toContain("sm:grid-cols-2");
    expect(screen.getByLabelText("詞彙表")).toBeInTheDocument();
  });
});

describe("the glossaries dialog", () => {
  it("creates one from lines of terms, refuses unreadable lines, and deletes after asking", async () => {
    const saved: unknown[] = [];
    let glossaries: SavedGlossary[] = [];
    let deleted = 0;
    mockApi({
      "GET /api/glossaries": () => json({ glossaries }),
      "POST /api/glossaries": (init) => {
        const body = JSON.parse(String(init?.body)) as Pick<SavedGlossary, "name" | "entries">;
        saved.push(body);
        glossaries = [{ id: "g1", teamId: null, updatedAt: "2026-01-01T00:00:00Z", ...body }];
        return json(glossaries[0], 201);
      },
      "DELETE /api/glossaries/g1": () => {
        deleted++;
        glossaries = [];
        return new Response(null, { status: 204 });
      },
    });
    await renderPage(<GlossaryDialog open onOpenChange={() => {}} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "New glossary" }));
    await user.type(screen.getByLabelText("Name"), "Council");
    const terms = screen.getByLabelText("Terms");
    fireEvent.input(terms, { target: { value: "LegCo = 立法會\nno separator" } });
    expect(screen.getByRole("alert")).toHaveTextContent(": 2");
    expect(screen.getByRole("button", { name: "Save" })).toBeDisabled();
    fireEvent.input(terms, { target: { value: "LegCo = 立法會" } });
    await user.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByText("1 term");
    expect(saved).toEqual([{ name: "Council", entries: [{ source: "LegCo", target: "立法會" }] }]);

    await user.click(screen.getByRole("button", { name: "Delete the glossary Council" }));
    expect(deleted).toBe(0);
    expect(screen.getByText("Delete the glossary Council?")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(deleted).toBe(1));
    await screen.findByText("No glossaries yet.");
  });
});

import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Health, ModelListing } from "../../src/api/types";
import { OptionsPanel } from "../../src/features/workspace/options-panel";
import type { TranscribeOptions } from "../../src/features/workspace/upload-transport";
import { defaultOptions } from "../../src/features/workspace/workspace-state";
import { mockApi } from "../account/helpers";
import { json } from "../api-answers";
import { renderPage } from "../render";

afterEach(() => vi.restoreAllMocks());

const working = { ok: true, detail: "" };
const health: Health = {
  status: "ok",
  database: working,
  queue: working,
  ffmpeg: working,
  engine: working,
  models: {
    ok: true,
    installed: ["base"],
    state: "ready",
    fast: { name: "base", family: "whisper", installed: true },
    accurate: { name: "small", family: "whisper", installed: true },
  },
  speakers: working,
};

const listing = (id: string, family: ModelListing["family"]): ModelListing => ({
  id,
  engineModel: id,
  family,
  languages: null,
  installed: true,
  description: "",
});

function Panel() {
  const [value, setValue] = useState<TranscribeOptions>(defaultOptions("en"));
  return (
    <>
      <OptionsPanel value={value} onChange={setValue} />
      <output data-testid="language">{value.language}</output>
      <output data-testid="fallback">{String(!!value.whisperFallback)}</output>
    </>
  );
}

function serverWith(models: ModelListing[], answer: Health = health) {
  mockApi({
    "GET /api/health": () => json(answer),
    "GET /api/models": () => json(models),
  });
}

/** Health while the first start is downloading SenseVoice (45 %). */
const cantoneseDownloading: Health = {
  ...health,
  status: "preparing",
  models: {
    ...health.models,
    downloads: [
      { name: "base", family: "whisper", installed: true },
      {
        name: "sensevoice-small",
        family: "sensevoice",
        installed: false,
        preparation: { state: "downloading", percent: 45 },
      },
    ],
  },
};

describe("the upload form's Cantonese choice", () => {
  it.each([
    ["zh-HK", "說話語言", ["auto", "yue", "zh", "en"], "廣東話（口語）"],
    ["en", "Spoken language", ["auto", "en", "yue", "zh"], "Cantonese (廣東話, written as spoken)"],
  ] as const)(
    "lists Cantonese near the top in %s, apart from written Chinese",
    async (language, label, first, cantonese) => {
      serverWith([listing("whisper-1", "whisper")]);
      await renderPage(<Panel />, { language });
      const select = screen.getByLabelText(label) as HTMLSelectElement;
      expect([...select.options].slice(0, 4).map((o) => o.value)).toEqual(first);
      expect(screen.getByRole("option", { name: cantonese })).toHaveValue("yue");
      // Listed once: not again among all the languages.
      expect([...select.options].filter((o) => o.value === "yue")).toHaveLength(1);
    },
  );

  it("says Cantonese is written as spoken when the server has a Cantonese model", async () => {
    serverWith([listing("whisper-1", "whisper"), listing("sensevoice-small", "sensevoice")]);
    await renderPage(<Panel />, { language: "zh-HK" });
    await userEvent.selectOptions(screen.getByLabelText("說話語言"), "yue");
    expect(screen.getByTestId("language").textContent).toBe("yue");
    await vi.waitFor(() =>
      expect(screen.getByLabelText("說話語言")).toHaveAccessibleDescription(
        /以繁體字按香港口語寫出/,
      ),
    );
  });

  it("offers Accurate for Cantonese when the Cantonese model runs it, though its Whisper is missing", async () => {
    serverWith([
      listing("whisper-1", "whisper"),
      { ...listing("gpt-4o-transcribe", "whisper"), installed: false },
      listing("sensevoice-small", "sensevoice"),
    ]);
    await renderPage(<Panel />);
    const accurate = await screen.findByRole("radio", { name: /Accurate/ });
    await vi.waitFor(() => expect(accurate).toBeDisabled());
    await userEvent.selectOptions(screen.getByLabelText("Spoken language"), "yue");
    expect(accurate).toBeEnabled();
    await userEvent.click(accurate);
    expect(accurate).toBeChecked();
    // Another language: Accurate cannot run here, so the choice goes back to Fast.
    await userEvent.selectOptions(screen.getByLabelText("Spoken language"), "en");
    await vi.waitFor(() => expect(screen.getByRole("radio", { name: /Fast/ })).toBeChecked());
  });

  it.each([
    [
      "en",
      "Spoken language",
      "Cantonese model downloading (45 %) — start now with Whisper, or wait.",
      /Start now with Whisper/,
    ],
    [
      "zh-HK",
      "說話語言",
      "廣東話模型下載中（45 %）— 可以立即改用 Whisper 開始，或者稍候。",
      /立即改用 Whisper 開始/,
    ],
  ] as const)(
    "in %s, says the Cantonese model is still downloading and lets the visitor start now with Whisper",
    async (language, label, notice, startNow) => {
      serverWith([listing("whisper-1", "whisper")], cantoneseDownloading);
      await renderPage(<Panel />, { language });
      await userEvent.selectOptions(screen.getByLabelText(label), "yue");
      expect(await screen.findByText(notice)).toBeInTheDocument();
      expect(screen.getByTestId("fallback").textContent).toBe("false");
      await userEvent.click(screen.getByRole("checkbox", { name: startNow }));
      expect(screen.getByTestId("fallback").textContent).toBe("true");
    },
  );

  it("warns when the server has none: the text comes out as written Chinese", async () => {
    serverWith([listing("whisper-1", "whisper")]);
    await renderPage(<Panel />);
    await userEvent.selectOptions(screen.getByLabelText("Spoken language"), "yue");
    expect(await screen.findByText(/no Cantonese model yet/)).toBeInTheDocument();
  });
});

describe("the upload form with no model installed yet", () => {
  it("leaves the choice on Fast without changing it again and again", async () => {
    serverWith([
      { ...listing("whisper-1", "whisper"), installed: false },
      { ...listing("gpt-4o-transcribe", "whisper"), installed: false },
    ]);
    const changes = vi.fn();
    function Counting() {
      const [value, setValue] = useState<TranscribeOptions>(defaultOptions("en"));
      return (
        <OptionsPanel
          value={value}
          onChange={(next) => {
            changes(next);
            setValue(next);
          }}
        />
      );
    }
    await renderPage(<Counting />);
    await screen.findByLabelText("Speakers", { exact: true });
    // Give a render loop the time to show itself (it would call onChange on every render).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(changes).not.toHaveBeenCalled();
    expect(screen.getByLabelText("Speakers", { exact: true })).toBeEnabled();
  });
});

import { formatSpeakersOption, type SpeakersOption } from "@verbatim/contract";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Health } from "../../src/api/types";
import { OptionsPanel } from "../../src/features/workspace/options-panel";
import { SpeakersChoice } from "../../src/features/workspace/speakers-choice";
import type { TranscribeOptions } from "../../src/features/workspace/upload-transport";
import { defaultOptions } from "../../src/features/workspace/workspace-state";
import { mockApi } from "../account/helpers";
import { json } from "../api-answers";
import { renderPage } from "../render";

afterEach(() => vi.restoreAllMocks());

/** The choice with its value kept, and the field it would send shown for the test to read. */
function Form() {
  const [value, setValue] = useState<SpeakersOption>({ kind: "off" });
  return (
    <>
      <SpeakersChoice value={value} onChange={setValue} />
      <output data-testid="field">{formatSpeakersOption(value)}</output>
    </>
  );
}

describe("the upload form's Speakers choice", () => {
  it("offers off, automatic, an exact number and a range, with help", async () => {
    await renderPage(<Form />);
    const field = () => screen.getByTestId("field").textContent;
    const speakers = screen.getByLabelText("Speakers");
    expect(speakers).toHaveAccessibleDescription(/takes longer/);
    expect(field()).toBe("off");
    await userEvent.selectOptions(speakers, "auto");
    expect(field()).toBe("auto");
    await userEvent.selectOptions(speakers, "exact");
    await userEvent.selectOptions(screen.getByLabelText("Number of speakers"), "3");
    expect(field()).toBe("3");
    await userEvent.selectOptions(speakers, "range");
    expect(field()).toBe("3-5");
    await userEvent.selectOptions(screen.getByLabelText("At least"), "6");
    expect(field()).toBe("6-6"); // the most follows the least up
    await userEvent.selectOptions(screen.getByLabelText("At most"), "9");
    expect(field()).toBe("6-9");
    // The most cannot go below the least.
    const most = screen.getByLabelText("At most") as HTMLSelectElement;
    expect([...most.options].map((o) => o.value)).toEqual(["6", "7", "8", "9", "10"]);
  });

  it("speaks Chinese", async () => {
    await renderPage(<Form />, { language: "zh-HK" });
    expect(screen.getByLabelText("講者")).toHaveAccessibleDescription(/需時較長/);
    expect(screen.getByRole("option", { name: "自動偵測" })).toBeInTheDocument();
  });
});

describe("the Speakers choice on a server without the speaker models", () => {
  const working = { ok: true, detail: "" };
  const health = (speakers: Health["speakers"]): Health => ({
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
    ...(speakers ? { speakers } : {}),
  });
  function Panel({ initial }: { initial: TranscribeOptions }) {
    const [value, setValue] = useState(initial);
    return (
      <>
        <OptionsPanel value={value} onChange={setValue} />
        <output data-testid="field">{formatSpeakersOption(value.speakers)}</output>
      </>
    );
  }
  const missing = { ok: false, detail: "Speaker labels need the diarization models …" };

  it.each([
    ["en", "Speakers", "Not available on this server: its speaker models are not installed."],
    ["zh-HK", "講者", "此伺服器未能使用：尚未安裝講者模型。"],
  ] as const)("is off and disabled, saying why (%s)", async (language, label, reason) => {
    mockApi({
      "GET /api/health": () => json(health(missing)),
      "GET /api/models": () => json([]),
    });
    const initial = { ...defaultOptions("en"), speakers: { kind: "auto" } as const };
    await renderPage(<Panel initial={initial} />, { language });
    const speakers = screen.getByLabelText(label);
    await vi.waitFor(() => expect(speakers).toBeDisabled());
    expect(speakers).toHaveAccessibleDescription(reason);
    expect(speakers).toHaveValue("off");
    expect(screen.getByTestId("field").textContent).toBe("off");
  });

  it("stays on offer when the server has them (or does not say)", async () => {
    const fetch = mockApi({
      "GET /api/health": () => json(health(undefined)),
      "GET /api/models": () => json([]),
    });
    await renderPage(<Panel initial={defaultOptions("en")} />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledWith("/api/health", expect.anything()));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByLabelText("Speakers")).toBeEnabled();
  });
});

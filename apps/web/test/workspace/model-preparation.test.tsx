import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ModelPreparingNotice,
  useModelPreparation,
} from "../../src/features/workspace/model-readiness";
import type { Health } from "../../src/api/types";
import { json } from "../api-answers";
import { renderPage } from "../render";

/** What the upload page shows for the server's model state. */
function Harness() {
  const model = useModelPreparation();
  return model.preparing ? <ModelPreparingNotice percent={model.percent} /> : <p>Model ready</p>;
}

type ConfiguredModel = Health["models"]["fast"];

/** The server's health while its models are being prepared; the rest of it works. */
const health = (fast: ConfiguredModel, accurate: ConfiguredModel): Health => {
  const working = { ok: true, detail: "" };
  return {
    status: "preparing",
    database: working,
    queue: working,
    ffmpeg: working,
    engine: working,
    models: { ok: false, installed: [], state: "preparing", fast, accurate },
  };
};

afterEach(() => vi.restoreAllMocks());

describe("the speech model on the upload page", () => {
  it("says it is being prepared, with the percentage, in the interface language", async () => {
    vi.spyOn(globalThis, "fetch").mockImplementation(() =>
      Promise.resolve(
        json(
          health(
            {
              name: "base",
              family: "whisper",
              installed: false,
              preparation: { state: "downloading", percent: 45 },
            },
            {
              name: "small",
              family: "whisper",
              installed: false,
              preparation: { state: "queued" },
            },
          ),
        ),
      ),
    );
    await renderPage(<Harness />, { language: "zh-HK" });
    expect(await screen.findByText("正在準備語音模型（45 %）")).toBeInTheDocument();
    expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "45");
  });

  it("lets the visitor start once the fast model is ready, while the accurate one still downloads", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockImplementation(() =>
      Promise.resolve(
        json(
          health(
            { name: "base", family: "whisper", installed: true },
            {
              name: "small",
              family: "whisper",
              installed: false,
              preparation: { state: "downloading", percent: 10 },
            },
          ),
        ),
      ),
    );
    await renderPage(<Harness />);
    await waitFor(() => expect(fetch).toHaveBeenCalledWith("/api/health", expect.anything()));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50))); // the answer is rendered
    expect(screen.getByText("Model ready")).toBeInTheDocument();
    expect(screen.queryByRole("status")).toBeNull();
  });
});

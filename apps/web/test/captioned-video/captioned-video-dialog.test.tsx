import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Render } from "../../src/api/types";
import { CaptionedVideoDialog } from "../../src/features/captioned-video/captioned-video-dialog";
import { mockApi } from "../account/helpers";
import { json } from "../api-answers";
import { installFakeXhr } from "../fake-xhr";
import { renderPage } from "../render";
import { signIn } from "../session";

// The editor's Captioned video dialog: over the user's own video when this browser has it (sent
// with the render, with progress), else over a waveform, saying why; in English and Chinese.

const CUES = [{ key: 1, start: "00:00:00,500", end: "00:00:03,000", text: "Hello there" }];

const queued: Render = {
  id: "r1",
  transcriptionId: "t1",
  status: "queued",
  progress: 0,
  options: { style: "standard", crop: "source" },
  picture: "video",
  width: null,
  height: null,
  sizeBytes: null,
  costSeconds: 1,
  error: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  finishedAt: null,
  expiresAt: null,
};

beforeEach(() => signIn("tok"));
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function dialog(video: { file: File; url: string } | null) {
  return (
    <CaptionedVideoDialog
      transcriptionId="t1"
      language="en"
      durationMs={4000}
      cues={CUES}
      speakers={null}
      playheadMs={null}
      video={video}
      onSave={() => Promise.resolve(true)}
    />
  );
}

describe("the Captioned video dialog", () => {
  it("renders over the user's video: says so, previews over it, sends it with the options", async () => {
    let listed: Render[] = [];
    mockApi({ "GET /api/transcriptions/t1/renders": () => json({ renders: listed }) });
    const sent = installFakeXhr(() => {
      listed = [queued];
      return { status: 202, body: queued };
    });
    const file = new File([new Uint8Array(2048)], "talk.mp4", { type: "video/mp4" });
    await renderPage(dialog({ file, url: "blob:talk" }));
    await userEvent.click(screen.getByRole("button", { name: "Captioned video" }));
    expect(screen.getByText(/The captions go on your own video/)).toBeTruthy();
    const video = screen.getByTestId("caption-preview-video");
    expect(video.getAttribute("src")).toBe("blob:talk");

    await userEvent.selectOptions(screen.getByLabelText("Style"), "karaoke");
    await userEvent.click(screen.getByRole("button", { name: "Render video" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url).toBe("/api/transcriptions/t1/renders/video");
    const form = sent[0]!.body as FormData;
    expect([...form.keys()]).toEqual(["options", "file"]); // the options before the bytes
    expect(JSON.parse(String(form.get("options")))).toMatchObject({ style: "karaoke" });
    expect((form.get("file") as File).size).toBe(2048);
    await screen.findByText(/Waiting to render/);
  });

  it("without the video on this device, says the render is over a waveform and why (zh-HK)", async () => {
    const posted: unknown[] = [];
    mockApi({
      "GET /api/transcriptions/t1/renders": () => json({ renders: [] }),
      "POST /api/transcriptions/t1/renders": (init) => {
        posted.push(JSON.parse(String(init?.body)));
        return json({ ...queued, picture: "waveform" }, 202);
      },
    });
    await renderPage(dialog(null), { language: "zh-HK" });
    await userEvent.click(screen.getByRole("button", { name: "附字幕影片" }));
    expect(screen.getByText(/這部裝置上沒有你的影片/)).toBeTruthy();
    expect(screen.queryByTestId("caption-preview-video")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "製作影片" }));
    await waitFor(() => expect(posted).toEqual([{ style: "standard", crop: "source" }]));
  });
});

import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../src/components/ui/toaster";
import { VoicesCard } from "../../src/features/voices/voices-card";
import { renderPage } from "../render";
import { mockApi } from "./helpers";
import type { Voice, VoiceList } from "../../src/api/types";
import { errorJson, json } from "../api-answers";

const ANN = {
  id: "v1",
  name: "Ann",
  createdAt: "2026-11-20T10:00:00.000Z",
  seconds: 14.6,
} satisfies Voice;

async function renderCard(language?: "zh-HK") {
  await renderPage(
    <>
      <VoicesCard />
      <Toaster />
    </>,
    language ? { language } : undefined,
  );
}

afterEach(() => vi.restoreAllMocks());

describe("saved voices in the account", () => {
  it("lists voices with date and length, and says how they are kept", async () => {
    mockApi({ "GET /api/voices": () => json({ voices: [ANN] } satisfies VoiceList) });
    await renderCard();
    const list = await screen.findByRole("list", { name: "Voices" });
    expect(within(list).getByText("Ann")).toBeInTheDocument();
    expect(within(list).getByText(/15 s/)).toBeInTheDocument();
    expect(screen.getByText(/voice fingerprint, only for your account/)).toBeInTheDocument();
  });

  it("renames a voice", async () => {
    const api = mockApi({
      "GET /api/voices": () => json({ voices: [ANN] } satisfies VoiceList),
      "PATCH /api/voices/v1": () => json({ ...ANN, name: "Ann Lee" } satisfies Voice),
    });
    await renderCard();
    await userEvent.click(await screen.findByRole("button", { name: "Rename the voice Ann" }));
    const field = screen.getByLabelText("New name for Ann");
    await userEvent.clear(field);
    await userEvent.type(field, "Ann Lee{Enter}");
    expect(await screen.findByText("Ann Lee")).toBeInTheDocument();
    const patch = api.mock.calls.find(([, init]) => init?.method === "PATCH");
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ name: "Ann Lee" });
  });

  it("deletes a voice only after confirming", async () => {
    const api = mockApi({
      "GET /api/voices": () => json({ voices: [ANN] } satisfies VoiceList),
      "DELETE /api/voices/v1": () => new Response(null, { status: 204 }),
    });
    await renderCard();
    await userEvent.click(await screen.findByRole("button", { name: "Delete the voice Ann" }));
    const dialog = screen.getByRole("dialog", { name: "Delete this voice?" });
    expect(api.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(false);
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Voice deleted")).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Voices" })).not.toBeInTheDocument();
  });

  it("adds a voice from a clip, as a multipart upload", async () => {
    let sent: FormData | null = null;
    mockApi({
      "GET /api/voices": () => json({ voices: [] } satisfies VoiceList),
      "POST /api/voices": (init) => {
        sent = init?.body as FormData;
        return json(
          { id: "v2", name: "Bea", createdAt: ANN.createdAt, seconds: 9 } satisfies Voice,
          201,
        );
      },
    });
    await renderCard();
    await screen.findByText(/No saved voices yet/);
    await userEvent.type(screen.getByLabelText("Voice name"), "Bea");
    const clip = new File([new Uint8Array(100)], "bea.wav", { type: "audio/wav" });
    await userEvent.upload(screen.getByLabelText(/A short clip/), clip);
    await userEvent.click(screen.getByRole("button", { name: "Add voice" }));
    expect(await screen.findByText("Voice Bea added")).toBeInTheDocument();
    expect(sent).toBeInstanceOf(FormData);
    expect(sent!.get("name")).toBe("Bea");
    expect((sent!.get("file") as File).name).toBe("bea.wav");
  });

  it("explains a refusal from the error catalogue, in Chinese too", async () => {
    mockApi({
      "GET /api/voices": () => json({ voices: [] } satisfies VoiceList),
      "POST /api/voices": () =>
        errorJson(400, { code: "NO_SPEECH", message: "no speech in the clip" }),
    });
    await renderCard("zh-HK");
    await screen.findByText(/暫時未有儲存的聲音/);
    await userEvent.type(screen.getByLabelText("聲音名稱"), "Bea");
    await userEvent.upload(
      screen.getByLabelText(/短片段/),
      new File([new Uint8Array(10)], "quiet.wav", { type: "audio/wav" }),
    );
    await userEvent.click(screen.getByRole("button", { name: "新增聲音" }));
    expect(await screen.findByText(/此片段中找不到說話聲/)).toBeInTheDocument();
  });
});

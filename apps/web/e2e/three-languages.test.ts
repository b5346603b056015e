// English, Cantonese and Mandarin in the browser, each routed to its model family: the server
// has stand-in models of every family (whisper.cpp's random-weight Whisper and Parakeet formats,
// a SenseVoice ONNX stand-in), and each job shows the family that ran it, in the editor and in
// the history, and downloads as subtitles (Cantonese in Hong Kong characters). Routing is
// checked, not accuracy: stand-in weights transcribe nothing real.
import { execFileSync } from "node:child_process";
import { copyFile, mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import { writeSenseVoiceStandIn } from "../../../packages/engine/test/helpers/sensevoice-stand-in.js";
import { ensureRandomParakeetModel } from "../../../packages/engine/test/support/random-parakeet-model.js";
import { fastEngineEnv } from "../../server/test/support/transcription-app.js";
import { withServerAndBrowser } from "./support/server-and-browser.js";
import { signedInContext } from "./support/signed-in.js";

/** A short clip of espeak-ng speech in `voice` (Debian's espeak-ng, as the diarization tests). */
function spoken(dir: string, name: string, voice: string, text: string): string {
  const path = join(dir, name);
  execFileSync("espeak-ng", ["-v", voice, "-s", "170", "-w", path, text]);
  return path;
}

const scratch = scratchDir("verbatim-e2e-languages-");
// Registered first, so run last: the scratch folder goes after the server.
afterAll(() => scratch.cleanup());
const e2e = withServerAndBrowser(
  async () => {
    const models = join(scratch.dir, "models");
    await mkdir(models, { recursive: true });
    await copyFile(
      await ensureRandomParakeetModel("test", models),
      join(models, "parakeet-tdt-0.6b-v3-f16.bin"),
    );
    const senseVoice = join(models, "sherpa-onnx-sense-voice-zh-en-ja-ko-yue-2024-07-17");
    await mkdir(senseVoice, { recursive: true });
    await writeSenseVoiceStandIn(senseVoice);
    return { env: { ...(await fastEngineEnv()), MODELS_DIR: models, WORKER_CONCURRENCY: "1" } };
  },
  { timeoutMs: 120_000 },
);

describe("three languages, three model families, in the browser", () => {
  it(
    "runs English on Parakeet (Fast), Cantonese on SenseVoice, Mandarin on Whisper, and says so",
    { timeout: 180_000 },
    async () => {
      const clips = [
        {
          file: spoken(scratch.dir, "english.wav", "en-us", "Good morning, this is a short test."),
          language: "en",
          shown: "Transcribed by Parakeet (parakeet-tdt-0.6b-v3)",
          family: "parakeet",
        },
        {
          file: spoken(scratch.dir, "cantonese.wav", "yue", "早晨，我哋今日去飲茶。"),
          language: "yue",
          shown: "Transcribed by SenseVoice (sensevoice-small)",
          family: "sensevoice",
        },
        {
          file: spoken(scratch.dir, "mandarin.wav", "cmn", "早上好，我们今天去喝茶。"),
          language: "zh",
          shown: "Transcribed by Whisper (ggml-random-mini-f16.bin)",
          family: "whisper",
        },
      ] as const;
      const { context } = await signedInContext(e2e.browser, e2e.server);
      const page = await context.newPage();
      for (const clip of clips) {
        await page.goto(`${e2e.server.base}/`);
        await page.setInputFiles('input[type="file"]', clip.file);
        // Fast is the default choice; the language is the user's.
        await page.getByLabel("Spoken language").selectOption(clip.language);
        await page.getByRole("button", { name: "Start transcription" }).click();
        await page.waitForURL(/\?job=/, { timeout: 60_000 });
        await page.getByText(clip.shown).waitFor({ timeout: 60_000 });
        // On to the downloads: the subtitles as that family's words made them.
        await page.getByRole("button", { name: "Continue" }).click();
        const download = page.waitForEvent("download");
        await page.getByRole("button", { name: "Download SRT subtitles" }).click();
        const file = await download;
        const name = clip.file.split("/").at(-1) ?? "";
        expect(file.suggestedFilename()).toBe(name.replace(/\.wav$/, ".srt"));
        const srt = await readFile((await file.path()) ?? "", "utf8");
        expect(srt).toMatch(/^1\n\d{2}:\d{2}:\d{2},\d{3} --> \d{2}:\d{2}:\d{2},\d{3}\n\S/);
        // SenseVoice writes Simplified characters; Cantonese is downloaded as Hong Kong writes it.
        if (clip.family === "sensevoice") expect(srt).not.toMatch(/[系讲们]/u);
      }
      const jobs = await e2e.server.db
        .selectFrom("transcriptions")
        .select(["file_name", "model", "model_family", "status"])
        .orderBy("created_at")
        .execute();
      expect(jobs).toEqual(
        clips.map((clip) => ({
          file_name: clip.file.split("/").at(-1),
          model: "whisper-1",
          model_family: clip.family,
          status: "completed",
        })),
      );
      // The history says the same, at phone size too (the cards).
      await page.goto(`${e2e.server.base}/history`);
      const table = page.getByRole("table");
      for (const clip of clips) await table.getByText(clip.shown).waitFor();
      await page.setViewportSize({ width: 390, height: 844 });
      const cards = page.getByRole("list", { name: "History" });
      for (const clip of clips) await cards.getByText(clip.shown).waitFor();
      await context.close();
    },
  );
});

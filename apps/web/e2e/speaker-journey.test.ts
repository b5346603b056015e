import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { formatTimecode, parseTimecode } from "@verbatim/subtitles";
import { afterAll, describe, expect, it } from "vitest";
import type { Download, Page } from "playwright-core";
import { ensureDiarizationModels } from "../../../packages/engine/test/helpers/diarization-models.js";
import { ffmpeg, scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import { twoVoiceRecording } from "../../../packages/engine/test/helpers/two-voices.js";
import { fastEngineEnv } from "../../server/test/support/transcription-app.js";
import { withServerAndBrowser } from "./support/server-and-browser.js";
import { signedInContext } from "./support/signed-in.js";

// Issue 20's "done when": a two-voice recording goes through upload → diarized transcription →
// editor (rename a speaker, change a cue's speaker, undo) → reload → download in every format,
// each carrying the names. The diarization models are the engine's stand-ins (they tell the two
// synthetic voices apart by where their energy lies): this checks the whole path, not accuracy
// with real models, which is not measured here. The Whisper model has random weights, so the
// words are nonsense; only who speaks when is checked.

/** A <select> as the page has it (the e2e tests are type-checked without the DOM library). */
type SelectMenu = { value: string; selectedOptions: ArrayLike<{ text: string }> };

/** The speaker menus of the cue rows, in order, with the id each shows. */
async function rowSpeakers(page: Page): Promise<string[]> {
  return page
    .getByRole("combobox", { name: /^Speaker of subtitle \d+$/ })
    .evaluateAll((menus) => menus.map((menu) => (menu as unknown as SelectMenu).value));
}

/** Uploads the two-voice recording with Speakers: Detect automatically; the job's id once the editor is open. */
async function transcribeTwoVoices(page: Page, base: string, file: string): Promise<string> {
  await page.goto(`${base}/`);
  await page.setInputFiles('input[type="file"]', file);
  await page.getByLabel("Speakers", { exact: true }).selectOption("auto");
  await page.getByRole("button", { name: "Start transcription" }).click();
  await page.waitForURL(/\?job=/, { timeout: 120_000 });
  await page.getByRole("textbox", { name: "Text of subtitle 1" }).waitFor({ timeout: 180_000 });
  const id = new URL(page.url()).searchParams.get("job");
  if (!id) throw new Error(`no job in ${page.url()}`);
  return id;
}

async function saved(download: Promise<Download>): Promise<string> {
  const file = await download;
  return readFile((await file.path()) ?? "", "utf8");
}

describe("speakers from upload to download, in a browser", () => {
  const scratch = scratchDir("verbatim-e2e-speakers-");
  afterAll(() => scratch.cleanup());
  const e2e = withServerAndBrowser(async () => ({
    env: {
      ...(await fastEngineEnv()),
      // The models folder holds the diarization models (Whisper's is named by FAST_MODEL).
      MODELS_DIR: await ensureDiarizationModels(),
      WORKER_CONCURRENCY: "1",
    },
  }));

  it(
    "diarizes a two-voice recording; rename, change, undo and reload keep speakers; every download names them",
    { timeout: 240_000 },
    async () => {
      const recording = await twoVoiceRecording(scratch.dir);
      const { context } = await signedInContext(e2e.browser, e2e.server, {
        width: 1366,
        height: 850,
      });
      const page = await context.newPage();
      const id = await transcribeTwoVoices(page, e2e.server.base, recording.path);
      // The form sent the choice: the job was asked to diarize.
      const job = await e2e.server.db
        .selectFrom("transcriptions")
        .select("options_json")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(job.options_json)).toMatchObject({ speakers: { kind: "auto" } });

      // Two voices, two speakers, each with speech of their own. (Which cues each has depends on
      // where the random-weight model puts its nonsense cues; the engine's tests check words.)
      const stored = await e2e.server.db
        .selectFrom("transcriptions")
        .select("speakers_json")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      const found = JSON.parse(stored.speakers_json ?? "[]") as { id: string; speechMs: number }[];
      expect(found.map((speaker) => speaker.id)).toEqual(["S1", "S2"]);
      for (const speaker of found) expect(speaker.speechMs).toBeGreaterThan(3000);
      const panel = page.getByRole("region", { name: "Speakers" });
      await panel.getByRole("textbox", { name: "Name of Speaker 2" }).waitFor();
      expect(await panel.getByRole("textbox", { name: /^Name of / }).count()).toBe(2);
      const before = await rowSpeakers(page);
      expect(before.length).toBeGreaterThan(1);
      for (const speaker of before) expect(["S1", "S2"]).toContain(speaker);

      // Rename both speakers: their cues show the names.
      await panel.getByRole("textbox", { name: "Name of Speaker 1" }).fill("Ann");
      await page.keyboard.press("Enter");
      await panel.getByRole("textbox", { name: "Name of Speaker 2" }).fill("Ben");
      await page.keyboard.press("Enter");
      const firstMenu = page.getByRole("combobox", { name: "Speaker of subtitle 1" });
      await expect
        .poll(() =>
          firstMenu.evaluate((menu) => (menu as unknown as SelectMenu).selectedOptions[0]?.text),
        )
        .toBe(before[0] === "S1" ? "Ann" : "Ben");

      // Change the first cue's speaker, then undo it: it goes back.
      const other = before[0] === "S1" ? "S2" : "S1";
      await firstMenu.selectOption(other);
      expect((await rowSpeakers(page))[0]).toBe(other);
      await page.getByRole("button", { name: "Undo" }).click();
      expect(await rowSpeakers(page)).toEqual(before);
      // The last cue goes to the speaker the first one does not have, and stays there: both
      // speakers now have cues, so every download must name both.
      const last = before.length;
      await page.getByRole("combobox", { name: `Speaker of subtitle ${last}` }).selectOption(other);
      const after = [...before.slice(0, -1), other];
      expect(await rowSpeakers(page)).toEqual(after);
      expect(new Set(after)).toEqual(new Set(["S1", "S2"]));
      await page.getByRole("button", { name: "Save changes" }).click();
      await page.getByText("Changes saved").first().waitFor();

      // A reload opens what was saved: the names, the changed cue, not the undone change.
      await page.reload();
      await page.getByRole("textbox", { name: "Text of subtitle 1" }).waitFor();
      expect(await rowSpeakers(page)).toEqual(after);
      await expect(
        panel.getByRole("textbox", { name: "Name of Speaker 1" }).inputValue(),
      ).resolves.toBe("Ann");
      await expect(
        panel.getByRole("textbox", { name: "Name of Speaker 2" }).inputValue(),
      ).resolves.toBe("Ben");

      // Every format carries the names.
      await page.getByRole("button", { name: "Continue" }).click();
      const download = (format: string) => {
        const file = page.waitForEvent("download");
        return page
          .getByRole("button", { name: `Download ${format}` })
          .click()
          .then(() => saved(file));
      };
      const srt = await download("SRT subtitles");
      expect(srt).toMatch(/^\d+\n\d{2}:\d{2}:\d{2},\d{3} --> .*\nAnn: /m);
      expect(srt).toMatch(/\nBen: /);
      const vtt = await download("WebVTT subtitles");
      expect(vtt).toMatch(/^WEBVTT/);
      expect(vtt).toContain("<v Ann>");
      expect(vtt).toContain("<v Ben>");
      const txt = await download("Plain text");
      expect(txt).toMatch(/^(Ann|Ben):\n/);
      expect(txt).toContain("Ann:\n");
      expect(txt).toContain("Ben:\n");
      const json = JSON.parse(await download("JSON with word timings")) as {
        speakers?: { id: string; name: string | null }[];
        cues?: { speaker?: string }[];
      };
      expect(json.speakers?.map(({ id, name }) => ({ id, name }))).toEqual([
        { id: "S1", name: "Ann" },
        { id: "S2", name: "Ben" },
      ]);
      expect(json.cues?.map((cue) => cue.speaker)).toEqual(after);

      await context.close();
    },
  );

  it(
    "saves a speaker's voice from the editor and another from a clip; the account lists both",
    { timeout: 240_000 },
    async () => {
      const recording = await twoVoiceRecording(scratch.dir);
      const { context } = await signedInContext(e2e.browser, e2e.server, {
        width: 1366,
        height: 850,
      });
      const page = await context.newPage();
      await transcribeTwoVoices(page, e2e.server.base, recording.path);
      const panel = page.getByRole("region", { name: "Speakers" });
      const speaker = (await rowSpeakers(page))[0] ?? "";
      await panel
        .getByRole("textbox", { name: `Name of Speaker ${speaker.replace(/^S/, "")}` })
        .fill("Ann");
      await page.keyboard.press("Enter");
      // The voice is cut from the speaker's subtitles, and the random-weight model writes short
      // ones: the first subtitle is given the turn it lies in (up to the next subtitle), as a
      // user fixing its times would, and saved.
      const time = (name: string) => page.getByRole("textbox", { name });
      const firstStart = parseTimecode(await time("Start time of subtitle 1").inputValue()) ?? -1;
      const nextStart = parseTimecode(await time("Start time of subtitle 2").inputValue()) ?? -1;
      const turn = recording.turns.find((t) => t.start <= firstStart && firstStart < t.end);
      if (!turn) throw new Error(`no turn holds the first subtitle (${firstStart} ms)`);
      await time("Start time of subtitle 1").fill(formatTimecode(turn.start));
      await time("End time of subtitle 1").fill(
        formatTimecode(Math.min(turn.end, nextStart - 100)),
      );
      await page.getByRole("button", { name: "Save changes" }).click();
      await page.getByText("Changes saved").first().waitFor();
      await page.getByRole("button", { name: "Save the voice of Ann" }).click();
      await page
        .getByText(/^Voice saved as Ann/)
        .first()
        .waitFor({ timeout: 60_000 });
      await page.goto(`${e2e.server.base}/account`);
      const voices = page.getByRole("list", { name: "Voices" });
      await voices.getByText("Ann", { exact: true }).waitFor();

      // And one added in the account from a clip: the other voice's first turn, cut out.
      const turnB = recording.turns.find((t) => t.speaker === "B");
      if (!turnB) throw new Error("the recording has no turn of voice B");
      const clip = join(scratch.dir, "ben.wav");
      ffmpeg(
        ...["-i", recording.path, "-ss", String(turnB.start / 1000)],
        ...["-to", String(turnB.end / 1000), clip],
      );
      const card = page.getByRole("region", { name: "Voices" });
      await card.getByLabel("Voice name", { exact: true }).fill("Ben");
      await card.getByLabel(/^A short clip/).setInputFiles(clip);
      await card.getByRole("button", { name: "Add voice" }).click();
      await page.getByText("Voice Ben added").first().waitFor({ timeout: 60_000 });
      await voices.getByText("Ben", { exact: true }).waitFor();
      await context.close();
    },
  );
});

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { AxeResults } from "axe-core";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { voiceNameKey } from "../../server/src/voices/repo.js";
import { finishedTranscription } from "../../server/test/support/finished-transcription.js";
import { seriousViolations } from "./support/browser.js";
import { ensureDiarizationModels } from "../../../packages/engine/test/helpers/diarization-models.js";
import { withServerAndBrowser } from "./support/server-and-browser.js";
import { signedInContext } from "./support/signed-in.js";

// The editor of a diarized transcription in the real app and server (no engine: the
// transcription is stored as the engine leaves one): the speaker column and panel pass axe's
// colour-contrast and accessibility checks at desktop and phone size in both languages, a
// rename and a cue's new speaker are saved and come back after a reload (also when made offline:
// kept on the device with their undo history, saved on the next open), and the plain view
// shows who speaks. SCREENSHOT_DIR, when set, keeps a screenshot of each size and language.

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);
const SIZES = { desktop: { width: 1366, height: 850 }, phone: { width: 390, height: 844 } };

const SPEAKERS = [
  { id: "S1", name: "Ann", speechMs: 9000 },
  { id: "S2", name: null, speechMs: 6000 },
  { id: "S3", name: null, speechMs: 3000 },
];
const LINES: Array<[string, string]> = [
  ["S1", "Good morning everyone, thank you for joining the weekly planning meeting."],
  ["S2", "Thanks for having me. I have a short update about the new design."],
  ["S1", "Please go ahead and tell us what changed since last week."],
  ["S2", "We moved the settings page and made the buttons larger."],
  ["S3", "Will that be in the next release?"],
  ["S1", "Yes, let us talk about the date after the break."],
];
const CUES = LINES.map(([speaker, text], i) => ({
  start: 1000 + i * 3000,
  end: 3500 + i * 3000,
  text,
  speaker,
}));

async function contrastFailures(page: Page): Promise<string[]> {
  const results = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run(options: object): Promise<AxeResults> } })
      .axe;
    return axe.run({ runOnly: { type: "rule", values: ["color-contrast"] } });
  });
  return results.violations.flatMap((rule) =>
    rule.nodes.map((node) => `${node.target.join(" ")}: ${node.failureSummary ?? ""}`),
  );
}

/** A <select> as the page has it (the e2e tests are type-checked without the DOM library). */
type SelectMenu = { value: string; selectedOptions: ArrayLike<{ text: string }> };

/** The id each cue row's speaker menu shows, in order. */
function rowSpeakers(page: Page): Promise<string[]> {
  return page
    .getByRole("combobox", { name: /^(Speaker of subtitle \d+|第 \d+ 句字幕的講者)$/ })
    .evaluateAll((menus) => menus.map((menu) => (menu as unknown as SelectMenu).value));
}

describe("the editor of a diarized transcription, in a browser", () => {
  // The stand-in speaker models: the upload form offers Speakers only when the server has them.
  const e2e = withServerAndBrowser(async () => ({
    env: { MODELS_DIR: await ensureDiarizationModels() },
  }));

  it.each([
    ["en", "desktop"],
    ["en", "phone"],
    ["zh-HK", "desktop"],
    ["zh-HK", "phone"],
  ] as const)(
    "shows speakers accessibly in %s at %s size",
    { timeout: 120_000 },
    async (language, size) => {
      const { context, userId } = await signedInContext(e2e.browser, e2e.server, {
        language,
        ...SIZES[size],
      });
      await context.addInitScript({ content: AXE_SOURCE });
      const id = await finishedTranscription(e2e.server.db, userId, CUES, "meeting.mp3", SPEAKERS);
      const page = await context.newPage();
      await page.goto(`${e2e.server.base}/?job=${id}`);
      const unnamed = language === "en" ? "Speaker 2" : "講者 2";
      const panel = page.getByRole("region", { name: language === "en" ? "Speakers" : "講者" });
      await panel.waitFor();
      expect(await rowSpeakers(page)).toEqual(LINES.map(([speaker]) => speaker));
      const second = page.getByRole("combobox", {
        name: language === "en" ? "Speaker of subtitle 2" : "第 2 句字幕的講者",
      });
      await expect(
        second.evaluate((menu) => (menu as unknown as SelectMenu).selectedOptions[0]?.text),
      ).resolves.toBe(unnamed);
      await page.waitForLoadState("networkidle");
      expect(await contrastFailures(page)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
      if (process.env.SCREENSHOT_DIR) {
        await page.screenshot({
          path: join(process.env.SCREENSHOT_DIR, `editor-speakers-${language}-${size}.png`),
          fullPage: true,
        });
      }
      await context.close();
    },
  );

  it("saves a rename and a cue's new speaker, keeps them after a reload, and shows them in the plain view", async () => {
    const { context, userId } = await signedInContext(e2e.browser, e2e.server);
    const id = await finishedTranscription(e2e.server.db, userId, CUES, "meeting.mp3", SPEAKERS);
    const page = await context.newPage();
    await page.goto(`${e2e.server.base}/?job=${id}`);
    const name = page.getByRole("textbox", { name: "Name of Speaker 2" });
    await name.fill("Ben");
    await name.press("Enter");
    await page.getByRole("combobox", { name: "Speaker of subtitle 5" }).selectOption("S2");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Changes saved").first().waitFor();
    await page.reload();
    await page.getByRole("textbox", { name: "Text of subtitle 1" }).waitFor();
    expect(await rowSpeakers(page)).toEqual(["S1", "S2", "S1", "S2", "S2", "S1"]);
    await expect(name.inputValue()).resolves.toBe("Ben");
    await page.getByRole("button", { name: "Plain" }).click();
    const plain = await page.getByRole("textbox", { name: "Subtitle text" }).inputValue();
    expect(plain).toMatch(/^Ann:\nGood morning/);
    expect(plain).toContain(
      "\n\nBen:\nWe moved the settings page and made the buttons larger.\n\n",
    );
    await context.close();
  });

  it("keeps speaker changes made offline on the device, saves them on the next open, and undo still reaches them", async () => {
    const { context, userId } = await signedInContext(e2e.browser, e2e.server);
    const id = await finishedTranscription(e2e.server.db, userId, CUES, "meeting.mp3", SPEAKERS);
    const page = await context.newPage();
    page.on("dialog", (dialog) => void dialog.accept());
    await page.goto(`${e2e.server.base}/?job=${id}`);
    await page.getByRole("textbox", { name: "Text of subtitle 1" }).waitFor();
    const stored = async () => {
      const row = await e2e.server.db
        .selectFrom("transcriptions")
        .select(["cues_json", "speakers_json"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      return {
        cues: (JSON.parse(row.cues_json ?? "[]") as { speaker?: string }[]).map((c) => c.speaker),
        names: (JSON.parse(row.speakers_json ?? "[]") as { name: string | null }[]).map(
          (s) => s.name,
        ),
      };
    };
    await context.setOffline(true);
    const name = page.getByRole("textbox", { name: "Name of Speaker 2" });
    await name.fill("Ben");
    await name.press("Enter");
    await page.getByRole("combobox", { name: "Speaker of subtitle 5" }).selectOption("S1");
    await page.getByText("Offline: changes kept on this device").waitFor();
    await page.close(); // closed while still offline
    await context.setOffline(false);
    expect(await stored()).toEqual({
      cues: ["S1", "S2", "S1", "S2", "S3", "S1"],
      names: ["Ann", null, null],
    });

    const again = await context.newPage();
    await again.goto(`${e2e.server.base}/?job=${id}`);
    await again.getByRole("textbox", { name: "Text of subtitle 1" }).waitFor();
    expect(await rowSpeakers(again)).toEqual(["S1", "S2", "S1", "S2", "S1", "S1"]);
    await expect(
      again.getByRole("textbox", { name: "Name of Speaker 2" }).inputValue(),
    ).resolves.toBe("Ben");
    await again.getByText("All changes saved").waitFor();
    await expect
      .poll(stored)
      .toEqual({ cues: ["S1", "S2", "S1", "S2", "S1", "S1"], names: ["Ann", "Ben", null] });
    // The undo history came back with the draft: the cue's speaker change, then the rename.
    await again.getByRole("button", { name: "Undo" }).click();
    expect((await rowSpeakers(again))[4]).toBe("S3");
    await again.getByRole("button", { name: "Undo" }).click();
    // The name field shows the undone rename once the panel has re-rendered.
    await expect
      .poll(() => again.getByRole("textbox", { name: "Name of Speaker 2" }).inputValue())
      .toBe("");
    await context.close();
  });

  it.each([
    ["en", "desktop"],
    ["zh-HK", "phone"],
  ] as const)(
    "shows the upload form's Speakers choice and the account's Voices accessibly in %s at %s size",
    { timeout: 120_000 },
    async (language, size) => {
      const { context, userId } = await signedInContext(e2e.browser, e2e.server, {
        language,
        ...SIZES[size],
      });
      await context.addInitScript({ content: AXE_SOURCE });
      for (const [i, name] of ["Ann", "陳大文"].entries()) {
        await e2e.server.db
          .insertInto("voices")
          .values({
            id: crypto.randomUUID(),
            user_id: userId,
            name,
            name_key: voiceNameKey(name),
            embedding_json: "[0.1,0.2]",
            model: "stand-in",
            duration_ms: 12_400 + i * 5000,
            created_at: new Date(Date.UTC(2026, 10, 20 + i)).toISOString(),
          })
          .execute();
      }
      const page = await context.newPage();
      await page.goto(`${e2e.server.base}/`);
      const speakers = page.getByLabel(language === "en" ? "Speakers" : "講者", { exact: true });
      await speakers.selectOption("range");
      await page.waitForLoadState("networkidle");
      expect(await contrastFailures(page)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
      const shots = process.env.SCREENSHOT_DIR;
      if (shots) {
        await page.screenshot({
          path: join(shots, `upload-speakers-${language}-${size}.png`),
          fullPage: true,
        });
      }
      await page.goto(`${e2e.server.base}/account`);
      const voices = page.getByRole("list", { name: language === "en" ? "Voices" : "聲音" });
      await voices.getByText("陳大文").waitFor();
      await page.waitForLoadState("networkidle");
      expect(await contrastFailures(page)).toEqual([]);
      expect(await seriousViolations(page)).toEqual([]);
      if (shots) {
        await page
          .getByRole("region", { name: language === "en" ? "Voices" : "聲音" })
          .screenshot({ path: join(shots, `voices-${language}-${size}.png`) });
      }
      await context.close();
    },
  );
});

// `--model fast|accurate|cantonese` in the CLI: the model is chosen from what the models folder
// holds, by the server's routing table, with the language detected first when it could decide.
// Random-weight models (Whisper tiny as `my-base`, named in the routing table as Fast's and
// Accurate's Whisper: a random file is invalid under a published name; whisper.cpp's Parakeet
// test shape; a SenseVoice stand-in): detection finds an arbitrary language, so the "auto" case checks that the route
// follows what was detected, whatever it was.
import { symlink } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { chooseModel } from "../src/cli/model-choice.js";
import { DEFAULT_ROUTING } from "../src/models/route-model.js";
import { PARAKEET_V3_LANGUAGES } from "../src/models/recogniser-registry.js";
import { writeSenseVoiceStandIn } from "./helpers/sensevoice-stand-in.js";
import { JFK_MP3, scratchDir } from "./helpers/media-files.js";
import { runCli } from "./helpers/run-cli.js";
import { ensurePlumbingModel } from "./support/random-model.js";
import { ensureRandomParakeetModel } from "./support/random-parakeet-model.js";

const scratch = scratchDir("verbatim-model-choice-");
/** Whisper `my-base` alone. */
const whisperOnly = join(scratch.dir, "whisper-only");
/** `my-base`, Parakeet v3 and SenseVoice-small. */
const allFamilies = join(scratch.dir, "all-families");

beforeAll(async () => {
  const whisper = await ensurePlumbingModel();
  const parakeet = await ensureRandomParakeetModel("test");
  for (const dir of [whisperOnly, allFamilies]) {
    await writeSenseVoiceStandIn(join(dir, ".made")); // makes the folder
    await symlink(whisper, join(dir, "ggml-my-base.bin"));
  }
  await symlink(parakeet, join(allFamilies, "parakeet-tdt-0.6b-v3-f16.bin"));
  await writeSenseVoiceStandIn(
    join(allFamilies, "sherpa-onnx-sense-voice-zh-en-ja-ko-yue-2024-07-17"),
  );
}, 120_000);
afterAll(() => scratch.cleanup());

const choose = (
  mode: "fast" | "accurate" | "cantonese",
  modelsDir: string,
  language: string,
  task: "transcribe" | "translate" = "transcribe",
) =>
  chooseModel(mode, {
    input: JFK_MP3,
    modelsDir,
    language,
    task,
    threads: 1,
    table: { ...DEFAULT_ROUTING, fastWhisper: "my-base", accurate: ["large-v3-turbo", "my-base"] },
  });

describe("chooseModel", () => {
  it("routes a given language without detecting it", async () => {
    await expect(choose("fast", allFamilies, "en")).resolves.toEqual({
      model: "parakeet-tdt-0.6b-v3",
      language: "en",
      detected: null,
    });
    // Chinese never reaches Parakeet; Cantonese goes to SenseVoice, on any choice.
    await expect(choose("fast", allFamilies, "zh")).resolves.toMatchObject({ model: "my-base" });
    await expect(choose("accurate", allFamilies, "yue")).resolves.toEqual({
      model: "sensevoice-small",
      language: "yue",
      detected: null,
    });
    await expect(choose("cantonese", allFamilies, "auto")).resolves.toEqual({
      model: "sensevoice-small",
      language: "yue",
      detected: null,
    });
    // Accurate is Whisper's: the first installed of its list.
    await expect(choose("accurate", allFamilies, "en")).resolves.toMatchObject({
      model: "my-base",
    });
    // A translation is Whisper's, whatever else is installed.
    await expect(choose("fast", allFamilies, "en", "translate")).resolves.toMatchObject({
      model: "my-base",
    });
  });

  it("detects nothing when only Whisper could run, and leaves it to decide per chunk", async () => {
    await expect(choose("fast", whisperOnly, "auto")).resolves.toEqual({
      model: "my-base",
      language: "auto",
      detected: null,
    });
    await expect(choose("cantonese", whisperOnly, "auto")).resolves.toEqual({
      model: "my-base",
      language: "yue",
      detected: null,
    });
  });

  it("with auto, detects the language on Whisper and routes by what it found", async () => {
    const chosen = await choose("fast", allFamilies, "auto");
    expect(chosen.detected).toMatch(/^[a-z]{2,3}$/);
    const detected = chosen.detected!;
    if (detected === "yue") {
      expect(chosen).toEqual({ model: "sensevoice-small", language: "yue", detected });
    } else if (detected === "zh") {
      expect(chosen).toEqual({ model: "sensevoice-small", language: "zh", detected });
    } else if ((PARAKEET_V3_LANGUAGES as readonly string[]).includes(detected)) {
      expect(chosen).toEqual({ model: "parakeet-tdt-0.6b-v3", language: detected, detected });
    } else {
      expect(chosen).toEqual({ model: "my-base", language: "auto", detected });
    }
  }, 60_000);
});

describe("verbatim transcribe --model", () => {
  it("runs fast by default, on the model the folder holds for the language", async () => {
    // Parakeet alone: English can only succeed on it, and Chinese asks for Whisper base.
    const parakeetOnly = join(scratch.dir, "parakeet-only");
    await writeSenseVoiceStandIn(join(parakeetOnly, ".made"));
    await symlink(
      await ensureRandomParakeetModel("test"),
      join(parakeetOnly, "parakeet-tdt-0.6b-v3-f16.bin"),
    );
    const english = runCli(["transcribe", JFK_MP3, "--models-dir", parakeetOnly, "-l", "en"]);
    expect(english.stderr).toBe("");
    expect(english.status).toBe(0);
    expect(english.stdout).toMatch(/^1\n00:00:/);
    const chinese = runCli(["transcribe", JFK_MP3, "--models-dir", parakeetOnly, "-l", "zh"]);
    expect(chinese.status).not.toBe(0);
    expect(chinese.stderr).toMatch(/base/);
  }, 120_000);
});

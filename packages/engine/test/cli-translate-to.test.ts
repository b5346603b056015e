import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { startScriptedChatServer, type RecordedRequest } from "@verbatim/llm/testing";
import { readSrt } from "@verbatim/subtitles";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ffmpeg, JFK_MP3, scratchDir } from "./helpers/media-files.js";
import { runCli } from "./helpers/run-cli.js";
import { ensurePlumbingModel } from "./support/random-model.js";

// `verbatim transcribe --translate-to` with several languages: one bilingual output per
// language, each translated by the layer's OpenAI-compatible client against a scripted
// endpoint (the random-weight speech model's words are whatever they are: what is tested is
// where each language's translation goes).

const BIN = resolve(import.meta.dirname, "../bin/verbatim.js");
const scratch = scratchDir("verbatim-cli-translate-to-");
const at = (name: string) => join(scratch.dir, name);
let model: string;

beforeAll(async () => {
  model = await ensurePlumbingModel();
  ffmpeg("-i", JFK_MP3, "-t", "4", at("talk.mp3"));
}, 300_000);
afterAll(() => scratch.cleanup());

/** The target language and cue ids of a translation request (the layer's data block). */
function asked(request: RecordedRequest): { language: string; ids: number[] } {
  const messages = request.body?.messages as { role: string; content: string }[];
  const data = JSON.parse(messages[1]!.content.split("\n")[1]!) as {
    target_language: string;
    groups?: { cues: { id: number }[] }[];
    cues?: { id: number }[];
  };
  const ids = data.groups
    ? data.groups.flatMap((group) => group.cues.map((cue) => cue.id))
    : (data.cues ?? []).map((cue) => cue.id);
  return { language: data.target_language, ids };
}

/** Runs the built CLI without blocking this process (the scripted endpoint answers meanwhile). */
function runAsync(args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ status: number | null; stderr: string }>((done, failed) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ...env } });
    let stderr = "";
    child.on("error", failed);
    child.stderr.on("data", (piece: Buffer) => (stderr += piece.toString()));
    child.stdout.resume();
    child.on("close", (status) => done({ status, stderr }));
  });
}

describe("verbatim transcribe --translate-to with several languages", () => {
  it("writes one bilingual output per language, from commas and a repeated option", async () => {
    const chat = await startScriptedChatServer((request) => {
      const { language, ids } = asked(request);
      const cues = ids.map((id) => ({ id, text: `[${language}] ${id}` }));
      return { kind: "answer", content: JSON.stringify({ cues }) };
    });
    try {
      const run = await runAsync(
        [
          "transcribe",
          at("talk.mp3"),
          "--model",
          model,
          "--translate-to",
          "fr,JA",
          "--translate-to",
          "fr",
          "-d",
          at("out"),
        ],
        { LLM_BASE_URL: chat.url, LLM_MODEL: "scripted", LLM_CONTEXT_SIZE: "16384" },
      );
      expect(run.status, run.stderr).toBe(0);
      // Each language once (fr named twice), in canonical case, its own file.
      expect(existsSync(at("out/talk.srt"))).toBe(false);
      for (const language of ["fr", "ja"]) {
        const cues = readSrt(readFileSync(at(`out/talk.${language}.srt`), "utf8"));
        expect(cues.length).toBeGreaterThan(0);
        // Each cue's translation under its original, in that file's language only.
        expect(cues.every((cue) => cue.text.split("\n").at(-1)!.startsWith(`[${language}]`))).toBe(
          true,
        );
      }
      const languages = new Set(chat.requests.map((request) => asked(request).language));
      expect([...languages].sort()).toEqual(["fr", "ja"]);
    } finally {
      await chat.close();
    }
  }, 180_000);

  it("refuses a fourth language, or a code that is none, before any work", () => {
    const four = runCli([
      "transcribe",
      at("talk.mp3"),
      "--model",
      model,
      "--translate-to",
      "fr,ja,de,es",
    ]);
    expect(four.status).toBe(2);
    expect(four.stderr).toContain("--translate-to takes at most 3 languages");
    const bad = runCli([
      "transcribe",
      at("talk.mp3"),
      "--model",
      model,
      "--translate-to",
      "fr,not a code!",
    ]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("BCP-47");
  });
});

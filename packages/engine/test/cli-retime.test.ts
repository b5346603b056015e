import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readSrt, readVtt } from "@verbatim/subtitles";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ffmpeg, JFK_MP3, scratchDir } from "./helpers/media-files.js";
import { runCli } from "./helpers/run-cli.js";
import { ensurePlumbingModel } from "./support/random-model.js";

const scratch = scratchDir();
const at = (name: string) => join(scratch.dir, name);
let model: string;
/** Greedy decoding on two threads: the random-weight model's text is noise, quickly. */
const FAST = ["--beam-size", "1", "--no-fallback", "--threads", "2"];

/** JFK's words with times far from where they are said (past the 11 s recording's end). */
const WRONG_TIMES = `1
00:01:00,000 --> 00:01:02,000
And so, my fellow Americans:

2
00:01:05,000 --> 00:01:06,000
ask not what your country can do for you,

3
00:02:00,000 --> 00:02:01,000
ask what you can do for your country. 你好
`;

beforeAll(async () => {
  model = await ensurePlumbingModel();
  writeFileSync(at("wrong.srt"), WRONG_TIMES);
  // The first 5 s are enough to re-time against, and quick to transcribe.
  ffmpeg("-i", JFK_MP3, "-t", "5", at("jfk5.mp3"));
  writeFileSync(at("binary.srt"), Buffer.from([0, 1, 2, 3, 0xff, 0xfe, 0xfd, 0]));
}, 300_000);
afterAll(() => scratch.cleanup());

describe("verbatim retime", () => {
  it("re-times an SRT to its media, keeping every word, in the format -f names", () => {
    const out = at("retimed.vtt");
    const args = ["retime", at("jfk5.mp3"), at("wrong.srt"), "--model", model, ...FAST];
    const run = runCli([...args, "-f", "vtt", "-o", out]);
    expect(run.status, run.stderr).toBe(0);
    const written = readFileSync(out, "utf8");
    expect(written).toMatch(/^WEBVTT\n/);
    const before = readSrt(WRONG_TIMES);
    const after = readVtt(written);
    expect(after.map((cue) => cue.text)).toEqual(before.map((cue) => cue.text));
    for (const [i, cue] of after.entries()) {
      expect(cue.end).toBeGreaterThanOrEqual(cue.start);
      expect(cue.end).toBeLessThanOrEqual(5_500); // within the recording, no longer past it
      if (i > 0) expect(cue.start).toBeGreaterThanOrEqual(after[i - 1]!.end);
    }
  });

  it("refuses a subtitle file it cannot read with one line and exit code 3", () => {
    const run = runCli(["retime", JFK_MP3, at("binary.srt"), "--model", model]);
    expect(run.status).toBe(3);
    expect(run.stderr.trim()).toMatch(/^verbatim: The subtitle file's text could not be read/);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("lists retime in --help with the formats it reads", () => {
    const run = runCli(["retime", "--help"]);
    expect(run.status).toBe(0);
    expect(run.stdout.replace(/\s+/g, " ")).toContain("srt, vtt, ass, ttml, sbv, txt, docx");
  });
});

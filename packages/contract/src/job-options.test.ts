import { describe, expect, it } from "vitest";
import { JOB_OPTIONS_VERSION, jobOptions, readJobOptions } from "./job-options.js";
import { MAX_PROMPT_CHARS } from "./limits.js";

describe("jobOptions", () => {
  it("fills a plain upload's defaults and keeps what was given", () => {
    expect(jobOptions({})).toEqual({
      version: JOB_OPTIONS_VERSION,
      language: "auto",
      task: "transcribe",
      wordTimestamps: true,
      speakers: { kind: "off" },
    });
    const given = jobOptions({
      language: "yue",
      task: "translate",
      wordTimestamps: false,
      chineseScript: "hk",
      style: "netflix",
      prompt: "Kennedy",
      temperature: 0.3,
      speakers: { kind: "range", minSpeakers: 2, maxSpeakers: 4 },
      knownVoices: [{ name: "Ann", embedding: [0.1, -0.2] }],
    });
    // A language the registry knows is any string: new engine families need no schema change.
    expect(given).toMatchObject({ language: "yue", speakers: { minSpeakers: 2, maxSpeakers: 4 } });
    // What is stored is what is read back.
    expect(readJobOptions(JSON.parse(JSON.stringify(given)))).toEqual(given);
  });

  it("keeps an import's and a bilingual job's options, and reads a version 2 row without them as before", () => {
    const imported = jobOptions({ subtitles: { retime: false, format: "srt" } });
    expect(readJobOptions(JSON.parse(JSON.stringify(imported)))).toEqual(imported);
    const bilingual = jobOptions({ bilingual: true });
    expect(readJobOptions(JSON.parse(JSON.stringify(bilingual))).bilingual).toBe(true);
    // A row written before the two fields existed: no import, one language.
    const before = readJobOptions(
      JSON.parse(
        '{"version":2,"language":"en","task":"transcribe","wordTimestamps":true,"speakers":{"kind":"off"}}',
      ),
    );
    expect(before.subtitles).toBeUndefined();
    expect(before.bilingual).toBeUndefined();
  });

  it.each([
    [{ prompt: "p".repeat(MAX_PROMPT_CHARS + 1) }],
    [{ subtitles: { retime: true, format: "exe" } }],
    [{ bilingual: false }],
    [{ temperature: 1.5 }],
    [{ speakers: { kind: "exact", speakers: 0 } }],
    [{ speakers: { kind: "range", minSpeakers: 4, maxSpeakers: 2 } }],
    [{ style: "cinema" }],
    [{ language: "" }],
  ])("refuses %j", (input) => {
    expect(() => jobOptions(input as never)).toThrow();
  });
});

// The shapes jobs were written in before options had a version, literally as their writers
// stored them (the first jobs; styles; /v1 prompt and temperature; speakers as text; known
// voices; test rows of `{}`).
describe("readJobOptions upgrades version 1 rows", () => {
  it.each([
    [
      '{"language":"auto","task":"transcribe","wordTimestamps":true}',
      { language: "auto", task: "transcribe", wordTimestamps: true, speakers: { kind: "off" } },
    ],
    [
      '{"language":"zh","task":"transcribe","wordTimestamps":true,"chineseScript":"hk"}',
      { language: "zh", chineseScript: "hk", speakers: { kind: "off" } },
    ],
    [
      '{"language":"en","task":"translate","wordTimestamps":false,"style":"netflix"}',
      { task: "translate", wordTimestamps: false, style: "netflix" },
    ],
    [
      '{"language":"auto","task":"transcribe","wordTimestamps":true,"prompt":"Kennedy, Americans.","temperature":0.3}',
      { prompt: "Kennedy, Americans.", temperature: 0.3 },
    ],
    [
      '{"language":"auto","task":"transcribe","wordTimestamps":true,"speakers":"auto"}',
      { speakers: { kind: "auto" } },
    ],
    [
      '{"language":"en","task":"transcribe","wordTimestamps":true,"speakers":"3"}',
      { speakers: { kind: "exact", speakers: 3 } },
    ],
    [
      '{"language":"en","task":"transcribe","wordTimestamps":true,"speakers":"2-4","knownVoices":[{"name":"Ann","embedding":[0.5,0.25]}]}',
      {
        speakers: { kind: "range", minSpeakers: 2, maxSpeakers: 4 },
        knownVoices: [{ name: "Ann", embedding: [0.5, 0.25] }],
      },
    ],
    [
      "{}",
      { language: "auto", task: "transcribe", wordTimestamps: true, speakers: { kind: "off" } },
    ],
  ])("%s", (json, expected) => {
    const read = readJobOptions(JSON.parse(json));
    expect(read).toMatchObject({ version: JOB_OPTIONS_VERSION, ...expected });
    // The upgrade is the current shape: reading it again changes nothing.
    expect(readJobOptions(JSON.parse(JSON.stringify(read)))).toEqual(read);
  });

  it("drops a prompt past the limit (such a job was failed by the engine) instead of failing to read", () => {
    const stored = {
      language: "en",
      task: "transcribe",
      wordTimestamps: true,
      prompt: "p".repeat(5000),
    };
    expect(readJobOptions(stored)).not.toHaveProperty("prompt");
  });

  it("refuses an unknown version and an unreadable row", () => {
    expect(() => readJobOptions({ version: 3, language: "en" })).toThrow(/version \(3\)/);
    expect(() => readJobOptions({ speakers: "two" })).toThrow(/speakers/);
    expect(() => readJobOptions({ task: "summarise" })).toThrow();
    expect(() => readJobOptions(null)).toThrow();
  });
});

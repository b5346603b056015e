import { describe, expect, it } from "vitest";
import { EngineError } from "../errors.js";
import { renderTranscription } from "./render-output.js";
import { parseTranscribeOptions, type TranscribeCommandOptions } from "./transcribe-command.js";

// `verbatim transcribe -f stl --stl-…`: the EBU-STL GSI fields, checked by the HTTP export's
// validator (contract's StlGsiFields) and written into the file's GSI block.

const BASE: TranscribeCommandOptions = {
  model: "fast",
  language: "en",
  task: "transcribe",
  format: "stl",
  fallback: true,
  vad: true,
  wordTimestamps: true,
};

async function usageError(options: Partial<TranscribeCommandOptions>): Promise<string> {
  try {
    await parseTranscribeOptions({ ...BASE, ...options });
  } catch (error) {
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).code).toBe("INVALID_OPTIONS");
    return (error as Error).message;
  }
  throw new Error("no usage error");
}

describe("the CLI's EBU-STL GSI options", () => {
  it("fill the GSI block of the STL file", async () => {
    const { render } = await parseTranscribeOptions({
      ...BASE,
      stlProgramme: "Evening News",
      stlEpisode: "Episode 12",
      stlPublisher: "Harbour TV",
      stlEditor: "Mei Chan",
      stlContact: "mei@example.com",
      stlCountry: "hkg",
      stlRevision: "3",
    });
    const body = await renderTranscription(
      {
        language: "en",
        durationMs: 4000,
        cues: [{ index: 1, start: 0, end: 2000, text: "Good evening." }],
      },
      "stl",
      { ...render, inputName: "news.mp4" },
    );
    const stl = Buffer.from(body as Uint8Array);
    const field = (offset: number, length: number) =>
      stl.toString("latin1", offset, offset + length).trimEnd();
    expect(field(16, 32)).toBe("Evening News");
    expect(field(48, 32)).toBe("Episode 12");
    expect(field(236, 2)).toBe("03");
    expect(field(274, 3)).toBe("HKG");
    expect(field(277, 32)).toBe("Harbour TV");
    expect(field(309, 32)).toBe("Mei Chan");
    expect(field(341, 32)).toBe("mei@example.com");
  });

  it("are absent unless given: the programme title is the file's name", async () => {
    const { render } = await parseTranscribeOptions(BASE);
    expect(render.stl).toBeUndefined();
    const body = await renderTranscription(
      { language: "en", durationMs: 1000, cues: [{ index: 1, start: 0, end: 900, text: "Hi" }] },
      "stl",
      { ...render, inputName: "news.mp4" },
    );
    expect(
      Buffer.from(body as Uint8Array)
        .toString("latin1", 16, 48)
        .trimEnd(),
    ).toBe("news.mp4");
  });

  it("refuse what the HTTP export refuses, naming the option", async () => {
    expect(await usageError({ stlCountry: "Hong Kong" })).toMatch(/^--stl-country: .*alpha-3/u);
    expect(await usageError({ stlRevision: "100" })).toMatch(
      /^--stl-revision: a number from 0 to 99/u,
    );
    expect(await usageError({ stlRevision: "-1" })).toMatch(/^--stl-revision: /u);
    expect(await usageError({ stlProgramme: "x".repeat(33) })).toMatch(/^--stl-programme: /u);
    expect(await usageError({ stlEditor: "two\nlines" })).toMatch(/^--stl-editor: .*one line/u);
  });
});

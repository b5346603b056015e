import { readFileSync } from "node:fs";
import type { Cue } from "@verbatim/subtitles";
import * as fontkit from "fontkit";
import { describe, expect, it } from "vitest";
import { captionEvents } from "./caption-events.js";
import { captionFrame } from "./caption-frame.js";
import { captionLayout, NOTO_CJK_LINE_EMS } from "./caption-layout.js";
import { findCjkFont } from "../cjk-font.js";
import { writeCaptionAss } from "./caption-ass.js";
import { captionControlsProblem, captionStyle } from "./caption-styles.js";

const timedCue: Cue = {
  index: 1,
  start: 1000,
  end: 3000,
  text: "Hello big world",
  words: [
    { text: " Hello", start: 1200, end: 1500 },
    { text: " big", start: 1600, end: 1900 },
    { text: " world", start: 2000, end: 2600 },
  ],
};

describe("caption frame", () => {
  it("keeps the source size up to 1080p and cuts centred crops with even sizes", () => {
    expect(captionFrame({ width: 640, height: 360 }, "source")).toMatchObject({
      width: 640,
      height: 360,
      crop: { width: 640, height: 360, x: 0, y: 0 },
    });
    const uhd = captionFrame({ width: 3840, height: 2160 }, "source");
    expect([uhd.width, uhd.height]).toEqual([1920, 1080]);
    const vertical = captionFrame({ width: 1920, height: 1080 }, "9:16");
    expect(vertical.crop).toEqual({ width: 606, height: 1080, x: 657, y: 0 });
    expect([vertical.width, vertical.height]).toEqual([606, 1080]);
    // Vertical: the apps' buttons and captions cover the bottom fifth and more.
    expect(vertical.safe.bottom).toBe(Math.round(1080 * 0.22));
    const square = captionFrame({ width: 1280, height: 720 }, "1:1");
    expect(square.crop).toEqual({ width: 720, height: 720, x: 280, y: 0 });
  });

  it("draws an audio-only transcription on a 720p picture of the crop's shape", () => {
    expect(captionFrame(null, "source")).toMatchObject({ width: 1280, height: 720 });
    expect(captionFrame(null, "9:16")).toMatchObject({ width: 720, height: 1280 });
  });
});

describe("caption styles", () => {
  it("applies controls on a preset and refuses values out of range", () => {
    const style = captionStyle("standard", { colour: "#00ff00", position: "top", maxLines: 1 });
    expect(style).toMatchObject({ colour: "00FF00", position: "top", maxLines: 1, mode: "lines" });
    expect(captionStyle("standard", {}, "ja").font).toBe("Noto Sans CJK JP");
    expect(captionControlsProblem({ sizePercent: 40 })).toMatch(/size/);
    expect(captionControlsProblem({ colour: "red" })).toMatch(/colour/);
    expect(captionControlsProblem({ maxLines: 2, colour: "FFFFFF" })).toBeNull();
  });

  it("keeps the text inside the safe area: margins include the box padding", () => {
    const frame = captionFrame({ width: 1920, height: 1080 }, "source");
    const layout = captionLayout(captionStyle("broadcast-box"), frame);
    expect(layout.marginV).toBe(frame.safe.bottom + layout.outline);
    expect(layout.fontSize).toBe(Math.round(0.045 * 1080 * 1.448));
  });
});

describe("caption events", () => {
  it("karaoke: the spoken word is highlighted from its start until the next word's", () => {
    const events = captionEvents([timedCue], captionStyle("karaoke"));
    expect(events.map((e) => [e.start, e.end])).toEqual([
      [1000, 1200],
      [1200, 1600],
      [1600, 2000],
      [2000, 3000],
    ]);
    expect(events[0]!.lines).toEqual([[{ text: "Hello big world", highlight: false }]]);
    expect(events[2]!.lines).toEqual([
      [
        { text: "Hello ", highlight: false },
        { text: "big", highlight: true },
        { text: " world", highlight: false },
      ],
    ]);
  });

  it("karaoke without word timings shows plain lines (no guessed highlight)", () => {
    const events = captionEvents([{ ...timedCue, words: [] }], captionStyle("karaoke"));
    expect(events).toHaveLength(1);
    expect(events[0]!.lines[0]!.every((span) => !span.highlight)).toBe(true);
  });

  it("one word at a time: from word timings, or guessed by length (CJK by word)", () => {
    const words = captionEvents([timedCue], captionStyle("social-word"));
    expect(words.map((e) => [e.start, e.end, e.lines[0]![0]!.text])).toEqual([
      [1200, 1600, "Hello"],
      [1600, 2000, "big"],
      [2000, 3000, "world"],
    ]);
    const cjk: Cue = { index: 1, start: 0, end: 1200, text: "你好，世界。" };
    const guessed = captionEvents([cjk], captionStyle("social-word"), "zh");
    expect(guessed.map((e) => e.lines[0]![0]!.text)).toEqual(["你好，", "世界。"]);
    expect(guessed[0]!.start).toBe(0);
    expect(guessed[guessed.length - 1]!.end).toBe(1200);
  });

  it("shows a cue longer than maxLines in parts, each from its first word", () => {
    const cue: Cue = {
      index: 1,
      start: 0,
      end: 4000,
      text: "one\ntwo\nthree",
      words: [
        { text: "one", start: 0, end: 500 },
        { text: "two", start: 1000, end: 1500 },
        { text: "three", start: 3000, end: 3500 },
      ],
    };
    const events = captionEvents([cue], captionStyle("standard", { maxLines: 2 }));
    expect(events.map((e) => [e.start, e.end, e.lines.length])).toEqual([
      [0, 3000, 2],
      [3000, 4000, 1],
    ]);
  });

  it("bilingual: the translation under the original", () => {
    const cue: Cue = { index: 1, start: 0, end: 2000, text: "你好", translation: "Hello" };
    expect(captionEvents([cue], captionStyle("bilingual"))[0]!.translation).toEqual(["Hello"]);
    expect(captionEvents([cue], captionStyle("standard"))[0]!.translation).toEqual([]);
  });
});

describe("caption ASS", () => {
  it("sizes the script to the output frame and colours the highlighted word", () => {
    const frame = captionFrame({ width: 640, height: 360 }, "source");
    const style = captionStyle("karaoke", { speakerColours: true });
    const ass = writeCaptionAss(
      captionEvents([{ ...timedCue, speaker: "S1", text: "Hello big world" }], style),
      { title: "t", style, frame, speakers: [{ id: "S1", name: null }] },
    );
    expect(ass).toContain("PlayResX: 640\nPlayResY: 360");
    expect(ass).toMatch(/^Style: Default,Noto Sans CJK HK,31,/m);
    expect(ass).toContain(
      "Dialogue: 0,0:00:01.60,0:00:02.00,Speaker S1,,0,0,0,,Hello {\\1c&H00D4FF&}big{\\r} world",
    );
    const bilingual = captionStyle("bilingual");
    expect(
      writeCaptionAss(
        captionEvents(
          [{ index: 1, start: 0, end: 900, text: "{x}", translation: "Hi" }],
          bilingual,
        ),
        { title: "t", style: bilingual, frame },
      ),
    ).toContain(",,｛x｝\\N{\\rTranslation}Hi");
  });
});

describe("a cue's styles and place in the captioned video", () => {
  const frame = captionFrame({ width: 640, height: 360 }, "source");
  const styledCue: Cue = {
    index: 1,
    start: 0,
    end: 2000,
    text: "<i>Off screen</i> said <b>she</b> <u>loudly</u>",
    position: "top",
  };

  it("carries italics, bold and underline onto the lines' spans", () => {
    const [event] = captionEvents([styledCue], captionStyle("standard"), "en", frame);
    expect(event?.position).toBe("top");
    expect(event?.lines.flat()).toEqual([
      { text: "Off screen", highlight: false, italic: true },
      { text: " said ", highlight: false },
      { text: "she", highlight: false, bold: true },
      { text: " ", highlight: false },
      { text: "loudly", highlight: false, underline: true },
    ]);
  });

  it("keeps each word's style when the lines are broken again to fit a narrow picture", () => {
    const narrow = captionFrame({ width: 1080, height: 1920 }, "source");
    const long: Cue = {
      index: 1,
      start: 0,
      end: 4000,
      text: "We met <i>the captain of the ship</i> in the harbour at dawn, and then we left",
    };
    const [event] = captionEvents([long], captionStyle("standard", { maxLines: 3 }), "en", narrow);
    const lines = event!.lines;
    expect(lines.length).toBeGreaterThan(1);
    const italic = lines
      .flat()
      .filter((span) => span.italic)
      .map((span) => span.text)
      .join(" ")
      .replace(/\s+/g, " ");
    expect(italic).toBe("the captain of the ship");
  });

  it("writes the styles as override tags and the top cue with \\an8; a literal brace stays text", () => {
    const plainCue: Cue = { index: 2, start: 3000, end: 4000, text: "Below {\\i1} &lt;i>" };
    const style = captionStyle("standard");
    const ass = writeCaptionAss(captionEvents([styledCue, plainCue], style, "en", frame), {
      title: "styled",
      style,
      frame,
    });
    const dialogue = ass.split("\n").filter((line) => line.startsWith("Dialogue:"));
    expect(dialogue[0]).toContain(
      ",,{\\an8}{\\i1}Off screen{\\r} said {\\b1}she{\\r} {\\u1}loudly{\\r}",
    );
    // The bottom cue keeps the style's place; its typed tag and brace are drawn as text.
    expect(dialogue[1]).toMatch(/,,Below ｛\\\u2060i1｝ <i>$/u);
  });

  it("karaoke: the highlighted word keeps its italics", () => {
    const cue: Cue = { ...timedCue, text: "Hello <i>big</i> world" };
    const style = captionStyle("karaoke");
    const events = captionEvents([cue], style, "en", frame);
    const big = events.find((event) => event.start === 1600)!;
    expect(big.lines.flat().find((span) => span.highlight)).toEqual({
      text: "big",
      highlight: true,
      italic: true,
    });
    const ass = writeCaptionAss(events, { title: "k", style, frame });
    expect(ass).toMatch(/\{\\1c&H[0-9A-F]{6}&\\i1\}big\{\\r\}/u);
  });

  it("one word at a time keeps the picture's middle, whatever the cue's place", () => {
    const style = captionStyle("social-word");
    const ass = writeCaptionAss(captionEvents([styledCue], style, "en", frame), {
      title: "w",
      style,
      frame,
    });
    expect(ass).not.toContain("\\an8");
    expect(ass).toContain("{\\i1}Off{\\r}");
  });
});

describe("caption lines on a narrow picture", () => {
  // Lines are measured in the font libass draws them with (Noto Sans CJK, as fontkit lays it
  // out): each line of every dialogue event must fit between the side margins, and an event
  // may hold no more lines than the style allows, since libass would wrap any that did not fit.
  const cjk = fontkit.create(readFileSync(findCjkFont().bold), "NotoSansCJKhk-Bold");
  const widthOf = (line: string, fontSize: number) =>
    (cjk.layout(line).advanceWidth / cjk.unitsPerEm) * (fontSize / NOTO_CJK_LINE_EMS);
  const dialogueLines = (ass: string) =>
    ass
      .split("\n")
      .filter((line) => line.startsWith("Dialogue:"))
      .map((line) =>
        line
          .split(",")
          .slice(9)
          .join(",")
          .replace(/\{[^}]*\}/g, ""),
      );

  const chinese: Cue = {
    index: 1,
    start: 0,
    end: 6000,
    text: "各位觀眾晚上好，歡迎收看今晚嘅新聞報道，我哋首先講吓天氣",
    words: [...["各位", "觀眾", "晚上好，", "歡迎", "收看", "今晚", "嘅", "新聞", "報道，"]]
      .concat(["我哋", "首先", "講吓", "天氣"])
      .map((text, i) => ({ text, start: i * 400, end: i * 400 + 380 })),
  };
  const english: Cue = {
    index: 2,
    start: 6000,
    end: 9000,
    text: "Good evening and welcome to tonight's news, we start with the weather",
    translation: "",
  };

  it.each([
    ["karaoke", "9:16", 2],
    ["karaoke", "1:1", 2],
    ["standard", "9:16", 1],
  ] as const)(
    "keeps %s captions inside a %s picture, at most the lines allowed",
    (name, crop, maxLines) => {
      const frame = captionFrame({ width: 1920, height: 1080 }, crop);
      const style = captionStyle(name, { maxLines });
      const layout = captionLayout(style, frame);
      const room = frame.width - layout.marginL - layout.marginR;
      const events = captionEvents([chinese, english], style, "zh", frame);
      const ass = writeCaptionAss(events, { title: "t", style, frame });
      const texts = dialogueLines(ass);
      expect(texts.length).toBeGreaterThan(0);
      for (const text of texts) {
        const lines = text.split("\\N");
        expect(lines.length).toBeLessThanOrEqual(maxLines);
        for (const line of lines) expect(widthOf(line, layout.fontSize)).toBeLessThanOrEqual(room);
      }
      // The karaoke highlight survives the new breaks (the words still spell the text).
      if (name === "karaoke") expect(ass).toContain("\\1c");
    },
  );

  it("breaks a bilingual translation into balanced lines that fit, not a lone last word", () => {
    const frame = captionFrame({ width: 1920, height: 1080 }, "9:16");
    const style = captionStyle("bilingual");
    const layout = captionLayout(style, frame);
    const room = frame.width - layout.marginL - layout.marginR;
    const cue: Cue = {
      index: 1,
      start: 0,
      end: 3000,
      text: "各位同胞",
      translation: "My fellow Americans, ask not what your country can do for you",
    };
    const [event] = captionEvents([cue], style, "zh", frame);
    expect(event!.translation.length).toBeGreaterThan(1);
    const translationSize = layout.fontSize * style.translationScale;
    for (const line of event!.translation) {
      expect(widthOf(line, translationSize)).toBeLessThanOrEqual(room);
      expect(line.trim().split(/\s+/).length).toBeGreaterThan(1);
    }
  });
});

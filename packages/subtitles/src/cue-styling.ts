/**
 * Styling per subtitle, the one owner of its rules (docs/broadcast.md, "Styling").
 *
 * A cue's text is markup: `<i>…</i>`, `<b>…</b>` and `<u>…</u>` (as SubRip and WebVTT write
 * them) mark italics, bold and underline on a word or the whole cue; every other character is
 * text. A literal "<i>" is held as `&lt;i>` and a literal "&lt;" as `&amp;lt;`, so text a user
 * types is never formatting (`escapeCueText`); any other `<` or `&` is itself. Where a cue sits
 * is its `position` (top or bottom) and `align` (left, centre, right), absent for the usual
 * bottom centre.
 */

/** Where a subtitle sits on screen: at the bottom (the default) or the top. */
export const CUE_POSITIONS = ["bottom", "top"] as const;
export type CuePosition = (typeof CUE_POSITIONS)[number];
/** How a subtitle's lines are aligned: centred (the default), left or right. */
export const CUE_ALIGNS = ["left", "center", "right"] as const;
export type CueAlign = (typeof CUE_ALIGNS)[number];
/** A style that a word or a whole cue can carry. */
export const TEXT_STYLES = ["italic", "bold", "underline"] as const;
export type TextStyle = (typeof TEXT_STYLES)[number];

/** A stretch of text with one set of styles; `text` is plain (no markup) and may hold `\n`. */
export interface StyledRun {
  text: string;
  italic: boolean;
  bold: boolean;
  underline: boolean;
}

const TAG_OF: Readonly<Record<TextStyle, string>> = { italic: "i", bold: "b", underline: "u" };
const STYLE_OF_TAG: Readonly<Record<string, TextStyle>> = {
  i: "italic",
  b: "bold",
  u: "underline",
};
const ENTITY_TEXT: Readonly<Record<string, string>> = { lt: "<", gt: ">", amp: "&" };
/** A style tag or one of the three entities the markup reads. */
const MARKUP_TOKEN = /<(\/?)([ibu])>|&(lt|gt|amp);/giu;

/** The runs of a cue's text markup, adjacent runs of the same styles merged. */
export function styledRuns(markup: string): StyledRun[] {
  const depth: Record<TextStyle, number> = { italic: 0, bold: 0, underline: 0 };
  const runs: StyledRun[] = [];
  let text = "";
  const flush = () => {
    if (text !== "") {
      runs.push({
        text,
        italic: depth.italic > 0,
        bold: depth.bold > 0,
        underline: depth.underline > 0,
      });
    }
    text = "";
  };
  let last = 0;
  for (const match of markup.matchAll(MARKUP_TOKEN)) {
    text += markup.slice(last, match.index);
    last = match.index + match[0].length;
    const entity = match[3];
    if (entity !== undefined) {
      text += ENTITY_TEXT[entity.toLowerCase()] ?? match[0];
      continue;
    }
    flush();
    const style = STYLE_OF_TAG[(match[2] ?? "").toLowerCase()];
    if (style === undefined) continue;
    depth[style] = match[1] === "/" ? Math.max(0, depth[style] - 1) : depth[style] + 1;
  }
  text += markup.slice(last);
  flush();
  return mergeRuns(runs);
}

/** A cue's text without its markup: what is shown, to measure, check, search or translate. */
export function plainCueText(markup: string): string {
  return styledRuns(markup)
    .map((run) => run.text)
    .join("");
}

/** Whether a cue's text carries any style. */
export function hasTextStyles(markup: string): boolean {
  return styledRuns(markup).some((run) => run.italic || run.bold || run.underline);
}

/** Plain text as markup that reads back as the same text: a typed "<i>" stays text. */
export function escapeCueText(text: string): string {
  return text.replace(/&(?=(?:lt|gt|amp);)/giu, "&amp;").replace(/<(?=\/?[ibu]>)/giu, "&lt;");
}

/** How a format writes runs: its text escape and its style tags. */
export interface RunWriter {
  escape(text: string): string;
  open(style: TextStyle): string;
  close(style: TextStyle): string;
}

/** The markup's own writer: `<i>`, `<b>`, `<u>`, text escaped by escapeCueText. */
const MARKUP_WRITER: RunWriter = {
  escape: escapeCueText,
  open: (style) => `<${TAG_OF[style]}>`,
  close: (style) => `</${TAG_OF[style]}>`,
};

/**
 * Runs written with a format's tags, properly nested: a style still wanted stays open across
 * runs, one no longer wanted is closed (with those opened after it, reopened when still wanted).
 */
export function writeRuns(runs: readonly StyledRun[], writer: RunWriter = MARKUP_WRITER): string {
  const open: TextStyle[] = [];
  let out = "";
  for (const run of mergeRuns(runs)) {
    const wanted = TEXT_STYLES.filter((style) => run[style]);
    const firstUnwanted = open.findIndex((style) => !wanted.includes(style));
    if (firstUnwanted >= 0) {
      while (open.length > firstUnwanted) out += writer.close(open.pop()!);
    }
    for (const style of wanted) {
      if (!open.includes(style)) {
        open.push(style);
        out += writer.open(style);
      }
    }
    out += writer.escape(run.text);
  }
  while (open.length > 0) out += writer.close(open.pop()!);
  return out;
}

/**
 * Turns a style on over plain-text offsets `from`..`to` (the whole cue when they are equal),
 * or off when every character there already has it (as Subtitle Edit's Ctrl+I does).
 */
export function toggleStyle(markup: string, style: TextStyle, from = 0, to = from): string {
  const chars = styledChars(markup);
  const [a, b] = from === to ? [0, chars.length] : [Math.min(from, to), Math.max(from, to)];
  const range = chars.slice(a, b).filter((char) => char.text.trim() !== "");
  const on = !(range.length > 0 && range.every((char) => char[style]));
  chars.forEach((char, i) => {
    if (i >= a && i < b) char[style] = on;
  });
  return writeRuns(chars);
}

/**
 * The markup after its plain text was edited to `plain` (a text box shows the plain text):
 * what is kept keeps its styles, typed text takes the styles of the character before it.
 */
export function editPlainText(markup: string, plain: string): string {
  const chars = styledChars(markup);
  const old = chars.map((char) => char.text).join("");
  if (old === plain) return markup;
  let prefix = 0;
  while (prefix < old.length && prefix < plain.length && old[prefix] === plain[prefix]) prefix++;
  let suffix = 0;
  while (
    suffix < old.length - prefix &&
    suffix < plain.length - prefix &&
    old[old.length - 1 - suffix] === plain[plain.length - 1 - suffix]
  ) {
    suffix++;
  }
  const like = chars[prefix - 1] ?? chars[prefix + (old.length - prefix - suffix)] ?? plainRun("");
  const typed = [...plain.slice(prefix, plain.length - suffix)].map((text) => ({ ...like, text }));
  return writeRuns([...chars.slice(0, prefix), ...typed, ...chars.slice(old.length - suffix)]);
}

/**
 * The markup with stretches of its plain text, `[from, to)` offsets in order and apart,
 * replaced by `replacement` (plain text): it takes the styles of the first character it replaces
 * (an italic word replaced stays italic), the rest keeps its own (find and replace).
 */
export function replacePlainRanges(
  markup: string,
  ranges: readonly (readonly [number, number])[],
  replacement: string,
): string {
  if (ranges.length === 0) return markup;
  const chars = styledChars(markup);
  const out: StyledRun[] = [];
  let at = 0;
  for (const [from, to] of ranges) {
    out.push(...chars.slice(at, from));
    const like = chars[from] ?? chars[from - 1] ?? plainRun("");
    out.push({ ...like, text: replacement });
    at = to;
  }
  out.push(...chars.slice(at));
  return writeRuns(out);
}

/**
 * The markup's styles over `plain`, its plain text with white space changed (lines broken
 * again, a caption's lines fitted to the picture, spaces trimmed): each other character keeps the
 * style of the same character of the markup, white space the styles of the characters on both
 * sides of it. When more than white space changed, as editPlainText carries them.
 */
export function stylesOver(markup: string, plain: string): StyledRun[] {
  const chars = styledChars(markup).filter((char) => !/^\s$/u.test(char.text));
  const visible = plain.replace(/\s/gu, "");
  if (chars.map((char) => char.text).join("") !== visible) {
    return styledRuns(editPlainText(markup, plain));
  }
  let at = 0;
  const runs: (StyledRun | null)[] = plain
    .split("")
    .map((text) => (/^\s$/u.test(text) ? null : { ...chars[at++]!, text }));
  // White space between two characters has the styles both have: no underline past a word.
  return mergeRuns(
    runs.map((run, i) => {
      if (run) return run;
      const before = runs.slice(0, i).findLast((other) => other !== null);
      const after = runs.slice(i + 1).find((other) => other !== null);
      const both = (style: TextStyle) => (before?.[style] ?? false) && (after?.[style] ?? false);
      return {
        text: plain[i]!,
        italic: both("italic"),
        bold: both("bold"),
        underline: both("underline"),
      };
    }),
  );
}

/** The markup with its plain text's white space changed to `plain`'s, its styles kept. */
export function restyleText(markup: string, plain: string): string {
  return writeRuns(stylesOver(markup, plain));
}

/**
 * Cues as a format without styles writes them: the text as shown (no markup: a typed "<i>" as
 * typed), no place. Their text is plain, no longer markup: not to be read as markup again.
 */
export function shownCues<T extends { text: string; position?: CuePosition; align?: CueAlign }>(
  cues: readonly T[],
): Omit<T, "position" | "align">[] {
  return cues.map((cue) => {
    const shown: { text: string; position?: CuePosition; align?: CueAlign } = {
      ...cue,
      text: plainCueText(cue.text),
    };
    delete shown.position;
    delete shown.align;
    return shown as Omit<T, "position" | "align">;
  });
}

/**
 * The part of the markup between plain-text offsets `from` and `to`, its styles kept and the
 * white space at its ends left out (a split cue's halves).
 */
export function sliceStyled(markup: string, from: number, to?: number): string {
  const chars = styledChars(markup).slice(from, to);
  let first = 0;
  let last = chars.length;
  while (first < last && chars[first]!.text.trim() === "") first++;
  while (last > first && chars[last - 1]!.text.trim() === "") last--;
  return writeRuns(chars.slice(first, last));
}

/** The text's runs with every style taken off. */
export function withoutStyles(markup: string): string {
  return escapeCueText(plainCueText(markup));
}

/**
 * The number a keypad gives each place (ASS `\an`, SubRip's `{\an8}`): 1-3 bottom left,
 * centre, right; 7-9 top.
 */
export function keypadAlignment(
  position: CuePosition = "bottom",
  align: CueAlign = "center",
): number {
  return (position === "top" ? 7 : 1) + CUE_ALIGNS.indexOf(align);
}

/** The place of a keypad number; the middle row (4-6) reads as the bottom. */
export function placementOfKeypad(
  number: number,
): { position: CuePosition; align: CueAlign } | null {
  if (!Number.isInteger(number) || number < 1 || number > 9) return null;
  return {
    position: number >= 7 ? "top" : "bottom",
    align: CUE_ALIGNS[(number - 1) % 3] ?? "center",
  };
}

/** A cue's placement fields as they are stored: absent for bottom centre. */
export function placementFields(
  position: CuePosition | undefined,
  align: CueAlign | undefined,
): { position?: CuePosition; align?: CueAlign } {
  return {
    ...(position === "top" ? { position } : {}),
    ...(align !== undefined && align !== "center" ? { align } : {}),
  };
}

function plainRun(text: string): StyledRun {
  return { text, italic: false, bold: false, underline: false };
}

/** One run per UTF-16 unit, to edit by text-box offsets. */
function styledChars(markup: string): StyledRun[] {
  return styledRuns(markup).flatMap((run) => run.text.split("").map((text) => ({ ...run, text })));
}

function mergeRuns(runs: readonly StyledRun[]): StyledRun[] {
  const merged: StyledRun[] = [];
  for (const run of runs) {
    if (run.text === "") continue;
    const last = merged[merged.length - 1];
    if (
      last &&
      last.italic === run.italic &&
      last.bold === run.bold &&
      last.underline === run.underline
    ) {
      last.text += run.text;
    } else {
      merged.push({ ...run });
    }
  }
  return merged;
}

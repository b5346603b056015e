import {
  cuesFromPlainText,
  editPlainText,
  escapeCueText,
  formatTimecode,
  plainCueText,
  restyleText,
  sliceStyled,
  writeTxt,
} from "@verbatim/subtitles";
import { diffArrays } from "diff";
import { CUE_GAP_MS, timeMs } from "./cue-operations";
import type { EditorCue } from "./types";

/**
 * The plain view's text: cue texts as shown (their styling markup left out: a text area cannot
 * show italics), separated by blank lines. Reading it back keeps each cue's styles.
 */
export function toPlainText(cues: readonly EditorCue[]): string {
  return writeTxt(
    cues.map((cue, i) => ({ index: i + 1, start: 0, end: 0, text: plainCueText(cue.text) })),
  );
}

/** The paragraphs of plain text, each as it reads back (trimmed lines, no blank ones). */
function paragraphsOf(text: string): string[] {
  return cuesFromPlainText(text, []).map((cue) => cue.text);
}

/** A cue's text as the plain view shows it ("" for a cue without text, which it cannot show). */
function shownText(cue: EditorCue): string {
  return paragraphsOf(plainCueText(cue.text)).join("\n");
}

/**
 * Paragraphs that replace cues with the same words (merged or split): the cues' styles carried
 * over onto them, character by character (cue-styling's stylesOver), as markup per paragraph.
 */
function restyledParagraphs(cues: readonly EditorCue[], paragraphs: readonly string[]): string[] {
  const styled = restyleText(cues.map((cue) => cue.text).join("\n"), paragraphs.join("\n"));
  let at = 0;
  return paragraphs.map((paragraph) => {
    const from = at;
    at += paragraph.length + 1;
    return sliceStyled(styled, from, from + paragraph.length);
  });
}

/** Splits [start, end] among texts in proportion to their length, in order. */
function spread(start: number, end: number, texts: readonly string[]): Array<[number, number]> {
  const total = texts.reduce((sum, text) => sum + Math.max(1, text.length), 0);
  const span = Math.max(0, end - start);
  let at = start;
  return texts.map((text) => {
    const from = at;
    at += (span * Math.max(1, text.length)) / total;
    return [Math.round(from), Math.round(at)];
  });
}

/**
 * Turns the plain view's text back into cues by content, not by position: the old cue texts
 * and the new paragraphs are compared (a diff), so a paragraph left as it was keeps its cue
 * and timing wherever it moved to, and deleting one paragraph removes exactly that cue.
 * - A paragraph edited in place keeps its cue's timing.
 * - Where only paragraph breaks moved (cues merged or split, the words unchanged), the new
 *   paragraphs share the old cues' span in proportion to their length.
 * - New paragraphs fill the gap between the cues around them; no other cue is re-timed.
 * - Cues without text (the plain view cannot show them) stay where they were.
 */
export function fromPlainText(
  text: string,
  previous: readonly EditorCue[],
  nextKey: number,
): EditorCue[] {
  const shown = previous.filter((cue) => shownText(cue) !== "");
  const changes = diffArrays(shown.map(shownText), paragraphsOf(text));
  const result: EditorCue[] = [];
  let key = nextKey;
  let oldAt = 0; // position in `shown`
  let removed: EditorCue[] = [];
  let added: string[] = [];

  const endOfLast = () => {
    const last = result.at(-1);
    return last ? (timeMs(last.end) ?? 0) : 0;
  };
  /** New paragraphs placed in the gap after what is already placed, before the next cue. */
  const intoGap = (paragraphs: readonly string[]) => {
    const from = result.length > 0 ? endOfLast() + CUE_GAP_MS : 0;
    const next = shown[oldAt];
    const nextStart = next ? timeMs(next.start) : null;
    const to =
      nextStart === null ? from + 2000 * paragraphs.length : Math.max(from, nextStart - CUE_GAP_MS);
    for (const [i, [start, end]] of spread(from, to, paragraphs).entries()) {
      result.push({
        key: key++,
        start: formatTimecode(start),
        end: formatTimecode(end),
        text: escapeCueText(paragraphs[i]!),
      });
    }
  };
  const flush = () => {
    const sameWords =
      removed
        .map((cue) => plainCueText(cue.text))
        .join("")
        .replace(/\s+/g, "") === added.join("").replace(/\s+/g, "");
    if (removed.length > 0 && added.length > 0 && added.length !== removed.length && sameWords) {
      // Only the paragraph breaks moved (cues merged or split): share their span.
      const start = timeMs(removed[0]!.start) ?? endOfLast();
      const end = timeMs(removed.at(-1)!.end) ?? start;
      const texts = restyledParagraphs(removed, added);
      spread(start, Math.max(start, end), added).forEach(([from, to], i) => {
        result.push({
          key: removed[i]?.key ?? key++,
          start: formatTimecode(from),
          end: formatTimecode(to),
          text: texts[i]!,
        });
      });
    } else {
      // Edited in place: the first paragraphs keep the timings of the cues they replace; cues
      // left over are gone, paragraphs left over go into the gap that follows.
      const paired = Math.min(removed.length, added.length);
      // An edited paragraph keeps the styles of the text it kept (cue-styling's editPlainText).
      for (let i = 0; i < paired; i += 1) {
        result.push({ ...removed[i]!, text: editPlainText(removed[i]!.text, added[i]!) });
      }
      if (added.length > paired) intoGap(added.slice(paired));
    }
    removed = [];
    added = [];
  };

  for (const change of changes) {
    if (change.removed) {
      removed.push(...shown.slice(oldAt, oldAt + change.count));
      oldAt += change.count;
    } else if (change.added) {
      added.push(...change.value);
    } else {
      flush();
      for (const paragraph of change.value) {
        result.push({
          ...shown[oldAt]!,
          text: paragraph === shownText(shown[oldAt]!) ? shown[oldAt]!.text : paragraph,
        });
        oldAt += 1;
      }
    }
  }
  flush();

  // Put the cues without text back after the cue that preceded them.
  const empty = previous.filter((cue) => shownText(cue) === "");
  if (empty.length === 0) return result;
  const withEmpty = [...result];
  for (const cue of empty) {
    const before = previous.slice(0, previous.indexOf(cue)).reverse();
    const anchor = before
      .map((c) => withEmpty.findIndex((r) => r.key === c.key))
      .find((i) => i >= 0);
    withEmpty.splice(anchor === undefined ? 0 : anchor + 1, 0, cue);
  }
  return withEmpty;
}

/** The plain text as it reads back after conversion (blank-line paragraphs, trimmed lines). */
export function normalizePlainText(text: string): string {
  return writeTxt(cuesFromPlainText(text, []));
}

// SenseVoice (through sherpa-onnx) gives each token the time of the 60 ms frame that emitted it,
// not a start and an end. A token ends where the next one starts, or at the end of its window
// (the speech region's end), but never lasts longer than a spoken token does: a pause after it
// stays a pause, so segments break and cues do not reach into silence.
import type { Word } from "@verbatim/subtitles";

import { pieceText } from "./parakeet-segments.js";
import type { RawSegment } from "./recogniser.js";

/** The longest a single token is held on screen when the next one is far away (ms). */
export const SENSEVOICE_MAX_TOKEN_MS = 600;
/** A silence this long between two tokens closes the segment before it (ms). */
const PAUSE_MS = 800;
const SENTENCE_END = /[.!?。？！…]$/u;

export interface TimedPiece {
  text: string;
  start: number;
  end: number;
}

/** SenseVoice's tags (`<|en|>`, `<|Laughter|>`, `<|woitn|>`…): never words of the text. */
const TAG = /^<\|[^|]*\|>$/u;

/**
 * Gives emission-timed tokens their ends: the next token's start, or `regionEnd` for the last.
 * Tags are left out (sherpa-onnx takes the leading four as language, emotion, event and text
 * form; one emitted later is not speech either).
 */
export function timeTokens(
  tokens: readonly string[],
  startsMs: readonly number[],
  regionEnd: number,
): TimedPiece[] {
  const spoken = tokens.flatMap((text, i) =>
    TAG.test(text) ? [] : [{ text, start: startsMs[i] ?? 0 }],
  );
  return spoken.map(({ text, start }, i) => {
    const next = spoken[i + 1]?.start ?? regionEnd;
    const end = Math.min(Math.max(start, next), start + SENSEVOICE_MAX_TOKEN_MS);
    return { text: pieceText(text), start, end: Math.max(start, Math.min(end, regionEnd)) };
  });
}

function isCjk(text: string): boolean {
  return /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(text);
}

/** Words: each Chinese/Japanese/Korean character is one; Latin pieces join until a space. */
export function senseVoiceWords(pieces: readonly TimedPiece[]): Word[] {
  const words: Word[] = [];
  for (const piece of pieces) {
    if (piece.text.trim() === "" && !piece.text.startsWith(" ")) continue;
    const last = words[words.length - 1];
    const startsWord =
      !last || /^\s/.test(piece.text) || isCjk(piece.text) || isCjk(last.text.trim().slice(-1));
    if (startsWord) words.push({ text: piece.text, start: piece.start, end: piece.end });
    else {
      last.text += piece.text;
      last.end = Math.max(last.end, piece.end);
    }
  }
  return words.filter((word) => word.text.trim() !== "");
}

/** Segments of one window's pieces: closed at sentence ends and pauses. */
export function senseVoiceSegments(
  pieces: readonly TimedPiece[],
  language: string | undefined,
): RawSegment[] {
  const groups: TimedPiece[][] = [];
  let open: TimedPiece[] = [];
  for (const piece of pieces) {
    const last = open[open.length - 1];
    if (
      last &&
      (piece.start - last.end >= PAUSE_MS || SENTENCE_END.test(last.text.trim())) &&
      !/^[,.!?，。？！、]/u.test(piece.text.trim())
    ) {
      groups.push(open);
      open = [];
    }
    open.push(piece);
  }
  if (open.length > 0) groups.push(open);
  return groups
    .map((group) => {
      const text = group
        .map((p) => p.text)
        .join("")
        .trim();
      return {
        start: group[0]!.start,
        end: Math.max(...group.map((p) => p.end)),
        text,
        ...(language ? { language } : {}),
        words: senseVoiceWords(group),
        tokens: group.map((p, id) => ({ id, text: p.text, p: 1, start: p.start, end: p.end })),
      };
    })
    .filter((segment) => segment.text !== "");
}

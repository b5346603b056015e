import type { TranscriptLine } from "./transcript-lines.js";

/** Where a statement comes from: a cue of a transcription and its time (what a click plays). */
export interface Citation {
  /** The transcription (questions across several; one transcription's insights name it too). */
  sourceId: string;
  /** The cue's position in its transcription, from 1. */
  cue: number;
  start: number;
  end: number;
}

/** A statement with the cues it cites; `unverified` when its citations were rejected. */
export interface CitedText {
  text: string;
  citations: Citation[];
  /** Its model cited nothing that exists here: shown marked, never as sourced. */
  unverified?: true;
}

/** What was wrong with a model's citations. */
export interface CitationProblem {
  /** Where in the answer (e.g. `keyPoints[2]`). */
  at: string;
  kind: "missing-cue" | "quote-not-found" | "no-citation";
  detail: string;
}

/** The cues a statement may cite, by id, and their text for quotes. */
export class CueIndex {
  private readonly byId: Map<string, TranscriptLine>;
  private readonly idByCue: Map<string, string>;

  constructor(lines: readonly TranscriptLine[]) {
    this.byId = new Map(lines.map((line) => [line.id, line]));
    this.idByCue = new Map(lines.map((line) => [`${line.sourceId}:${line.cue}`, line.id]));
  }

  /** The id the model was shown for a citation's cue. */
  idOf(citation: Citation): string {
    return this.idByCue.get(`${citation.sourceId}:${citation.cue}`) ?? "?";
  }

  has(id: string): boolean {
    return this.byId.has(normaliseId(id));
  }

  citation(id: string): Citation | null {
    const line = this.byId.get(normaliseId(id));
    return line
      ? { sourceId: line.sourceId, cue: line.cue, start: line.start, end: line.end }
      : null;
  }

  /** Whether the cited cues' text (joined in time order) holds the quote, up to punctuation and case. */
  supportsQuote(quote: string, ids: readonly string[]): boolean {
    const lines = ids
      .map((id) => this.byId.get(normaliseId(id)))
      .filter((line): line is TranscriptLine => line !== undefined)
      .sort((a, b) => a.start - b.start);
    const wanted = comparable(quote);
    if (wanted === "") return false;
    return comparable(lines.map((line) => line.text).join(" ")).includes(wanted);
  }
}

/** `c12`, ` C12 `, `[c12]` → `c12`. */
export function normaliseId(id: string): string {
  return id
    .trim()
    .replace(/^\[|\]$/g, "")
    .toLowerCase();
}

/**
 * Text reduced to what a quote must match: Unicode-normalised, lower case, letters and digits
 * only (punctuation, quotes and spaces dropped, so CJK text without spaces compares too).
 */
export function comparable(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");
}

/**
 * Checks a statement's cited ids: those that exist become citations, the rest are problems.
 * A statement with no valid citation is marked unverified.
 */
export function citeStatement(
  index: CueIndex,
  at: string,
  text: string,
  ids: readonly string[],
  problems: CitationProblem[],
): CitedText {
  const citations: Citation[] = [];
  const seen = new Set<string>();
  for (const id of ids) {
    const citation = index.citation(id);
    if (!citation) {
      problems.push({ at, kind: "missing-cue", detail: `${id} is not a cue of the transcript` });
      continue;
    }
    const key = `${citation.sourceId}:${citation.cue}`;
    if (seen.has(key)) continue;
    seen.add(key);
    citations.push(citation);
  }
  if (ids.length === 0) problems.push({ at, kind: "no-citation", detail: "cites no cue" });
  citations.sort((a, b) => a.start - b.start);
  return citations.length > 0 ? { text, citations } : { text, citations, unverified: true };
}

import type { Cue, Speaker } from "@verbatim/subtitles";

/** One cue as the model sees it: an id it cites (`c12`), its time and its text. */
export interface TranscriptLine {
  /** What the model cites: `c` and the line's position across everything shown, from 1. */
  id: string;
  /** Which transcription the cue belongs to (questions across several). */
  sourceId: string;
  /** The cue's position in its transcription, from 1. */
  cue: number;
  start: number;
  end: number;
  /** The cue's text as spoken (lines joined), used to check quotes. */
  text: string;
  /** The speaker's name or label, when known. */
  speaker: string | null;
}

/** A transcription given to insights: its cues and, when diarized, its speakers. */
export interface InsightSource {
  id: string;
  title?: string;
  cues: readonly Cue[];
  speakers?: readonly Speaker[] | null;
}

/** A cue longer than this is shown cut (a hostile import cannot fill the context with one cue). */
const MAX_LINE_CHARS = 1_000;

/** The cues of one or more transcriptions as numbered lines (`c1`, `c2`, … across all of them). */
export function transcriptLines(sources: readonly InsightSource[]): TranscriptLine[] {
  const lines: TranscriptLine[] = [];
  for (const source of sources) {
    const names = new Map(
      (source.speakers ?? []).map((s, i) => [s.id, s.name ?? `Speaker ${i + 1}`]),
    );
    source.cues.forEach((cue, position) => {
      const text = cue.text.replace(/\s*\n\s*/g, " ").trim();
      if (text === "") return;
      lines.push({
        id: `c${lines.length + 1}`,
        sourceId: source.id,
        cue: position + 1,
        start: cue.start,
        end: cue.end,
        text,
        speaker: cue.speaker ? (names.get(cue.speaker) ?? cue.speaker) : null,
      });
    });
  }
  return lines;
}

/** `1:02:03` or `02:03`: how a time is shown to the model and in chapter lists. */
export function clockTime(ms: number, alwaysHours = false): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const mmss = `${String(minutes).padStart(2, "0")}:${String(seconds).padStart(2, "0")}`;
  return hours > 0 || alwaysHours ? `${String(hours).padStart(2, "0")}:${mmss}` : mmss;
}

/**
 * One line of the transcript block. The text is data: anything in it that could pass for the
 * block's end or for our markup is neutralised, so a recording cannot close the block and speak
 * as the instructions.
 */
export function renderLine(line: TranscriptLine): string {
  const text = neutralise(line.text).slice(0, MAX_LINE_CHARS);
  const who = line.speaker ? `${neutralise(line.speaker).slice(0, 60)}: ` : "";
  return `${line.id} [${clockTime(line.start, true)}] ${who}${text}`;
}

/** The transcript block the prompts wrap: fixed markers, one line per cue. */
export function transcriptBlock(lines: readonly TranscriptLine[]): string {
  return `<transcript>\n${lines.map(renderLine).join("\n")}\n</transcript>`;
}

function neutralise(text: string): string {
  return text.replace(/[<>]/g, (c) => (c === "<" ? "‹" : "›"));
}

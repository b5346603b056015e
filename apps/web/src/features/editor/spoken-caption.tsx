import { clsx } from "clsx";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import type { EditorCue } from "./types";
import { placeWords, spokenWord } from "./spoken-words";
import { timeMs } from "./cue-operations";

function cueSpan(cue: EditorCue): [number, number] | null {
  const start = timeMs(cue.start);
  const end = timeMs(cue.end);
  return start === null || end === null ? null : [start, end];
}

/**
 * The subtitle on screen now, as a viewer will see it: over the picture for a video, in a box
 * under the controls for audio. While the cue's text is still what was recognised, the word
 * being spoken is highlighted, and clicking a word plays from there.
 */
export function SpokenCaption({
  cue,
  timeMs,
  overVideo,
  onSeek,
}: {
  cue: EditorCue | null;
  timeMs: number;
  overVideo: boolean;
  onSeek(ms: number): void;
}) {
  const { t } = useTranslation();
  if (!cue || cue.text.trim() === "") return null;
  const words = placeWords(cue.text, cue.words, cueSpan(cue));
  const current = words ? spokenWord(words, timeMs) : -1;
  const body = words ? (
    words.map((word, i) => (
      <Fragment key={i}>
        {word.before === "\n" ? <br /> : word.before}
        <button
          type="button"
          tabIndex={-1}
          title={t("editor.player.playFromWord")}
          aria-current={i === current ? "true" : undefined}
          data-spoken={i === current ? "true" : undefined}
          onClick={() => onSeek(word.startMs)}
          className={clsx(
            "pointer-events-auto cursor-pointer rounded-sm",
            i === current && (overVideo ? "bg-yellow-300 text-black" : "bg-yellow-200"),
          )}
        >
          {word.text}
        </button>
      </Fragment>
    ))
  ) : (
    <span className="whitespace-pre-line">{cue.text}</span>
  );
  if (overVideo) {
    return (
      <p
        data-testid="video-caption"
        className="pointer-events-none absolute inset-x-4 bottom-4 text-center"
      >
        <span className="rounded bg-black/75 px-2 py-1 text-base leading-relaxed text-white [box-decoration-break:clone]">
          {body}
        </span>
      </p>
    );
  }
  return (
    <p
      data-testid="audio-caption"
      className="rounded-md border border-zinc-200 bg-zinc-50 px-3 py-2 text-center text-sm leading-relaxed text-zinc-900"
    >
      {body}
    </p>
  );
}

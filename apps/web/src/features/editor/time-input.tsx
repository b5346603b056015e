import {
  frameEdgeMs,
  nudgeByFrames,
  parseSmpteTimecode,
  smpteTimecode,
  type FrameRate,
} from "@verbatim/formats/frame-rate";
import { formatTimecode } from "@verbatim/subtitles";
import { clsx } from "clsx";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TimeProblem } from "./cue-checks";
import { timeMs } from "./cue-operations";

/**
 * A start or end time, kept as typed; red with a message when it is not a valid time. In frame
 * mode (`frameRate`) it shows and takes SMPTE timecode `HH:MM:SS:FF` of the video's rate
 * (`;` before the frames in drop-frame), stores the frame's start, and ↑/↓ move it a frame.
 */
export function TimeInput({
  id,
  label,
  value,
  problem,
  frameRate = null,
  onChange,
  onFocus,
}: {
  id: string;
  label: string;
  value: string;
  problem: TimeProblem | null;
  frameRate?: FrameRate | null;
  onChange(value: string): void;
  onFocus(): void;
}) {
  const { t } = useTranslation();
  // Frame mode: what is being typed, until it reads as a timecode (then the cue takes it).
  const [typed, setTyped] = useState<string | null>(null);
  const ms = timeMs(value);
  const shown = frameRate ? (typed ?? (ms === null ? value : smpteTimecode(ms, frameRate))) : value;
  const typedWrong =
    frameRate !== null && typed !== null && parseSmpteTimecode(typed, frameRate) === null;
  const shownProblem: TimeProblem | null = typedWrong ? "format" : problem;
  const change = (text: string) => {
    if (!frameRate) return onChange(text);
    setTyped(text);
    const frames = parseSmpteTimecode(text, frameRate);
    if (frames !== null) onChange(formatTimecode(frameEdgeMs(frames, frameRate)));
  };
  const nudge = (frames: number) => {
    if (!frameRate || ms === null) return;
    setTyped(null);
    onChange(formatTimecode(nudgeByFrames(ms, frames, frameRate)));
  };
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        value={shown}
        inputMode="numeric"
        spellCheck={false}
        autoComplete="off"
        aria-invalid={shownProblem ? true : undefined}
        aria-describedby={shownProblem ? `${id}-error` : undefined}
        onChange={(event) => change(event.target.value)}
        onKeyDown={(event) => {
          if (!frameRate || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
          event.preventDefault();
          nudge(event.key === "ArrowUp" ? 1 : -1);
        }}
        onBlur={() => setTyped(null)}
        onFocus={onFocus}
        className={clsx(
          "h-8 w-full rounded-md border bg-white px-1.5 font-mono text-[13px] text-zinc-900 tabular-nums",
          "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600",
          shownProblem ? "border-red-600 bg-red-50" : "border-zinc-300",
        )}
      />
      {shownProblem && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {t(`editor.time.${shownProblem}`)}
        </p>
      )}
    </div>
  );
}

import type { StyleName } from "@verbatim/subtitles";
import { clsx } from "clsx";
import { memo } from "react";
import { useTranslation } from "react-i18next";
import { editPlainText, isEmptyCue, plainCueText } from "@verbatim/subtitles";
import { StyledPreview } from "./styled-preview";
import { readingStats, readingWarnings, timeProblem } from "./cue-checks";
import { EditorIcon, type EditorIconName } from "./icons";
import { nextSpeakerId, speakerColour, speakerName, speakerNumber, type Speaker } from "./speakers";
import { ScriptMismatches } from "./script-mismatches";
import { TimeInput } from "./time-input";
import type { FrameRate } from "@verbatim/formats/frame-rate";
import type { EditorCue, TimeField } from "./types";

export interface CueRowHandlers {
  editText(key: number, text: string): void;
  editTime(index: number, field: TimeField, value: string): void;
  split(index: number, caret: number | null): void;
  mergeNext(index: number): void;
  insertAfter(index: number): void;
  remove(index: number): void;
  seek(index: number): void;
  select(index: number): void;
  /** Gives the cue to a speaker (a new id adds a speaker). */
  setSpeaker(index: number, speaker: string): void;
  /** A person has checked where the cue's script and the speech disagree. */
  markChecked(index: number): void;
}

/** The id of a cue's text field (shortcuts read the caret from it). */
export function cueTextId(key: number): string {
  return `cue-${key}-text`;
}

/**
 * One subtitle as a dense table row: number (click to seek), times, text, reading speed and line
 * lengths, warnings and actions. Only the two times and the text are tab stops; the number and
 * the actions are for the mouse, and the keyboard reaches them through the shortcuts (see the
 * Shortcuts help), so tabbing through a long list stays quick. Every keystroke goes straight to
 * the editor's store (one history for text and structure), so nothing typed waits in the row.
 * A diarized transcription adds the speaker, a menu (a native select, so the keyboard and screen
 * readers know it) that is also a tab stop: changing who speaks is as common as fixing a word.
 */
export const CueRow = memo(function CueRow({
  cue,
  index,
  isLast,
  current,
  selected,
  overlaps,
  language,
  style,
  frameRate = null,
  speakers,
  handlers,
}: {
  cue: EditorCue;
  index: number;
  isLast: boolean;
  current: boolean;
  /** The row the toolbar and shortcuts act on. */
  selected: boolean;
  /** Whether it starts before the cue above it ends. */
  overlaps: boolean;
  language: string | null;
  style?: StyleName;
  /** Frame mode: times shown and typed as SMPTE timecode of this rate. */
  frameRate?: FrameRate | null;
  /** The transcription's speakers; null when it was not diarized (no speaker column). */
  speakers: readonly Speaker[] | null;
  handlers: CueRowHandlers;
}) {
  const { t } = useTranslation();
  const number = index + 1;
  const id = `cue-${cue.key}`;
  const warnings = readingWarnings(cue, language, style);
  const stats = readingStats(cue, language, style);
  const select = () => handlers.select(index);
  const caret = () => {
    const field = document.getElementById(cueTextId(cue.key));
    return field instanceof HTMLTextAreaElement ? field.selectionStart : null;
  };

  const action = (name: EditorIconName, label: string, run: () => void, disabled = false) => (
    <button
      type="button"
      tabIndex={-1}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={run}
      className="inline-flex size-6 items-center justify-center rounded text-zinc-700 hover:bg-zinc-200 disabled:opacity-40"
    >
      <EditorIcon name={name} />
    </button>
  );
  // Rows for a browser without field-sizing; where it exists the field grows with its text
  // (a long line wraps instead of being cut off on a phone), up to four lines.
  const lines = Math.min(4, Math.max(1, cue.text.split("\n").length));

  return (
    <li
      data-cue-index={index}
      aria-current={current ? "true" : undefined}
      className={clsx(
        "grid grid-cols-[2.25rem_minmax(0,1fr)_minmax(0,1fr)] items-start gap-x-2 gap-y-1 border-b border-zinc-200 px-2 py-1 last:border-b-0",
        speakers
          ? "md:grid-cols-[2.25rem_7.5rem_7.5rem_9rem_minmax(0,1fr)_auto]"
          : "md:grid-cols-[2.25rem_7.5rem_7.5rem_minmax(0,1fr)_auto]",
        current ? "bg-blue-50" : selected ? "bg-zinc-50" : "bg-white",
        overlaps && "border-l-4 border-l-red-600",
        !overlaps && cue.mismatches && "border-l-4 border-l-amber-500",
      )}
    >
      <button
        type="button"
        tabIndex={-1}
        onClick={() => handlers.seek(index)}
        aria-label={t("editor.list.number", { number, time: cue.start })}
        className={clsx(
          "h-8 min-w-8 rounded-md px-1 text-sm font-semibold tabular-nums",
          current ? "bg-blue-700 text-white" : "bg-zinc-100 text-zinc-800 hover:bg-zinc-200",
        )}
      >
        {number}
      </button>
      {(["start", "end"] as const).map((field) => (
        <TimeInput
          key={field}
          id={`${id}-${field}`}
          label={t(`editor.list.${field}`, { number })}
          value={cue[field]}
          problem={timeProblem(cue, field)}
          frameRate={frameRate}
          onChange={(value) => handlers.editTime(index, field, value)}
          onFocus={select}
        />
      ))}
      {speakers && (
        <SpeakerMenu
          id={`${id}-speaker`}
          number={number}
          speakers={speakers}
          value={cue.speaker}
          onFocus={select}
          onChange={(speaker) => handlers.setSpeaker(index, speaker)}
        />
      )}
      <div className="col-span-3 min-w-0 md:col-span-1">
        <label htmlFor={cueTextId(cue.key)} className="sr-only">
          {t("editor.list.text", { number })}
        </label>
        {/* The box shows the plain text (a typed "<i>" stays text); styles are kept through
            edits (editPlainText) and shown in the preview under it. */}
        <textarea
          id={cueTextId(cue.key)}
          value={plainCueText(cue.text)}
          rows={lines}
          aria-describedby={isEmptyCue(cue) ? `${id}-empty` : undefined}
          onChange={(event) =>
            handlers.editText(cue.key, editPlainText(cue.text, event.target.value))
          }
          onFocus={select}
          className="block max-h-[78px] w-full resize-none rounded-md border border-zinc-300 bg-white px-2 py-0.5 text-[13px] leading-[18px] text-zinc-900 field-sizing-content focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600"
        />
        <StyledPreview cue={cue} number={number} />
        {isEmptyCue(cue) && (
          <p className="mt-0.5 text-xs font-medium text-amber-900" id={`${id}-empty`}>
            {t("editor.list.emptyCue")}
          </p>
        )}
        {overlaps && (
          <p className="mt-0.5 text-xs font-medium text-red-700" id={`${id}-overlap`}>
            {t("editor.list.overlaps", { number, previous: number - 1 })}
          </p>
        )}
        {cue.mismatches && (
          <ScriptMismatches
            number={number}
            mismatches={cue.mismatches}
            onChecked={() => handlers.markChecked(index)}
          />
        )}
        {warnings.length > 0 && (
          <ul
            className="mt-1 flex flex-wrap gap-1"
            aria-label={t("editor.list.warnings", { number })}
          >
            {warnings.map((code) => (
              <li
                key={code}
                className="rounded-full border border-amber-300 bg-amber-50 px-1.5 text-xs font-medium text-amber-900"
              >
                {t(`editor.warnings.${code}`)}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="col-span-3 flex items-center justify-between gap-2 md:col-span-1 md:flex-col md:items-end md:gap-0.5">
        <ReadingNumbers stats={stats} number={number} />
        <div className="flex gap-0.5">
          {action("split", t("editor.list.split", { number }), () =>
            handlers.split(index, caret()),
          )}
          {action(
            "merge",
            t("editor.list.merge", { number }),
            () => handlers.mergeNext(index),
            isLast,
          )}
          {action("insert", t("editor.list.insert", { number }), () => handlers.insertAfter(index))}
          {action("delete", t("editor.list.delete", { number }), () => handlers.remove(index))}
        </div>
      </div>
    </li>
  );
});

/** The cue's speaker: a select in the speaker's colour, with "New speaker" last. */
function SpeakerMenu({
  id,
  number,
  speakers,
  value,
  onFocus,
  onChange,
}: {
  id: string;
  number: number;
  speakers: readonly Speaker[];
  value: string | undefined;
  onFocus(): void;
  onChange(speaker: string): void;
}) {
  const { t } = useTranslation();
  const unnamed = (n: number) => t("editor.speakers.unnamed", { number: n });
  const added = nextSpeakerId(speakers);
  return (
    <div className="col-span-3 min-w-0 md:col-span-1">
      <label htmlFor={id} className="sr-only">
        {t("editor.speakers.rowLabel", { number })}
      </label>
      <select
        id={id}
        value={value ?? ""}
        onFocus={onFocus}
        onChange={(event) => onChange(event.target.value)}
        className={clsx(
          "block h-8 w-full rounded-md border px-1.5 text-[13px] font-medium focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600",
          value ? speakerColour(speakers, value).chip : "border-zinc-300 bg-white text-zinc-800",
        )}
      >
        {!value && <option value="">{t("editor.speakers.none")}</option>}
        {speakers.map((speaker) => (
          <option key={speaker.id} value={speaker.id}>
            {speakerName(speakers, speaker.id, unnamed)}
          </option>
        ))}
        <option value={added}>
          {t("editor.speakers.new", { speaker: unnamed(speakerNumber(speakers, added)) })}
        </option>
      </select>
    </div>
  );
}

/** Reading speed and line lengths, red where over the preset's limit. */
function ReadingNumbers({
  stats,
  number,
}: {
  stats: ReturnType<typeof readingStats>;
  number: number;
}) {
  const { t } = useTranslation();
  const { cps, lineLengths, limits } = stats;
  const fast = cps !== null && cps > limits.maxCharsPerSecond;
  return (
    <dl
      aria-label={t("editor.list.numbers", { number })}
      className="flex gap-3 text-xs text-zinc-700 tabular-nums"
    >
      <div className="flex gap-1">
        <dt className="sr-only">{t("editor.list.cps")}</dt>
        <dd className={clsx(fast && "font-semibold text-red-700")} data-testid="cue-cps">
          {cps === null ? "–" : Number.isFinite(cps) ? cps.toFixed(1) : "∞"}
          <span aria-hidden="true"> {t("editor.list.cpsUnit")}</span>
        </dd>
      </div>
      <div className="flex gap-1">
        <dt className="sr-only">{t("editor.list.lineLengths")}</dt>
        <dd data-testid="cue-lines">
          {lineLengths.map((length, i) => (
            <span
              key={i}
              className={clsx(length > limits.maxCharsPerLine && "font-semibold text-red-700")}
            >
              {i > 0 && " · "}
              {length}
            </span>
          ))}
        </dd>
      </div>
    </dl>
  );
}

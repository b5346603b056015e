import { formatTimecode } from "@verbatim/subtitles";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";

/**
 * An inline control: shift every timing by + or − seconds. A shift that would move the
 * earliest time below zero, or a cue's start past the end of the media, is refused with the
 * largest shift that fits (never clamped, which would pile cues up at either end).
 */
export function ShiftControl({
  onShift,
  earliestMs,
  latestStartMs,
  mediaMs,
}: {
  onShift(offsetMs: number): void;
  earliestMs: number | null;
  /** The latest start of any cue, and the media's length: no cue may start after the end. */
  latestStartMs: number | null;
  mediaMs: number | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState("");
  // Seconds as people write them ("1.5", "-0,25"); not "1e3" or "0x10".
  const written = /^\s*[+-]?\d+(?:[.,]\d+)?\s*$/.test(value);
  const seconds = written ? Number(value.trim().replace(",", ".")) : Number.NaN;
  const number = written && seconds !== 0;
  const offset = Math.round(seconds * 1000);
  const tooEarly = number && earliestMs !== null && earliestMs + offset < 0;
  const tooLate =
    number && latestStartMs !== null && mediaMs !== null && latestStartMs + offset >= mediaMs;
  const valid = number && !tooEarly && !tooLate;

  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!valid) return;
        onShift(Math.round(seconds * 1000));
        setValue("");
      }}
    >
      <div className="space-y-1">
        <label htmlFor={id} className="block text-xs font-medium text-zinc-800">
          {t("editor.shift.label")}
        </label>
        <input
          id={id}
          type="text"
          inputMode="decimal"
          placeholder="+0.5"
          value={value}
          aria-describedby={tooEarly || tooLate ? `${id}-error` : `${id}-hint`}
          aria-invalid={tooEarly || tooLate || (value.trim() !== "" && !written) ? true : undefined}
          onChange={(event) => setValue(event.target.value)}
          className="h-8 w-24 rounded-md border border-zinc-300 bg-white px-2 text-sm text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600"
        />
        <p id={`${id}-hint`} className="sr-only">
          {t("editor.shift.hint")}
        </p>
        {tooEarly && earliestMs !== null && (
          <p id={`${id}-error`} role="alert" className="max-w-56 text-xs text-red-700">
            {t("editor.shift.tooEarly", {
              first: formatTimecode(earliestMs),
              seconds: (earliestMs / 1000).toFixed(3).replace(/\.?0+$/, ""),
            })}
          </p>
        )}
        {tooLate && latestStartMs !== null && mediaMs !== null && (
          <p id={`${id}-error`} role="alert" className="max-w-56 text-xs text-red-700">
            {t("editor.shift.tooLate", {
              last: formatTimecode(latestStartMs),
              end: formatTimecode(mediaMs),
              seconds: (Math.max(0, mediaMs - 1 - latestStartMs) / 1000)
                .toFixed(3)
                .replace(/\.?0+$/, ""),
            })}
          </p>
        )}
      </div>
      <Button type="submit" variant="outline" size="sm" disabled={!valid}>
        {t("editor.shift.apply")}
      </Button>
    </form>
  );
}

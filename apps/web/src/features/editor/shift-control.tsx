import { formatTimecode } from "@verbatim/subtitles";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";

/**
 * An inline control: shift every timing by + or − seconds. A shift that would move the
 * earliest time below zero is refused with the largest shift back that fits (never clamped,
 * which would pile the first cues up at zero).
 */
export function ShiftControl({
  onShift,
  earliestMs,
}: {
  onShift(offsetMs: number): void;
  earliestMs: number | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState("");
  const seconds = Number(value.replace(",", "."));
  const number = value.trim() !== "" && Number.isFinite(seconds) && seconds !== 0;
  const tooEarly = number && earliestMs !== null && earliestMs + Math.round(seconds * 1000) < 0;
  const valid = number && !tooEarly;

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
          aria-describedby={tooEarly ? `${id}-error` : `${id}-hint`}
          aria-invalid={tooEarly ? true : undefined}
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
      </div>
      <Button type="submit" variant="outline" size="sm" disabled={!valid}>
        {t("editor.shift.apply")}
      </Button>
    </form>
  );
}

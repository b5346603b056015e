import { useTranslation } from "react-i18next";
import { uncheckedMismatches } from "./cue-operations";
import type { EditorCue, ScriptMismatch } from "./types";

// Where a re-timed script and the speech disagree: on each cue, and a list at the top of the
// editor so a person checks those places first.

/** One cue's mismatches, each said in words, and "Checked" to drop them. */
export function ScriptMismatches({
  number,
  mismatches,
  onChecked,
}: {
  number: number;
  mismatches: readonly ScriptMismatch[];
  onChecked(): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-1 flex flex-wrap items-start justify-between gap-2 rounded-md border border-amber-300 bg-amber-50 px-2 py-1 text-xs text-amber-950">
      <ul aria-label={t("editor.mismatches.label", { number })} className="min-w-0 space-y-0.5">
        {mismatches.map((mismatch) => (
          <li
            key={`${mismatch.startMs}-${mismatch.script}-${mismatch.heard}`}
            className="break-words"
          >
            {mismatchText(t, mismatch)}
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={onChecked}
        aria-label={t("editor.mismatches.checkedLabel", { number })}
        className="rounded border border-amber-400 bg-white px-1.5 font-medium hover:bg-amber-100"
      >
        {t("editor.mismatches.checked")}
      </button>
    </div>
  );
}

function mismatchText(
  t: ReturnType<typeof useTranslation>["t"],
  { script, heard }: ScriptMismatch,
): string {
  if (heard === "") return t("editor.mismatches.notHeard", { script });
  if (script === "") return t("editor.mismatches.notInScript", { heard });
  return t("editor.mismatches.different", { script, heard });
}

/** The cues still to check, first in the editor; nothing when there are none. */
export function MismatchSummary({
  cues,
  onGo,
}: {
  cues: readonly EditorCue[];
  onGo(index: number): void;
}) {
  const { t } = useTranslation();
  const indexes = uncheckedMismatches(cues);
  if (indexes.length === 0) return null;
  return (
    <section
      aria-labelledby="mismatch-summary"
      className="mb-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <h2 id="mismatch-summary" className="font-semibold">
        {t("editor.mismatches.summary", { count: indexes.length })}
      </h2>
      <p className="mt-0.5">{t("editor.mismatches.summaryHint")}</p>
      <ul className="mt-2 flex flex-wrap gap-1.5">
        {indexes.map((index) => (
          <li key={cues[index]!.key}>
            <button
              type="button"
              onClick={() => onGo(index)}
              className="rounded border border-amber-400 bg-white px-2 py-0.5 font-medium hover:bg-amber-100"
            >
              {t("editor.mismatches.go", { number: index + 1, time: cues[index]!.start })}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

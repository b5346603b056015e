import { clsx } from "clsx";
import { useTranslation } from "react-i18next";
import type { TimeProblem } from "./cue-checks";

/** A start or end time, kept as typed; red with a message when it is not a valid time. */
export function TimeInput({
  id,
  label,
  value,
  problem,
  onChange,
  onFocus,
}: {
  id: string;
  label: string;
  value: string;
  problem: TimeProblem | null;
  onChange(value: string): void;
  onFocus(): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        value={value}
        inputMode="numeric"
        spellCheck={false}
        autoComplete="off"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        onFocus={onFocus}
        className={clsx(
          "h-8 w-full rounded-md border bg-white px-1.5 font-mono text-[13px] text-zinc-900 tabular-nums",
          "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600",
          problem ? "border-red-600 bg-red-50" : "border-zinc-300",
        )}
      />
      {problem && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {t(`editor.time.${problem}`)}
        </p>
      )}
    </div>
  );
}

/** A labelled progress bar; `value` null shows an indeterminate bar. */
export function ProgressBar({
  label,
  value,
  detail,
}: {
  label: string;
  value: number | null;
  detail?: string;
}) {
  return (
    <div className="space-y-1.5">
      <div className="flex justify-between gap-4 text-sm">
        <span className="font-medium text-zinc-900">{label}</span>
        <span className="text-zinc-600" aria-hidden>
          {detail}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value ?? undefined}
        aria-valuetext={detail}
        className="h-3 overflow-hidden rounded-full bg-zinc-200"
      >
        <div
          className={
            value === null
              ? "h-full w-1/3 animate-pulse rounded-full bg-blue-400"
              : "h-full rounded-full bg-blue-600 transition-[width] duration-300"
          }
          style={value === null ? undefined : { width: `${Math.max(0, Math.min(100, value))}%` }}
        />
      </div>
    </div>
  );
}

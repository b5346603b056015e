import { clsx } from "clsx";
import { useTranslation } from "react-i18next";

export const STEPS = ["upload", "process", "edit", "download"] as const;
export type Step = (typeof STEPS)[number];

/** The four steps, the current one marked for screen readers too. */
export function StepIndicator({ current }: { current: Step }) {
  const { t } = useTranslation();
  const at = STEPS.indexOf(current);
  return (
    <nav aria-label={t("workspace.steps.label")}>
      <ol className="flex items-center gap-2 text-sm">
        {STEPS.map((step, i) => (
          <li
            key={step}
            className="flex flex-1 items-center gap-2"
            aria-current={i === at ? "step" : undefined}
          >
            <span
              className={clsx(
                "grid size-7 shrink-0 place-items-center rounded-full text-xs font-semibold",
                i < at
                  ? "bg-blue-600 text-white"
                  : i === at
                    ? "border-2 border-blue-600 text-blue-700"
                    : "border border-zinc-300 text-zinc-500",
              )}
            >
              {i < at ? "✓" : i + 1}
            </span>
            <span
              className={clsx(
                "hidden sm:inline",
                i === at ? "font-semibold text-zinc-900" : "text-zinc-600",
              )}
            >
              {t(`workspace.steps.${step}`)}
            </span>
            {i < STEPS.length - 1 && <span aria-hidden className="h-px flex-1 bg-zinc-200" />}
          </li>
        ))}
      </ol>
    </nav>
  );
}

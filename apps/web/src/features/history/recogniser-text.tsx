import { useTranslation } from "react-i18next";
import type { TranscriptionSummary } from "../../api/types";

/**
 * Which model family transcribed a job, with the model's name ("Transcribed by Parakeet
 * (parakeet-tdt-0.6b-v3)"), for the history and the editor; nothing for jobs from before
 * families were recorded, nor before a job has completed (a job on "auto" may still be routed
 * to another family once its language is detected).
 */
export function RecogniserText({
  item,
  className,
}: {
  item: Partial<Pick<TranscriptionSummary, "modelFamily" | "engineModel" | "status">>;
  className?: string;
}) {
  const { t } = useTranslation();
  if (!item.modelFamily || (item.status !== undefined && item.status !== "completed")) return null;
  const family = t(`workspace.history.families.${item.modelFamily}`);
  return (
    <span className={className} data-family={item.modelFamily}>
      {item.engineModel
        ? t("workspace.history.recogniser", { family, model: item.engineModel })
        : t("workspace.history.recogniserFamily", { family })}
    </span>
  );
}

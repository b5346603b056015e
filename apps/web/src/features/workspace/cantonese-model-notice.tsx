import { useTranslation } from "react-i18next";
import { useCantoneseModel } from "./model-readiness";

/**
 * Under the language when Cantonese is chosen: which model will run it. With the Cantonese model
 * (SenseVoice) ready, how the text is written; while it downloads or when the server has none,
 * says so and lets the visitor start now with Whisper (the server refuses a Cantonese job on
 * Whisper unless asked: `fallback=whisper`), or wait.
 */
export function CantoneseModelNotice({
  listed,
  fallback,
  onFallback,
}: {
  /** /api/models lists an installed SenseVoice model (for servers whose health says nothing). */
  listed: boolean;
  fallback: boolean;
  onFallback(on: boolean): void;
}) {
  const { t } = useTranslation();
  const model = useCantoneseModel();
  const ready = model.kind === "ready" || (model.kind === "unknown" && listed);
  if (ready) {
    return (
      <p id="cantonese-hint" className="text-sm text-zinc-600">
        {t("workspace.options.cantoneseHint")}
      </p>
    );
  }
  return (
    <div className="space-y-1 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950">
      <p id="cantonese-hint" role="status">
        {model.kind === "downloading"
          ? t("workspace.options.cantoneseDownloading", { percent: model.percent })
          : t("workspace.options.cantoneseNoModel")}
      </p>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={fallback}
          onChange={(event) => onFallback(event.target.checked)}
        />
        {t("workspace.options.cantoneseStartWithWhisper")}
      </label>
    </div>
  );
}

// The editor's last row: Back, how many subtitles are empty, Save and Continue.
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";

export function EditorFooter({
  readOnly,
  saving,
  emptyCount,
  onBack,
  onSave,
  onContinue,
}: {
  readOnly: boolean;
  saving: boolean;
  /** Subtitles without text (left out of downloads). */
  emptyCount: number;
  onBack(): void;
  onSave(): void;
  onContinue(): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap justify-between gap-2 border-t border-zinc-200 pt-4">
      <Button variant="outline" onClick={onBack}>
        {t("editor.toolbar.back")}
      </Button>
      <div className="flex flex-wrap items-center justify-end gap-2">
        {emptyCount > 0 && (
          <p id="editor-empty-cues" className="text-sm font-medium text-amber-900">
            {t("editor.toolbar.emptyCues", { count: emptyCount })}
          </p>
        )}
        {!readOnly && (
          <Button
            variant="secondary"
            disabled={saving}
            onClick={onSave}
            aria-describedby={emptyCount > 0 ? "editor-empty-cues" : undefined}
          >
            {saving ? t("editor.toolbar.saving") : t("editor.toolbar.save")}
          </Button>
        )}
        <Button
          disabled={saving}
          onClick={onContinue}
          aria-describedby={emptyCount > 0 ? "editor-empty-cues" : undefined}
        >
          {t("editor.toolbar.continue")}
        </Button>
      </div>
    </div>
  );
}

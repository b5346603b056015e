import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";

/**
 * Shown when a save was refused because these subtitles were saved elsewhere meanwhile (another
 * tab or device): nothing is overwritten until the user picks a version, and taking the other
 * version is one undo step, so this editor's work can still be brought back.
 */
export function ConflictBanner({
  onKeepMine,
  onUseTheirs,
}: {
  onKeepMine(): void;
  onUseTheirs(): void;
}) {
  const { t } = useTranslation();
  return (
    <section
      role="alert"
      aria-labelledby="edit-conflict-title"
      className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-950"
    >
      <h2 id="edit-conflict-title" className="font-semibold">
        {t("editor.conflict.title")}
      </h2>
      <p className="mt-1">{t("editor.conflict.text")}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" onClick={onKeepMine}>
          {t("editor.conflict.keepMine")}
        </Button>
        <Button size="sm" variant="outline" onClick={onUseTheirs}>
          {t("editor.conflict.useTheirs")}
        </Button>
      </div>
    </section>
  );
}

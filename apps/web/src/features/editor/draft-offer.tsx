import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button";
import type { EditorDraft } from "./editor-drafts";
import { dateLocale } from "../../i18n/language";

/** Offers back changes this device kept that differ from a newer saved version. */
export function DraftOffer({
  draft,
  onRestore,
  onDiscard,
}: {
  draft: EditorDraft;
  onRestore(): void;
  onDiscard(): void;
}) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(dateLocale(i18n.language), {
    dateStyle: "medium",
    timeStyle: "short",
  }).format(draft.updatedAt);
  return (
    <section
      role="alert"
      aria-labelledby="draft-offer-title"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <h2 id="draft-offer-title" className="font-semibold">
        {t("editor.draft.offerTitle")}
      </h2>
      <p className="mt-1">{t("editor.draft.offer", { time })}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" onClick={onRestore}>
          {t("editor.draft.restore")}
        </Button>
        <Button size="sm" variant="outline" onClick={onDiscard}>
          {t("editor.draft.discard")}
        </Button>
      </div>
    </section>
  );
}

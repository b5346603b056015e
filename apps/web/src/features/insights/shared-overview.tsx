import { useTranslation } from "react-i18next";
import type { SharedTranscription } from "../../api/types";
import { CitationLink } from "./citation-link";

/**
 * A share link's page: the owner's short summary and chapters, each chapter's time a link that
 * plays from there; a summary whose sources did not hold is marked.
 */
export function SharedOverview({
  overview,
  onSeek,
}: {
  overview: NonNullable<SharedTranscription["overview"]>;
  onSeek(ms: number): void;
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="shared-overview-title"
      className="space-y-2 rounded-xl border border-zinc-200 p-4"
    >
      <h2 id="shared-overview-title" className="text-lg font-semibold text-zinc-900">
        {t("insights.title")}
      </h2>
      <p className="text-zinc-800">
        {overview.shortSummary}{" "}
        {overview.unverified && (
          <span className="rounded bg-amber-100 px-1 text-xs font-medium text-amber-950">
            {t("insights.unverified")}
          </span>
        )}
      </p>
      {overview.chapters.length > 0 && (
        <>
          <h3 className="text-sm font-semibold text-zinc-700">{t("insights.chapters")}</h3>
          <ol className="space-y-1 text-sm text-zinc-800">
            {overview.chapters.map((chapter) => (
              <li key={chapter.start}>
                <CitationLink citation={chapter} onSeek={onSeek} />{" "}
                <span className="font-medium">{chapter.title}</span>
                {chapter.gist && <span className="block pl-1 text-zinc-600">{chapter.gist}</span>}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

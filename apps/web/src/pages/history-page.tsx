import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "../app/paths";
import { Button } from "../components/ui/button";
import { Page } from "../components/ui/page";
import { HistoryActions } from "../features/history/history-actions";
import { useHistory, type HistoryItem } from "../features/history/use-history";
import { clock } from "../features/workspace/media-duration";
import { dateLocale } from "../i18n/language";

const STATUS_STYLE: Record<HistoryItem["status"], string> = {
  queued: "bg-zinc-100 text-zinc-800",
  processing: "bg-blue-100 text-blue-900",
  completed: "bg-emerald-100 text-emerald-900",
  failed: "bg-red-100 text-red-900",
  cancelled: "bg-zinc-100 text-zinc-700",
};

/** /history: every transcription with live status, open, download, rename, delete. */
export default function HistoryPage() {
  const { t, i18n } = useTranslation();
  const history = useHistory();
  const date = new Intl.DateTimeFormat(dateLocale(i18n.language), {
    dateStyle: "medium",
    timeStyle: "short",
  });
  const languageName = new Intl.DisplayNames([dateLocale(i18n.language)], { type: "language" });
  const nameOf = (code: string | null) => {
    if (!code) return t("workspace.history.unknownLanguage");
    try {
      return languageName.of(code) ?? code;
    } catch {
      return code;
    }
  };
  return (
    <Page title={t("workspace.history.title")} intro={t("workspace.history.intro")} width="wide">
      {history.isPending && <p className="text-zinc-600">{t("common.loading")}</p>}
      {history.isError && (
        <p role="alert" className="text-red-700">
          {t("workspace.history.loadFailed")}
        </p>
      )}
      {history.data?.length === 0 && (
        <div className="rounded-xl border border-dashed border-zinc-300 p-10 text-center">
          <p className="text-zinc-600">{t("workspace.history.empty")}</p>
          <Button asChild className="mt-4">
            <Link to={paths.home}>{t("workspace.history.createFirst")}</Link>
          </Button>
        </div>
      )}
      {history.data && history.data.length > 0 && (
        <div className="overflow-x-auto rounded-xl border border-zinc-200">
          <table className="w-full min-w-[48rem] text-left text-sm">
            <thead className="bg-zinc-50 text-zinc-700">
              <tr>
                {(
                  ["file", "date", "duration", "model", "language", "status", "actions"] as const
                ).map((column) => (
                  <th key={column} scope="col" className="px-4 py-3 font-semibold">
                    {t(`workspace.history.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-200">
              {history.data.map((item) => (
                <tr key={item.id}>
                  <th
                    scope="row"
                    className="max-w-64 truncate px-4 py-3 font-medium text-zinc-900"
                    title={item.fileName}
                  >
                    {item.fileName}
                  </th>
                  <td className="px-4 py-3 whitespace-nowrap text-zinc-700">
                    {date.format(new Date(item.createdAt))}
                  </td>
                  <td className="px-4 py-3 text-zinc-700">{clock(item.duration)}</td>
                  <td className="px-4 py-3 text-zinc-700">{item.model || "whisper-1"}</td>
                  <td className="px-4 py-3 text-zinc-700">{nameOf(item.language)}</td>
                  <td className="px-4 py-3">
                    <span
                      className={`rounded-full px-2 py-1 text-xs font-medium whitespace-nowrap ${STATUS_STYLE[item.status]}`}
                      title={item.error?.message}
                    >
                      {t(`workspace.history.status.${item.status}`, { progress: item.progress })}
                    </span>
                  </td>
                  <td className="px-4 py-3">
                    <HistoryActions item={item} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
}

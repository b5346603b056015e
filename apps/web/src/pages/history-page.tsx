import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { codeText } from "../api/error-text";
import { paths } from "../app/paths";
import { Button } from "../components/ui/button";
import { Page } from "../components/ui/page";
import { HistoryActions } from "../features/history/history-actions";
import { BatchGroups } from "../features/history/batch-groups";
import { Input } from "../components/ui/input";
import { modelLabel, useHistory, type HistoryItem } from "../features/history/use-history";
import { chargedText } from "../features/workspace/charged-text";
import { clock } from "../features/workspace/media-duration";
import { dateLocale } from "../i18n/language";
import { usePendingDeletions } from "../features/history/pending-deletions";
import { useTeam, useTeams } from "../features/teams/api";
import { HistoryTabs } from "../features/teams/history-tabs";
import { RecogniserText } from "../features/history/recogniser-text";
import { LanguageText, useLanguageName } from "../features/history/language-text";
import { SummaryLine } from "../features/history/summary-line";
import { AskAcross } from "../features/insights/ask-across";

const STATUS_STYLE: Record<HistoryItem["status"], string> = {
  queued: "bg-zinc-100 text-zinc-800",
  processing: "bg-blue-100 text-blue-900",
  completed: "bg-emerald-100 text-emerald-900",
  failed: "bg-red-100 text-red-900",
  cancelled: "bg-zinc-100 text-zinc-700",
};

/** The search as typed, applied once typing pauses. */
function useSettled(value: string, delay = 300): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value.trim()), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * /history: every transcription with live status, open, download, rename, delete; search by
 * name or text; a page at a time. A table on wide screens, cards on a phone. With `?team=`, a
 * team's History (the actions its role allows), beside one's own.
 */
export default function HistoryPage() {
  const { t, i18n } = useTranslation();
  const [typed, setTyped] = useState("");
  const search = useSettled(typed);
  const [params] = useSearchParams();
  const teamId = params.get("team");
  const teams = useTeams();
  const team = useTeam(teamId);
  const history = useHistory(search, teamId);
  // What the actions may offer: all of them for one's own, the role's row in a team's.
  const access = {
    allowed: teamId ? (team.data?.allowed ?? []) : null,
    teams: (teams.data ?? []).filter((item) => item.role !== "viewer"),
  };
  // Rows being deleted are hidden at once; their deletion waits a few seconds for Undo.
  const deleting = usePendingDeletions();
  const items = history.items?.filter((item) => !deleting.has(item.id));
  const date = new Intl.DateTimeFormat(dateLocale(i18n.language), {
    dateStyle: "medium",
    timeStyle: "short",
  });
  const nameOf = useLanguageName();
  const modelName = (model: string | null) => {
    const label = modelLabel(model);
    return label === "fast" || label === "accurate"
      ? t(`workspace.history.models.${label}`)
      : label;
  };
  return (
    <Page title={t("workspace.history.title")} intro={t("workspace.history.intro")} width="wide">
      {teams.data && teams.data.length > 0 && <HistoryTabs teams={teams.data} current={teamId} />}
      {teamId && team.data?.allowed.includes("upload") && (
        <Button asChild className="mb-6">
          <Link to={`${paths.home}?team=${teamId}`}>{t("teams.upload.button")}</Link>
        </Button>
      )}
      {history.isPending && <p className="text-zinc-600">{t("common.loading")}</p>}
      {history.isError && (
        <p role="alert" className="text-red-700">
          {t("workspace.history.loadFailed")}
        </p>
      )}
      <div className="mb-4 max-w-md">
        <label htmlFor="history-search" className="mb-1.5 block text-sm font-medium text-zinc-800">
          {t("workspace.history.search")}
        </label>
        <Input
          id="history-search"
          type="search"
          value={typed}
          placeholder={t("workspace.history.searchHint")}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
      {items && <AskAcross items={items} />}
      {items && search === "" && !teamId && <BatchGroups items={items} />}
      {items?.length === 0 && search !== "" && (
        <p className="text-zinc-600" role="status">
          {t("workspace.history.noMatch", { search })}
        </p>
      )}
      {items?.length === 0 && search === "" && (
        <div className="rounded-xl border border-dashed border-zinc-300 p-10 text-center">
          <p className="text-zinc-600">{t("workspace.history.empty")}</p>
          <Button asChild className="mt-4">
            <Link to={paths.home}>{t("workspace.history.createFirst")}</Link>
          </Button>
        </div>
      )}
      {items && items.length > 0 && (
        <ul
          className="grid gap-3 sm:grid-cols-2 lg:hidden"
          aria-label={t("workspace.history.title")}
        >
          {items.map((item) => (
            <li key={item.id} className="rounded-xl border border-zinc-200 p-4">
              <p className="font-medium break-words text-zinc-900">{item.fileName}</p>
              <SummaryLine item={item} className="mt-1 block" />
              <p className="mt-1 text-sm text-zinc-600">
                {date.format(new Date(item.createdAt))} · {clock(item.duration)} ·{" "}
                {modelName(item.model)}
                {typeof item.speakerCount === "number" && (
                  <> · {t("workspace.history.speakers", { count: item.speakerCount })}</>
                )}
              </p>
              <LanguageText code={item.language} className="mt-1 block text-sm text-zinc-600" />
              <RecogniserText
                item={item}
                className="mt-1 block text-xs break-words text-zinc-600"
              />
              <p className="mt-2">
                <span
                  className={`rounded-full px-2 py-1 text-xs font-medium ${STATUS_STYLE[item.status]}`}
                  title={item.error ? (codeText(item.error.code) ?? undefined) : undefined}
                >
                  {t(`workspace.history.status.${item.status}`, { progress: item.progress })}
                </span>
                <StoppedCharge item={item} />
              </p>
              <div className="mt-3">
                <HistoryActions item={item} access={access} />
              </div>
            </li>
          ))}
        </ul>
      )}
      {items && items.length > 0 && (
        <div className="hidden overflow-x-auto rounded-xl border border-zinc-200 lg:block">
          <table className="w-full min-w-[48rem] text-left text-sm">
            <thead className="bg-zinc-50 text-zinc-700">
              <tr>
                {(
                  ["file", "date", "duration", "model", "language", "status", "actions"] as const
                ).map((column) => (
                  <th
                    key={column}
                    scope="col"
                    className="px-4 py-3 font-semibold whitespace-nowrap"
                  >
                    {t(`workspace.history.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-200">
              {items.map((item) => (
                <tr key={item.id}>
                  <th
                    scope="row"
                    className="max-w-64 truncate px-4 py-3 font-medium text-zinc-900"
                    title={item.fileName}
                  >
                    {item.fileName}
                    <SummaryLine item={item} className="mt-1" />
                  </th>
                  <td className="px-4 py-3 whitespace-nowrap text-zinc-700">
                    {date.format(new Date(item.createdAt))}
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-zinc-700">
                    {clock(item.duration)}
                  </td>
                  <td className="px-4 py-3 text-zinc-700">
                    {modelName(item.model)}
                    <RecogniserText item={item} className="block text-xs break-words" />
                    {typeof item.speakerCount === "number" && (
                      <span className="block text-xs whitespace-nowrap">
                        {t("workspace.history.speakers", { count: item.speakerCount })}
                      </span>
                    )}
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap text-zinc-700">
                    {nameOf(item.language)}
                  </td>
                  <td className="px-4 py-3">
                    <span
                      className={`rounded-full px-2 py-1 text-xs font-medium whitespace-nowrap ${STATUS_STYLE[item.status]}`}
                      title={item.error ? (codeText(item.error.code) ?? undefined) : undefined}
                    >
                      {t(`workspace.history.status.${item.status}`, { progress: item.progress })}
                    </span>
                    <StoppedCharge item={item} />
                  </td>
                  <td className="px-4 py-3">
                    <HistoryActions item={item} access={access} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {history.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button
            variant="outline"
            disabled={history.isFetchingNextPage}
            onClick={() => void history.fetchNextPage()}
          >
            {history.isFetchingNextPage ? t("common.loading") : t("workspace.history.more")}
          </Button>
        </div>
      )}
    </Page>
  );
}

/** What a cancelled or failed job was charged for the audio it had transcribed; nothing when free. */
function StoppedCharge({ item }: { item: HistoryItem }) {
  const { t } = useTranslation();
  const text =
    item.status === "cancelled" || item.status === "failed"
      ? chargedText(t, item.chargedSeconds, "history")
      : undefined;
  return text ? <span className="mt-1 block text-xs text-zinc-600">{text}</span> : null;
}

import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Team } from "../../api/types";
import { paths } from "../../app/paths";

const TAB =
  "rounded-full border px-3 py-1.5 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-blue-600";

/** History's switch between one's own transcriptions and each team's (`?team=`). */
export function HistoryTabs({
  teams,
  current,
}: {
  teams: readonly Team[];
  current: string | null;
}) {
  const { t } = useTranslation();
  const tab = (active: boolean) =>
    `${TAB} ${active ? "border-blue-600 bg-blue-50 text-blue-900" : "border-zinc-300 text-zinc-700 hover:bg-zinc-50"}`;
  return (
    <nav aria-label={t("teams.historyTabs.label")} className="mb-6 flex gap-2 overflow-x-auto pb-1">
      <Link
        to={paths.history}
        className={tab(current === null)}
        aria-current={current === null ? "page" : undefined}
      >
        {t("teams.historyTabs.mine")}
      </Link>
      {teams.map((team) => (
        <Link
          key={team.id}
          to={`${paths.history}?team=${team.id}`}
          className={tab(current === team.id)}
          aria-current={current === team.id ? "page" : undefined}
        >
          {team.name}
        </Link>
      ))}
    </nav>
  );
}

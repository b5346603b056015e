import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useMe } from "../../api/queries";
import { paths } from "../../app/paths";
import { notSentCounts } from "../batch/batch-storage";
import type { HistoryItem } from "./use-history";

interface Group {
  id: string;
  total: number;
  done: number;
  running: number;
  createdAt: string;
}

/** The batches among the history's rows, newest first, with how far each has got. */
export function batchGroups(items: readonly HistoryItem[]): Group[] {
  const groups = new Map<string, Group>();
  for (const item of items) {
    if (!item.batchId) continue;
    const group = groups.get(item.batchId) ?? {
      id: item.batchId,
      total: 0,
      done: 0,
      running: 0,
      createdAt: item.createdAt,
    };
    group.total += 1;
    if (item.status === "completed") group.done += 1;
    if (item.status === "queued" || item.status === "processing") group.running += 1;
    groups.set(item.batchId, group);
  }
  return [...groups.values()];
}

/**
 * History's batches: each batch's files sent and done, those still running, and those this
 * browser kept but never sent; each opens on the batch page.
 */
export function BatchGroups({ items }: { items: readonly HistoryItem[] }) {
  const groups = batchGroups(items);
  return groups.length > 0 ? <BatchGroupList groups={groups} /> : null;
}

function BatchGroupList({ groups }: { groups: readonly Group[] }) {
  const { t } = useTranslation();
  const { data: user } = useMe();
  const notSent = user ? notSentCounts(user.id) : new Map<string, number>();
  return (
    <section aria-labelledby="history-batches" className="mb-6">
      <h2 id="history-batches" className="mb-2 text-lg font-semibold text-zinc-900">
        {t("batch.history.title")}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {groups.map((group) => {
          const unsent = notSent.get(group.id) ?? 0;
          return (
            <li key={group.id} className="rounded-xl border border-zinc-200 p-4">
              <p className="font-medium text-zinc-900">
                {t("batch.files", { count: group.total + unsent })} ·{" "}
                {t("batch.history.summary", { done: group.done, total: group.total + unsent })}
              </p>
              <p className="mt-1 text-sm text-zinc-600">
                {[
                  group.running > 0 ? t("batch.history.running", { count: group.running }) : null,
                  unsent > 0 ? t("batch.history.notSent", { count: unsent }) : null,
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
              <Link
                to={`${paths.batch}?id=${group.id}`}
                className="mt-2 inline-block text-sm font-medium text-blue-700 underline"
              >
                {t("batch.history.open")}
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Card, CardTitle } from "../../components/ui/card";
import type { UsageReport } from "../../api/types";
import { formatNumber, formatUsd, type ProductRevenue } from "./usage";

function Stat({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Card className="p-4 sm:p-5">
      <dt className="text-sm font-medium text-zinc-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-zinc-900 tabular-nums">{value}</dd>
      {note && <dd className="mt-1 text-sm text-zinc-600">{note}</dd>}
    </Card>
  );
}

/** A titled list of label / value rows; `empty` when there are none. */
function Rows({
  title,
  rows,
  empty,
}: {
  title?: string;
  rows: [string, ReactNode][];
  empty: string;
}) {
  return (
    <div>
      {title && <h4 className="text-sm font-semibold text-zinc-800">{title}</h4>}
      {rows.length === 0 ? (
        <p className="mt-1 text-sm text-zinc-600">{empty}</p>
      ) : (
        <dl className="mt-1 divide-y divide-zinc-100">
          {rows.map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 py-1.5 text-sm">
              <dt className="break-all text-zinc-700">{label}</dt>
              <dd className="font-medium whitespace-nowrap text-zinc-900 tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

/** The period's figures: headline numbers, failures, revenue by product and the queue. */
export function FigureCards({ report }: { report: UsageReport }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const num = (value: number) => formatNumber(value, lang);
  const { transcriptions, revenue, queue } = report;
  const sales = (list: ProductRevenue[], label: (product: string) => string): [string, string][] =>
    list.map((row) => [
      label(row.product),
      `${formatUsd(row.amountCents, lang)} · ${t("admin.figures.sales", { count: row.count })}`,
    ]);

  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-5">
        <Stat label={t("admin.figures.signups")} value={num(report.signups)} />
        <Stat label={t("admin.figures.activeUsers")} value={num(report.activeUsers)} />
        <Stat
          label={t("admin.figures.transcriptions")}
          value={num(transcriptions.completed)}
          note={t("admin.figures.failedCancelled", {
            failed: num(transcriptions.failed),
            cancelled: num(transcriptions.cancelled),
          })}
        />
        <Stat
          label={t("admin.figures.minutesProcessed")}
          value={formatNumber(report.minutesProcessed, lang, 1)}
        />
        <Stat label={t("admin.figures.revenue")} value={formatUsd(revenue.totalCents, lang)} />
      </dl>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
        <Card className="p-4 sm:p-5">
          <CardTitle as="h3" className="text-base">
            {t("admin.figures.failuresByCode")}
          </CardTitle>
          <div className="mt-2">
            <Rows
              rows={transcriptions.failuresByCode.map((row) => [row.code, num(row.count)])}
              empty={t("admin.figures.noFailures")}
            />
          </div>
        </Card>
        <Card className="space-y-3 p-4 sm:p-5">
          <CardTitle as="h3" className="text-base">
            {t("admin.figures.revenue")}
          </CardTitle>
          <Rows
            title={t("admin.figures.revenueByPlan")}
            rows={sales(revenue.byPlan, (product) =>
              t(`billing.plans.${product}`, { defaultValue: product }),
            )}
            empty={t("admin.figures.noSales")}
          />
          <Rows
            title={t("admin.figures.revenueByPack")}
            rows={sales(revenue.byPack, (size) => t("admin.figures.packLabel", { size }))}
            empty={t("admin.figures.noSales")}
          />
        </Card>
        <Card className="p-4 sm:p-5">
          <CardTitle as="h3" className="text-base">
            {t("admin.figures.queue")}
          </CardTitle>
          <dl className="mt-2 divide-y divide-zinc-100 text-sm">
            {(
              [
                [t("admin.figures.queued"), num(queue.queued)],
                [t("admin.figures.processing"), num(queue.processing)],
                [
                  t("admin.figures.oldestQueued"),
                  queue.oldestQueuedAgeSeconds === null
                    ? t("admin.figures.none")
                    : t("admin.figures.seconds", { count: queue.oldestQueuedAgeSeconds }),
                ],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="flex justify-between gap-4 py-1.5">
                <dt className="text-zinc-700">{label}</dt>
                <dd className="font-medium text-zinc-900 tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        </Card>
      </div>
    </div>
  );
}

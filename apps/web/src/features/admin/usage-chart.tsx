import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Card, CardTitle } from "../../components/ui/card";
import { formatDay, formatNumber, formatUsd, type UsageDay } from "./usage";

const METRICS = ["transcriptions", "minutes", "signups", "revenue"] as const;
type Metric = (typeof METRICS)[number];

// Drawing area, in viewBox units; the SVG scales to its box (never below 560 px, then scrolls).
const W = 640;
const H = 240;
const PAD = { top: 12, right: 8, bottom: 28, left: 56 };
const PLOT_W = W - PAD.left - PAD.right;
const PLOT_H = H - PAD.top - PAD.bottom;

const valueOf = (day: UsageDay, metric: Metric): number =>
  metric === "revenue" ? day.revenueCents / 100 : day[metric];

/** The smallest 1, 2, 4, 6 or 8 × 10ⁿ at or above `value` (2 at least, so the middle tick stays whole). */
export function niceMax(value: number): number {
  if (value <= 2) return 2;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 4, 6, 8, 10].find((m) => m * power >= value) ?? 10;
  return step * power;
}

/** The 30-day series as an accessible SVG bar chart, one metric at a time, with a data table. */
export function UsageChart({ days }: { days: UsageDay[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [metric, setMetric] = useState<Metric>("transcriptions");
  const id = useId();
  const format = (value: number) =>
    metric === "revenue" ? formatUsd(Math.round(value * 100), lang) : formatNumber(value, lang, 1);
  const values = days.map((day) => valueOf(day, metric));
  const top = niceMax(Math.max(0, ...values));
  const band = PLOT_W / Math.max(days.length, 1);
  const y = (value: number) => PAD.top + PLOT_H - (value / top) * PLOT_H;
  const peak = values.reduce(
    (best, value, index) => (value > (values[best] ?? 0) ? index : best),
    0,
  );
  const first = days[0];
  const last = days[days.length - 1];
  const metricLabel = t(`admin.chart.metrics.${metric}`);
  const summary =
    first && last
      ? t("admin.chart.summary", {
          metric: metricLabel,
          from: formatDay(first.date, lang),
          to: formatDay(last.date, lang),
          total: format(values.reduce((sum, value) => sum + value, 0)),
          max: format(values[peak] ?? 0),
          maxDate: formatDay(days[peak]?.date ?? first.date, lang),
        })
      : t("admin.chart.empty");

  return (
    <Card className="p-4 sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <CardTitle>{t("admin.chart.title")}</CardTitle>
        <div role="group" aria-label={t("admin.chart.metric")} className="flex flex-wrap gap-1">
          {METRICS.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={metric === option}
              onClick={() => setMetric(option)}
              className={`rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 ${
                metric === option
                  ? "bg-blue-700 text-white"
                  : "bg-zinc-100 text-zinc-800 hover:bg-zinc-200"
              }`}
            >
              {t(`admin.chart.metrics.${option}`)}
            </button>
          ))}
        </div>
      </div>
      <p id={`${id}-summary`} className="mt-3 text-sm text-zinc-700">
        {summary}
      </p>
      {days.length > 0 && (
        <div
          className="mt-4 overflow-x-auto"
          tabIndex={0}
          role="region"
          aria-label={t("admin.chart.title")}
        >
          <svg
            viewBox={`0 0 ${W} ${H}`}
            className="h-auto w-full min-w-[560px]"
            role="img"
            aria-labelledby={`${id}-title`}
            aria-describedby={`${id}-summary`}
          >
            <title id={`${id}-title`}>{`${t("admin.chart.title")}: ${metricLabel}`}</title>
            {[0, top / 2, top].map((tick) => (
              <g key={tick} aria-hidden="true">
                <line x1={PAD.left} x2={W - PAD.right} y1={y(tick)} y2={y(tick)} stroke="#e4e4e7" />
                <text
                  x={PAD.left - 6}
                  y={y(tick) + 4}
                  textAnchor="end"
                  fontSize="12"
                  fill="#52525b"
                >
                  {format(tick)}
                </text>
              </g>
            ))}
            {days.map((day, index) => {
              const value = values[index] ?? 0;
              const x = PAD.left + index * band + band * 0.15;
              return (
                <g key={day.date}>
                  <rect
                    x={x}
                    y={y(value)}
                    width={band * 0.7}
                    height={Math.max(PAD.top + PLOT_H - y(value), 0)}
                    rx="2"
                    className="fill-blue-600"
                    data-testid="usage-bar"
                  >
                    <title>{`${formatDay(day.date, lang)}: ${format(value)}`}</title>
                  </rect>
                  {index % 5 === 0 && (
                    <text
                      x={x + band * 0.35}
                      y={H - 8}
                      textAnchor="middle"
                      fontSize="12"
                      fill="#52525b"
                      aria-hidden="true"
                    >
                      {formatDay(day.date, lang)}
                    </text>
                  )}
                </g>
              );
            })}
          </svg>
        </div>
      )}
      <table className="sr-only">
        <caption>{t("admin.chart.title")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("admin.chart.date")}</th>
            {METRICS.map((option) => (
              <th key={option} scope="col">
                {t(`admin.chart.metrics.${option}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{formatDay(day.date, lang)}</th>
              <td>{formatNumber(day.transcriptions, lang)}</td>
              <td>{formatNumber(day.minutes, lang, 1)}</td>
              <td>{formatNumber(day.signups, lang)}</td>
              <td>{formatUsd(day.revenueCents, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

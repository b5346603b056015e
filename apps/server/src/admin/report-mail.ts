import { escapeHtml, type RenderedMail } from "../mail/templates.js";
import type { Locale } from "../users/repo.js";
import type { ProductRevenue, UsageReport } from "./usage.js";

interface ReportCopy {
  subject: (day: string) => string;
  intro: (from: string, to: string) => string;
  signups: string;
  activeUsers: string;
  completed: string;
  failed: string;
  cancelled: string;
  failuresByCode: string;
  minutesProcessed: string;
  revenue: string;
  revenueByPlan: string;
  revenueByPack: string;
  packLabel: (product: string) => string;
  queued: string;
  processing: string;
  oldestQueued: string;
  parkedUploads: (sessions: number, users: number) => string;
  none: string;
  seconds: (n: number) => string;
  action: string;
}

const COPY: Readonly<Record<Locale, ReportCopy>> = {
  en: {
    subject: (day) => `Verbatim daily report for ${day}`,
    intro: (from, to) => `Usage from ${from} to ${to} (Hong Kong time).`,
    signups: "Sign-ups",
    activeUsers: "Active users",
    completed: "Transcriptions completed",
    failed: "Transcriptions failed",
    cancelled: "Transcriptions cancelled",
    failuresByCode: "Failures by error code",
    minutesProcessed: "Minutes processed",
    revenue: "Revenue",
    revenueByPlan: "Revenue by plan",
    revenueByPack: "Revenue by minute pack",
    packLabel: (product) => `${product} minutes`,
    queued: "Jobs queued now",
    processing: "Jobs processing now",
    oldestQueued: "Oldest queued job",
    parkedUploads: (sessions, users) =>
      `Unfinished uploads (${sessions} from ${users} user${users === 1 ? "" : "s"})`,
    none: "none",
    seconds: (n) => `${n} s`,
    action: "Open the admin dashboard",
  },
  "zh-HK": {
    subject: (day) => `Verbatim 每日報告（${day}）`,
    intro: (from, to) => `由 ${from} 至 ${to}（香港時間）的使用情況。`,
    signups: "新註冊",
    activeUsers: "活躍用戶",
    completed: "已完成轉錄",
    failed: "失敗轉錄",
    cancelled: "已取消轉錄",
    failuresByCode: "按錯誤代碼劃分的失敗",
    minutesProcessed: "已處理分鐘",
    revenue: "收入",
    revenueByPlan: "按計劃劃分的收入",
    revenueByPack: "按分鐘套票劃分的收入",
    packLabel: (product) => `${product} 分鐘`,
    queued: "目前排隊中的工作",
    processing: "目前處理中的工作",
    oldestQueued: "最久排隊的工作",
    parkedUploads: (sessions, users) => `未完成的上載（${users} 位用戶的 ${sessions} 個）`,
    none: "沒有",
    seconds: (n) => `${n} 秒`,
    action: "開啟管理控制台",
  },
};

/** US cents as dollars: 1350 → "$13.50". */
export function formatCents(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** The report's day: the Hong Kong date its period ends on (it is sent at 08:00 there). */
function reportDay(report: UsageReport): string {
  return hongKongTime(report.period.to).slice(0, 10);
}

/** An instant as Hong Kong wall-clock time, "2026-11-23 08:00". */
export function hongKongTime(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: "Asia/Hong_Kong",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** Label and value rows of the report, in order; nested lists are indented. */
function rows(report: UsageReport, copy: ReportCopy): [string, string, boolean][] {
  const { transcriptions, revenue, queue } = report;
  const sales = (list: ProductRevenue[], label: (product: string) => string) =>
    list.map((row): [string, string, boolean] => [
      label(row.product),
      `${formatCents(row.amountCents)} (${row.count})`,
      true,
    ]);
  return [
    [copy.signups, String(report.signups), false],
    [copy.activeUsers, String(report.activeUsers), false],
    [copy.completed, String(transcriptions.completed), false],
    [copy.failed, String(transcriptions.failed), false],
    ...transcriptions.failuresByCode.map((row): [string, string, boolean] => [
      row.code,
      String(row.count),
      true,
    ]),
    [copy.cancelled, String(transcriptions.cancelled), false],
    [copy.minutesProcessed, report.minutesProcessed.toFixed(1), false],
    [copy.revenue, formatCents(revenue.totalCents), false],
    ...(revenue.byPlan.length > 0
      ? [[copy.revenueByPlan, "", false] as [string, string, boolean]]
      : []),
    ...sales(revenue.byPlan, (product) => product),
    ...(revenue.byPack.length > 0
      ? [[copy.revenueByPack, "", false] as [string, string, boolean]]
      : []),
    ...sales(revenue.byPack, copy.packLabel),
    [copy.queued, String(queue.queued), false],
    [copy.processing, String(queue.processing), false],
    [
      copy.oldestQueued,
      queue.oldestQueuedAgeSeconds === null
        ? copy.none
        : copy.seconds(queue.oldestQueuedAgeSeconds),
      false,
    ],
    [
      copy.parkedUploads(report.parkedUploads.sessions, report.parkedUploads.users),
      `${(report.parkedUploads.bytes / (1024 * 1024)).toFixed(1)} MB`,
      false,
    ],
  ];
}

/** The daily report e-mail, as plain text and a simple HTML table. */
export function renderDailyReport(
  report: UsageReport,
  locale: Locale,
  publicUrl: string,
): RenderedMail {
  const copy = COPY[locale];
  const link = `${publicUrl}/admin`;
  // The window in the time the report is scheduled in, so the dates agree with the subject's.
  const intro = copy.intro(hongKongTime(report.period.from), hongKongTime(report.period.to));
  const lines = rows(report, copy);
  const text = [
    intro,
    "",
    ...lines.map(([label, value, nested]) =>
      value === "" ? `${label}:` : `${nested ? "  - " : ""}${label}: ${value}`,
    ),
    "",
    `${copy.action}: ${link}`,
    "",
    "Verbatim",
  ].join("\n");
  const cell = "padding:4px 12px;border-bottom:1px solid #eee";
  const html = [
    `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;line-height:1.5">`,
    `<p>${escapeHtml(intro)}</p>`,
    `<table style="border-collapse:collapse">`,
    ...lines.map(
      ([label, value, nested]) =>
        `<tr><td style="${cell}${nested ? ";padding-left:28px;color:#555" : ""}">${escapeHtml(label)}</td><td style="${cell};text-align:right">${escapeHtml(value)}</td></tr>`,
    ),
    `</table>`,
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(copy.action)}</a></p>`,
    `</body></html>`,
  ].join("\n");
  return { subject: copy.subject(reportDay(report)), text, html };
}
